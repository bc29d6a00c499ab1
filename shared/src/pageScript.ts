/**
 * `@loyalty/shared/page-script`: the framework-free part of shared that the public pages' scripts
 * (remote-landing/src/exposed/public-pages/, docs/decisions/063-public-pages-written-once.md) import. Nothing
 * here imports React, the store, the router or styled-components, so a script carries only these modules and
 * the rules stay one copy: the app imports the same files through the package's entries.
 */
export {
  DEFAULT_BRAND_NAME,
  LOGIN_LOCKOUT_MS,
  LOGIN_MAX_FAILED_ATTEMPTS,
  REQUEST_TIMEOUT_MS,
  TOKEN_STORAGE_KEY,
} from './constants';
export { MESSAGES } from './messages';
export { CONNECTION_MESSAGES, STALLED_AFTER_MS } from './api/connection';
export { DASHBOARD_PATH, safeRedirectPath } from './auth/safeRedirect';
export { loginFailureOutcome, type LoginOutcome } from './session/loginOutcome';
export { errorMessage } from './notifications/errorMessage';
export { formatPhone, looksLikePhone, PHONE_INVALID } from './format/phone';
// The customer's page (decision 049): balances, ledger amounts and dates written as every screen writes them.
export { formatPoints, formatPointsChange } from './format/numbers';
export { formatDate, formatDateTime } from './format/dates';
// The public pages' forms, the same schemas the rest of the product uses (with only the part of `zod/mini`
// they need), and their messages.
export { FORM_MESSAGES } from './forms/messages';
export { loginForm, signupForm, SIGNUP_MARKETING_CHANNELS } from './forms/publicForms';
export type { FormInput, FormOutput } from './forms/zod';
export { CARD_HEIGHT, CARD_WIDTH } from './cards/cardLayout';
export { addPointsLink, loyaltyCardFileName, loyaltyCardPrintFileName } from './cards/links';
export { drawLoyaltyCard, downloadCanvasPng, PRINT_CARD_SIZE, PRINT_DPI } from './cards/drawLoyaltyCard';
export { stampsDescription, type CardStamps } from './cards/stampsRow';
// Types only (erased from the script): the API's request and answer types (decision 033).
export type { ApiBody, ApiRequestBody, ApiSchema } from './api/types';
