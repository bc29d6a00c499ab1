// '@loyalty/shared/testing': helpers for every package's Jest tests. Never imported by app code,
// so none of this (node:http, testing-library) ends up in a bundle.
export { renderWithProviders, type RenderWithProvidersOptions } from './renderWithProviders';
export {
  startTestApiServer,
  type TestApiServer,
  type TestApiRoutes,
  type TestApiReply,
  type RecordedRequest,
} from './testApiServer';
export {
  API,
  DEMO_ADMIN,
  DEMO_SUPERADMIN,
  LocationProbe,
  callApi,
  configureTestRuntime,
  createAdminWithBusiness,
  currentLocation,
  logIn,
  signUpCard,
  unique,
  unreachableApiBaseUrl,
  type Account,
} from './realApi';
