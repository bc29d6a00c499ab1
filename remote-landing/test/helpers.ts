/** Helpers for the remote's tests, which run against the real API (tools/jest/real-api.js). */
export { API, DASHBOARD_BASE_URL, DEMO_ADMIN, SUPPORT, configureTestRuntime, unreachableApiBaseUrl } from '@loyalty/shared/testing';
