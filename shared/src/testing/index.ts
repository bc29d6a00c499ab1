// '@loyalty/shared/testing': helpers for every package's Jest tests. Never imported by app code,
// so none of this (node:http, testing-library) ends up in a bundle.
export { renderWithProviders, type RenderWithProvidersOptions } from './renderWithProviders';
export { ADMIN_USER } from './fixtures';
export {
  startTestApiServer,
  type TestApiServer,
  type TestApiRoutes,
  type TestApiReply,
  type RecordedRequest,
} from './testApiServer';
export {
  API,
  DASHBOARD_BASE_URL,
  SUPPORT,
  DEMO_ADMIN,
  DEMO_SUPERADMIN,
  LocationProbe,
  callApi,
  configureTestRuntime,
  createAdminWithBusiness,
  currentLocation,
  logIn,
  renderSignedIn,
  signUpCard,
  unique,
  unreachableApiBaseUrl,
  type Account,
  type RenderSignedInOptions,
} from './realApi';
