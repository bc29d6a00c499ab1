/**
 * Google Wallet (decision 041). A loyalty class per business and a loyalty object per card, as the
 * Google Wallet REST API takes them; Google's save URL (a JWT signed RS256 with the service account's key,
 * `typ: savetowallet`, class and object inline, as Google's samples make it), which the API's short link
 * `/api/wallet/google/save/<token>` redirects to (decision 044); and the REST calls,
 * authorised by an OAuth access token asked of the key's `token_uri` with a signed JWT assertion (RFC 7523,
 * Google's service-account flow). `jose` signs both JWTs.
 *
 * Secrets: the private key and the access token stay in this module; errors carry the HTTP status and Google's
 * short error text only.
 */
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { formatPointsIt, unitWord } from '../../messages';
import { addPointsLink } from '../cards/qrcode';
import type { GoogleWalletConfig } from '../../config/wallet';
import type { GoogleObjectContent } from './google-repository';
import { parseHexColor } from './images';

/** Where the saved link goes: Google's save page, the JWT appended. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** The OAuth scope of the Wallet API. */
export const GOOGLE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
/** The dashboard's dark blue (DESIGN.md), for shops without a brand colour. */
export const DEFAULT_BACKGROUND = '#1e3a8a';

export const classIdOf = (issuerId: string, businessId: string) => `${issuerId}.business-${businessId.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/** Where the API makes a card's links: the public URL (PUBLIC_URL, else DASHBOARD_BASE_URL, no trailing slash) and the dashboard's. */
export interface GoogleLinkBase {
  publicUrl: string;
  dashboardBaseUrl: string;
}

/** The shop's colour, or the dashboard's blue ('#rrggbb', lower case). */
const colorOf = (content: Pick<GoogleObjectContent, 'brand_color'>) =>
  (content.brand_color && parseHexColor(content.brand_color) ? content.brand_color : DEFAULT_BACKGROUND).toLowerCase();

/** The class's logo, served by the API (`GET /api/wallet/logo/<rrggbb>.png`, decision 044): one URL per colour. */
export const logoUrl = (publicUrl: string, color: string) => `${publicUrl}/api/wallet/logo/${color.slice(1)}.png`;

export function loyaltyClass(issuerId: string, content: GoogleObjectContent, publicUrl: string) {
  const color = colorOf(content);
  return {
    id: classIdOf(issuerId, content.business_id),
    issuerName: content.business_name,
    programName: content.business_name,
    // Required by Google for a loyalty class; Google fetches and hosts it.
    programLogo: {
      sourceUri: { uri: logoUrl(publicUrl, color) },
      contentDescription: { defaultValue: { language: 'it-IT', value: content.business_name } },
    },
    hexBackgroundColor: color,
    accountIdLabel: 'Carta n.',
    accountNameLabel: 'Cliente',
    // As Google's samples: a new or changed class asks for review (approval is automatic for most fields).
    reviewStatus: 'UNDER_REVIEW',
  };
}

/**
 * The balance as Google's LoyaltyPointsBalance takes it (decision 072): `int` is a 32-bit integer, so a whole
 * balance goes as `int` and any other (27.5) as the Italian text the dashboard writes, «27,5 punti».
 */
export function loyaltyBalance(points: number, mode: GoogleObjectContent['loyalty_mode']): { int: number } | { string: string } {
  return Number.isInteger(points) && Math.abs(points) < 2 ** 31 ? { int: points } : { string: `${formatPointsIt(points)} ${unitWord(mode)}` };
}

export function loyaltyObject(issuerId: string, content: GoogleObjectContent, dashboardBaseUrl: string) {
  const unit = unitWord(content.loyalty_mode);
  return {
    id: content.object_id,
    classId: classIdOf(issuerId, content.business_id),
    state: 'ACTIVE',
    accountName: content.customer_name,
    accountId: content.card_number,
    loyaltyPoints: { label: unit === 'timbri' ? 'Timbri' : 'Punti', balance: loyaltyBalance(Number(content.points), content.loyalty_mode) },
    // The same QR as the card image and the Apple pass.
    barcode: { type: 'QR_CODE', value: addPointsLink(dashboardBaseUrl, content.card_id, content.user_id ?? ''), alternateText: content.card_number },
    textModulesData: content.next_reward
      ? [{ id: 'next_reward', header: 'Prossimo premio', body: `${content.next_reward.name} a ${formatPointsIt(content.next_reward.cost)} ${unit}` }]
      : [],
  };
}

/** The service account's key, parsed once per configuration. */
const privateKeys = new WeakMap<GoogleWalletConfig, crypto.KeyObject>();
function privateKeyOf(config: GoogleWalletConfig): crypto.KeyObject {
  let key = privateKeys.get(config);
  if (!key) {
    key = crypto.createPrivateKey(config.serviceAccount.private_key);
    privateKeys.set(config, key);
  }
  return key;
}

/**
 * Google's save URL of an object with its current content (its class inline too, so it works before any sync).
 * Made on each visit of the short link; the JWT's `origins` is the public URL's origin.
 */
export async function saveLink(config: GoogleWalletConfig, content: GoogleObjectContent, { publicUrl, dashboardBaseUrl }: GoogleLinkBase): Promise<string> {
  const key = privateKeyOf(config);
  const jwt = await new SignJWT({
    origins: [new URL(publicUrl).origin],
    typ: 'savetowallet',
    payload: {
      loyaltyClasses: [loyaltyClass(config.issuerId, content, publicUrl)],
      loyaltyObjects: [loyaltyObject(config.issuerId, content, dashboardBaseUrl)],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(config.serviceAccount.private_key_id ? { kid: config.serviceAccount.private_key_id } : {}) })
    .setIssuer(config.serviceAccount.client_email)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}

export type GoogleFailure = { ok: false; status: number | null; reason: string; permanent: boolean };
export type GoogleOutcome = { ok: true } | GoogleFailure;

export interface GoogleApi {
  /** Inserts the class unless Google has it (then updates its name and colour). */
  ensureClass(body: ReturnType<typeof loyaltyClass>): Promise<GoogleOutcome>;
  /** Inserts the object, or updates it (first time: insert, 409 → update). Updates ask Google to notify the holder. */
  putObject(body: ReturnType<typeof loyaltyObject>, inserted: boolean): Promise<GoogleOutcome>;
}

interface Answer {
  status: number;
  body: unknown;
}

/** Google's short error text of an answer (never the request, never a header). */
function errorText(answer: Answer): string {
  const body = answer.body as { error?: { message?: unknown } | string; error_description?: unknown } | null;
  const text = typeof body?.error === 'string' ? `${body.error}${typeof body.error_description === 'string' ? `: ${body.error_description}` : ''}` : body?.error?.message;
  return typeof text === 'string' ? text.slice(0, 300) : 'no reason';
}

const failure = (what: string, answer: Answer): GoogleFailure => ({
  ok: false,
  status: answer.status,
  reason: `${what} ${answer.status}: ${errorText(answer)}`,
  // A request Google will never take as it is (400 bad content, 403 not the issuer's): no retry helps.
  permanent: answer.status === 400 || answer.status === 403,
});

export function createGoogleApi(config: GoogleWalletConfig, timeoutMs = 10_000): GoogleApi {
  let token: { value: string; expiresAt: number } | null = null;
  const key = privateKeyOf(config);

  async function call(method: string, url: string, init: { body?: string; headers?: Record<string, string> }): Promise<Answer> {
    const response = await fetch(url, { method, body: init.body, headers: init.headers, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null; // not JSON (a proxy's page): the status says enough
    }
    return { status: response.status, body };
  }

  /** An access token of the service account, kept until a minute before it expires. */
  let pending: Promise<string | GoogleOutcome> | null = null;
  function accessToken(): Promise<string | GoogleOutcome> {
    if (token && token.expiresAt > Date.now() + 60_000) return Promise.resolve(token.value);
    // Syncs running side by side share one token request.
    pending ??= newToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function newToken(): Promise<string | GoogleOutcome> {
    const { client_email: email, token_uri: tokenUri } = config.serviceAccount;
    const assertion = await new SignJWT({ scope: GOOGLE_WALLET_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(config.serviceAccount.private_key_id ? { kid: config.serviceAccount.private_key_id } : {}) })
      .setIssuer(email)
      .setAudience(tokenUri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const answer = await call('POST', tokenUri, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    });
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (answer.status !== 200 || typeof body?.access_token !== 'string') return { ...failure('OAuth token', answer), permanent: false };
    token = { value: body.access_token, expiresAt: Date.now() + (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000 };
    return token.value;
  }

  async function api(method: string, path: string, body?: unknown): Promise<Answer | GoogleOutcome> {
    let bearer: string | GoogleOutcome;
    try {
      bearer = await accessToken();
    } catch (error) {
      return { ok: false, status: null, reason: `OAuth token: ${(error as Error).message}`, permanent: false };
    }
    if (typeof bearer !== 'string') return bearer;
    try {
      const answer = await call(method, `${config.apiUrl}${path}`, {
        headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (answer.status === 401) token = null; // expired or revoked: the next try asks for a new one
      return answer;
    } catch (error) {
      return { ok: false, status: null, reason: `Google Wallet: ${(error as Error).message}`, permanent: false };
    }
  }
  const isAnswer = (value: Answer | GoogleOutcome): value is Answer => 'body' in value;
  const ok = (status: number) => status >= 200 && status < 300;

  return {
    async ensureClass(body) {
      const inserted = await api('POST', '/loyaltyClass', body);
      if (!isAnswer(inserted)) return inserted;
      if (ok(inserted.status)) return { ok: true };
      if (inserted.status !== 409) return failure('loyaltyClass insert', inserted);
      const { id, ...fields } = body;
      const patched = await api('PATCH', `/loyaltyClass/${encodeURIComponent(id)}`, fields);
      if (!isAnswer(patched)) return patched;
      return ok(patched.status) ? { ok: true } : failure('loyaltyClass patch', patched);
    },
    async putObject(body, inserted) {
      if (!inserted) {
        const made = await api('POST', '/loyaltyObject', body);
        if (!isAnswer(made)) return made;
        if (ok(made.status)) return { ok: true };
        if (made.status !== 409) return failure('loyaltyObject insert', made);
      }
      // The holder gets a notification of the new balance (Google allows a few a day per pass).
      const updated = await api('PUT', `/loyaltyObject/${encodeURIComponent(body.id)}`, { ...body, notifyPreference: 'NOTIFY_ON_UPDATE' });
      if (!isAnswer(updated)) return updated;
      return ok(updated.status) ? { ok: true } : failure('loyaltyObject update', updated);
    },
  };
}
