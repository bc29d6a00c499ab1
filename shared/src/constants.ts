/** Business constants and limits, named once for every part. */

/** Every API call is aborted after this long. */
export const REQUEST_TIMEOUT_MS = 90_000;
/** localStorage key of the session token. */
export const TOKEN_STORAGE_KEY = 'token';
/** Success notifications disappear after this long. */
export const NOTIFICATION_TIMEOUT_MS = 3_000;
/** Error notifications disappear after this long: long enough to read twice, never left to pile up. */
export const ERROR_NOTIFICATION_TIMEOUT_MS = 8_000;
/** At most this many notifications on screen: a new one pushes out the oldest. */
export const MAX_NOTIFICATIONS = 3;

/** The product's name where the run-time configuration names none (BRAND_NAME sets it: tools/src/runtime-config.ts). */
export const DEFAULT_BRAND_NAME = 'Appo';

export const LOGIN_MAX_FAILED_ATTEMPTS = 3;
export const LOGIN_LOCKOUT_MS = 5 * 60_000;

/** The demo seed's first business; the business switcher prefers it when present. */
export const DEFAULT_BUSINESS_ID = 'default-business-id';

export const DEFAULT_BONUS_THRESHOLD = 1_000;
export const DEFAULT_QR_POINTS = 50;
export const PASSWORD_MIN_LENGTH = 8;
