import sharedPackage from '../../package.json';
import * as shared from '../index';

it('loads as one module and exposes the pieces every remote relies on', () => {
  expect(shared.SHARED_VERSION).toBe(sharedPackage.version);
  expect(shared.api.reducerPath).toBe('api');
  expect(Object.keys(shared.createAppStore().getState())).toEqual([
    'api',
    'session',
    'currentBusiness',
    'notifications',
  ]);
  for (const name of [
    'useAuth',
    'useCurrentBusiness',
    'useNotify',
    'Notifications',
    'loadRuntimeConfig',
    'setOnUnauthorized',
    'mountStandalone',
    'hasPermission',
    'Modal',
    'Tabs',
    'Button',
    'GlobalStyle',
    'formatPoints',
    'formatAveragePoints',
    'formatCount',
    'formatEuro',
    'formatDate',
    'formatDateTime',
    'formatPhone',
    'looksLikePhone',
    'PHONE_INVALID',
    'TestModeBanner',
    'sendSucceeded',
    'heldUntilText',
  ] as const) {
    expect(shared[name]).toBeDefined();
  }
});

it('keeps test helpers out of the bundle entry', () => {
  expect(shared).not.toHaveProperty('renderWithProviders');
  expect(shared).not.toHaveProperty('startTestApiServer');
});
