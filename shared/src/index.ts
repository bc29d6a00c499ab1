// @loyalty/shared: the one entry point, shared as a federation singleton.
// Test helpers live in '@loyalty/shared/testing' so they never reach a bundle.

export { SHARED_VERSION } from './version';

// The router, one instance for the shell and every remote. It lives inside this singleton instead of
// being a federated singleton of its own, so each build keeps only the part of react-router we use
// (~14 KB compressed instead of ~60 KB): docs/decisions/016-router-inside-shared.md. Apps import it from
// here; the lint forbids importing react-router anywhere else.
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useRoutes,
  useSearchParams,
  type RouteObject,
} from 'react-router';
export * from './constants';
export {
  MESSAGES,
  channelDisabledMessage,
  serviceToggledMessage,
  connectionTestSucceededMessage,
  businessSelectedMessage,
  type MessagingChannelLabel,
} from './messages';
export type * from './domain/types';
// The API's types from its OpenAPI document (decision 033): `ApiSchema<'Campaign'>`, `ApiBody<path, method>`…
export type { ApiSchema, ApiBody, ApiRequestBody, ApiQuery, ApiPath, ApiMethod, MaybeAbsent } from './api/types';

// Numbers, prices, dates and phone numbers the Italian way, one style on every screen
// (docs/decisions/020-italian-formatting.md).
export * from './format';

export {
  loadRuntimeConfig,
  getRuntimeConfig,
  setRuntimeConfig,
  RUNTIME_CONFIG_URL,
  type RuntimeConfig,
} from './config/runtimeConfig';

export {
  type RemoteName,
  type ExposedModule,
  type RemoteMeta,
  type RemoteRouteModule,
} from './federation/contract';

export { apiUrl } from './api/baseQuery';
export { setOnUnauthorized } from './api/unauthorized';
// 2.11.0: honest under trouble (decision 083): a late request's «Riprova», a change never lost without a word, the
// banner of a lost connection.
export { CONNECTION_MESSAGES, STALLED_AFTER_MS, retryStalled, getConnectionState, type ConnectionState } from './api/connection';
export { newIdempotencyKey } from './api/idempotencyKey';
// 2.13.0: `statusOf`, an RTK Query error's HTTP status, for the remotes that tell a refusal from another.
export { useChange, answerLost, statusOf, type ChangeOutcome } from './api/useChange';
export {
  api,
  LIST_TAG_ID,
  useChangePasswordMutation,
  useGetBusinessesQuery,
  useGetPublicBusinessQuery,
  useCreateBusinessMutation,
  useGetCardsPageQuery,
} from './api/apiSlice';
export * from './cardList';

export {
  checkSession,
  login,
  logout,
  selectCurrentUser,
} from './session/sessionSlice';
export { useAuth, type Auth } from './session/useAuth';

export {
  businessSelected,
  selectCurrentBusinessId,
} from './business/currentBusinessSlice';
export { useCurrentBusiness } from './business/useCurrentBusiness';
export { useSessionEndWatch, readUntilEnded, SESSION_WATCH_DELAY_MS } from './session/sessionEndWatch';
export { EARLY_RESPONSES_KEY, EARLY_RESPONSE_TTL_MS } from './api/earlyResponses';
export { readRememberedBusiness, rememberBusiness, rememberedBusinessKey, useRememberedBusiness } from './business/rememberedBusiness';
export { NoBusinessState, CREATE_BUSINESS_PATH, CREATE_FIRST_BUSINESS } from './business/NoBusinessState';

export {
  notify,
} from './notifications/notificationsSlice';
export { useNotify } from './notifications/useNotify';
export { errorMessage } from './notifications/errorMessage';
// 2.10.0: a settings form's save, its notice and its refusal, written once for the rewards' and automations' forms.
export { useSaveSettings } from './notifications/useSaveSettings';
export { Notifications } from './notifications/Notifications';

export {
  createAppStore,
  type RootState,
  type AppStore,
} from './store/createAppStore';
export { useAppDispatch, useAppSelector } from './store/hooks';

export {
  ROLE_LABELS,
  isAdmin,
  isSuperAdmin,
  isStaff,
  hasPermission,
  type Permission,
} from './auth/permissions';
export { DASHBOARD_PATH, loginPathFor, safeRedirectPath } from './auth/safeRedirect';

export * from './ui';

// Loyalty-card image and QR drawing (card signup, admin QR downloads and posters).
export * from './cards';

export { mountStandalone } from './standalone/mountStandalone';
export { renderApp } from './standalone/renderApp';

// 2.2.0: send answers, test/live mode and its banner.
export {
  sendSucceeded,
  type SendOutcome,
} from './messaging/sendOutcome';
export { TestModeBanner } from './messaging/TestModeBanner';
// 3.3.0: what a send the sending window holds says (decision 100), for the campaigns' and Easy SMS's screens.
export { heldUntilText } from './messaging/heldUntil';

// Which wallets the API has configured (cards remote's "Invia link wallet", admin's settings).
export { anyWalletConfigured, useGetWalletStatusQuery, WALLETS, walletStatusApi, type WalletName, type WalletStatus } from './wallet/walletStatus';

// Types no app names but TypeScript writes into the declarations of the apps' API slices and test helpers
// (the store's state, the base query): they stay exported so those declarations can name them.
export type { ApiBaseQuery } from './api/baseQuery';
export type { CurrentBusinessState } from './business/currentBusinessSlice';
export type { NotificationsState } from './notifications/notificationsSlice';
export type { SessionState } from './session/sessionSlice';
