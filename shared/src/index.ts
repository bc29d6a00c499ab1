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
  useSearchParams,
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

// Numbers, prices, dates and phone numbers the Italian way, one style on every screen
// (docs/decisions/020-italian-formatting.md).
export * from './format';

export {
  loadRuntimeConfig,
  getRuntimeConfig,
  setRuntimeConfig,
  parseRuntimeConfig,
  RUNTIME_CONFIG_URL,
  type RuntimeConfig,
} from './config/runtimeConfig';

export {
  REMOTE_NAMES,
  REMOTE_EXPOSES,
  SHELL_NAME,
  remoteModuleId,
  type RemoteName,
  type FederationName,
  type ExposedModule,
  type RemoteModuleId,
  type RemoteMeta,
  type RemoteRouteModule,
} from './federation/contract';

export { baseQuery, apiUrl, type ApiBaseQuery } from './api/baseQuery';
export { setOnUnauthorized } from './api/unauthorized';
export {
  api,
  API_TAG_TYPES,
  LIST_TAG_ID,
  useLoginMutation,
  useGetMeQuery,
  useChangePasswordMutation,
  useGetBusinessesQuery,
  useGetPublicBusinessQuery,
  useCreateBusinessMutation,
  useGetBusinessCardsQuery,
  useGetCardsPageQuery,
} from './api/apiSlice';
export * from './cardList';

export { sessionCleared } from './session/sessionEvents';
export {
  sessionSlice,
  checkSession,
  login,
  logout,
  selectCurrentUser,
  selectSessionLoading,
  selectSessionChecked,
  type SessionState,
  type LoginFailure,
} from './session/sessionSlice';
export { useAuth, type Auth } from './session/useAuth';
export type { LoginOutcome } from './session/loginOutcome';

export {
  currentBusinessSlice,
  businessSelected,
  businessesLoaded,
  chooseBusinessId,
  selectCurrentBusinessId,
  type CurrentBusinessState,
} from './business/currentBusinessSlice';
export { useCurrentBusiness } from './business/useCurrentBusiness';
export { NoBusinessState, CREATE_BUSINESS_PATH, CREATE_FIRST_BUSINESS } from './business/NoBusinessState';

export {
  notificationsSlice,
  notificationShown,
  notificationDismissed,
  notify,
  selectNotifications,
  type Notification,
  type NotificationKind,
  type NotificationsState,
} from './notifications/notificationsSlice';
export { useNotify, type Notify } from './notifications/useNotify';
export { errorMessage } from './notifications/errorMessage';
export { Notifications } from './notifications/Notifications';

export {
  rootReducer,
  createAppStore,
  type RootState,
  type AppStore,
  type AppDispatch,
  type LazyLoadedSlices,
} from './store/createAppStore';
export { useAppDispatch, useAppSelector, useAppStore } from './store/hooks';

export {
  ROLES,
  ROLE_LABELS,
  isAdmin,
  isSuperAdmin,
  hasPermission,
  type Permission,
} from './auth/permissions';

export * from './ui';

// Loyalty-card image and QR drawing (card signup, admin QR downloads and posters).
export * from './cards';

export { mountStandalone, type StandaloneRoute } from './standalone/mountStandalone';

// Issue 17 (2.2.0): send answers, test/live mode and its banner.
export {
  messagingStatusApi,
  useGetMessagingStatusQuery,
  sendSucceeded,
  OUTBOX_PATH,
  TEST_MODE_TEXT,
  type DeliveryMode,
  type MessagingStatus,
  type SendOutcome,
  type SkippedByReason,
} from './messaging/sendOutcome';
export { TestModeBanner } from './messaging/TestModeBanner';
