// '@loyalty/shared/testing': helpers for every package's Jest tests. Never imported by app code,
// so none of this (node:http, testing-library) ends up in a bundle. Each module's exports are all public
// here: a helper added to one is usable at once, with no list to keep in step.
export * from './renderWithProviders';
export * from './fixtures';
export * from './testApiServer';
export * from './realApi';
// The watcher's verdicts, for a test that puts the app in a lost connection without a server to stop.
export { markConnectionLost, markConnectionOk } from '../api/connection';
