/**
 * The wallets' configuration, a section of the one environment schema (index.ts), read once at start. Apple Wallet is
 * configured when every WALLET_APPLE_* variable of a pass is set, Google Wallet when WALLET_GOOGLE_ISSUER_ID
 * and WALLET_GOOGLE_SERVICE_ACCOUNT are; none set: no such wallet, nothing breaks.
 * Half a configuration, an unreadable file or a PEM that does not parse stops the start naming the variable.
 * The certificates and the key are read here and kept in memory only: never logged, never answered.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEV_CA_NAME, DEV_GOOGLE_CLIENT_EMAIL, DEV_GOOGLE_ISSUER_ID, DEV_PASS_TYPE_ID } from '../wallet/dev-identity';
import { ConfigError, parseOrThrow, presentVariables } from './errors';

/** Apple's production APNs host; the sandbox is api.sandbox.push.apple.com. */
export const DEFAULT_APNS_HOST = 'api.push.apple.com';

export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  /** The pass certificate (PEM), also the TLS client certificate of the APNs pushes. */
  cert: string;
  key: string;
  keyPassphrase?: string;
  /** Apple's WWDR intermediate certificate (PEM). */
  wwdr: string;
  /** APNs origin, e.g. https://api.push.apple.com (a bare host means https on port 443). */
  apnsOrigin: string;
}

/** Google's Wallet REST API (the default of WALLET_GOOGLE_API_URL). */
export const DEFAULT_GOOGLE_API_URL = 'https://walletobjects.googleapis.com/walletobjects/v1';

/** The fields of a service account's JSON key the wallet uses (the file Google's console downloads). */
export interface GoogleServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  /** Where the OAuth token is asked for (Google's, or a local stand-in's in tests). */
  token_uri: string;
}

export interface GoogleWalletConfig {
  /** The issuer id of the Google Pay & Wallet console (digits). */
  issuerId: string;
  serviceAccount: GoogleServiceAccount;
  /** Base URL of the REST API, no trailing slash (default Google's; tests: a local stand-in). */
  apiUrl: string;
}

export interface WalletConfig {
  apple: AppleWalletConfig | null;
  /** Google Wallet; left out or null, no Google links. */
  google?: GoogleWalletConfig | null;
  /**
   * Apple passes served from an http public address, allowed in development only (`checkWalletPublicUrl`): the
   * warning printed at start and shown by `/api/wallet/status`; null or left out otherwise.
   */
  publicUrlWarning?: string | null;
}

export const WALLET_PUBLIC_URL_MESSAGES = {
  refused: (origin: string) =>
    `Apple Wallet è configurato ma l'indirizzo pubblico dei pass (PUBLIC_URL, altrimenti DASHBOARD_BASE_URL) è ${origin}, in http: ` +
    "gli iPhone non aggiornano un pass il cui webServiceURL non è https. Imposta un indirizzo https:// (o togli le variabili WALLET_APPLE_*).",
  warning: (origin: string) =>
    `Attenzione: i pass Apple Wallet puntano a ${origin}, in http (ammesso solo in sviluppo): gli iPhone non li aggiornano. ` +
    'In produzione serve un indirizzo https:// (PUBLIC_URL o DASHBOARD_BASE_URL).',
} as const;

/**
 * Apple Wallet updates a pass only from an https webServiceURL (decision 072). With Apple passes configured, an
 * http public address (`publicOrigin`: PUBLIC_URL, else DASHBOARD_BASE_URL) stops the start with an Italian
 * message (a ConfigError), except in development, where it is allowed and the warning returned.
 */
export function checkWalletPublicUrl(wallet: WalletConfig, publicOrigin: string, development: boolean): string | null {
  if (!wallet.apple || new URL(publicOrigin).protocol !== 'http:') return null;
  const origin = new URL(publicOrigin).origin;
  if (!development) throw new ConfigError([WALLET_PUBLIC_URL_MESSAGES.refused(origin)]);
  return WALLET_PUBLIC_URL_MESSAGES.warning(origin);
}

export const APPLE_VARIABLES = ['WALLET_APPLE_PASS_TYPE_ID', 'WALLET_APPLE_TEAM_ID', 'WALLET_APPLE_CERT', 'WALLET_APPLE_KEY', 'WALLET_APPLE_WWDR'] as const;

/** Google Wallet's required variables (WALLET_GOOGLE_API_URL is optional). */
export const GOOGLE_VARIABLES = ['WALLET_GOOGLE_ISSUER_ID', 'WALLET_GOOGLE_SERVICE_ACCOUNT'] as const;

/** The WALLET_* variables as the schema hands them to the checks. */
type WalletVariables = Partial<Record<(typeof APPLE_VARIABLES)[number] | (typeof GOOGLE_VARIABLES)[number] | 'WALLET_GOOGLE_API_URL' | 'WALLET_APPLE_KEY_PASSPHRASE' | 'WALLET_APNS_HOST', string>>;

export interface OneWalletStatus {
  configured: boolean;
  /** Configured with the certificates of `npm run wallet:dev-certs`: phones do not accept its passes. */
  development: boolean;
  missing: string[];
}

export interface WalletStatus {
  apple: OneWalletStatus & { warning: string | null };
  google: OneWalletStatus;
}

/** Whether a PEM certificate was issued by the development CA of `npm run wallet:dev-certs`. */
function issuedByDevCa(pem: string): boolean {
  try {
    return new crypto.X509Certificate(pem).issuer.split('\n').includes(`CN=${DEV_CA_NAME}`);
  } catch {
    return false;
  }
}

/** Apple Wallet set up with the development certificates: the dev pass type id, or a WWDR the dev CA issued. */
export function isDevelopmentApple(config: AppleWalletConfig): boolean {
  return config.passTypeId === DEV_PASS_TYPE_ID || issuedByDevCa(config.wwdr);
}

/** Google Wallet set up with the development key: the dev issuer id, or the dev service account. */
export function isDevelopmentGoogle(config: GoogleWalletConfig): boolean {
  return config.issuerId === DEV_GOOGLE_ISSUER_ID || config.serviceAccount.client_email === DEV_GOOGLE_CLIENT_EMAIL;
}

/**
 * What the settings screen shows. A half configuration stops the start (parseWalletEnv), so a running API
 * has each wallet either complete (nothing missing) or not configured at all (all its variables missing).
 * The variables' names are for the super admin, who configures the platform: a shop's admin gets `missing: []`
 * (its screen says to ask the platform's administrator).
 */
export function walletStatus(config: WalletConfig | undefined, { superAdmin }: { superAdmin: boolean }): WalletStatus {
  const apple = config?.apple ?? null;
  const google = config?.google ?? null;
  const missing = (configured: boolean, variables: readonly string[]) => (configured || !superAdmin ? [] : [...variables]);
  return {
    apple: {
      configured: Boolean(apple),
      development: apple ? isDevelopmentApple(apple) : false,
      missing: missing(Boolean(apple), APPLE_VARIABLES),
      warning: apple ? (config?.publicUrlWarning ?? null) : null,
    },
    google: { configured: Boolean(google), development: google ? isDevelopmentGoogle(google) : false, missing: missing(Boolean(google), GOOGLE_VARIABLES) },
  };
}

/** What is missing of the Apple Wallet configuration (the settings screen's list); empty when complete. */
export function missingAppleVariables(env: NodeJS.ProcessEnv | WalletVariables): string[] {
  return APPLE_VARIABLES.filter((name) => !env[name]?.trim());
}

function apnsOrigin(value: string | undefined, problems: string[]): string {
  const raw = value?.trim() || DEFAULT_APNS_HOST;
  const withScheme = /^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' || url.pathname !== '/' || url.search) throw new Error('not an origin');
    return url.origin;
  } catch {
    problems.push('WALLET_APNS_HOST must be a host name (api.push.apple.com) or an https:// origin');
    return `https://${DEFAULT_APNS_HOST}`;
  }
}

function readPem(name: string, file: string, cwd: string, problems: string[], check: (pem: string) => void): string {
  let pem: string;
  try {
    pem = fs.readFileSync(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    problems.push(`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return '';
  }
  try {
    check(pem);
  } catch {
    problems.push(`${name}: ${file} is not a valid PEM file of the expected kind`);
  }
  return pem;
}

/**
 * The WALLET_* variables: the wallets' section of the environment schema. Whether a wallet is whole, and its files,
 * are checked together, in the order a reader fixes them (Google, then Apple); `cwd` resolves relative file paths.
 */
export function walletEnvSchema(cwd: string) {
  const variable = z.string().optional();
  return z
    .object({
      WALLET_GOOGLE_ISSUER_ID: variable,
      WALLET_GOOGLE_SERVICE_ACCOUNT: variable,
      WALLET_GOOGLE_API_URL: variable,
      WALLET_APPLE_PASS_TYPE_ID: variable,
      WALLET_APPLE_TEAM_ID: variable,
      WALLET_APPLE_CERT: variable,
      WALLET_APPLE_KEY: variable,
      WALLET_APPLE_KEY_PASSPHRASE: variable,
      WALLET_APPLE_WWDR: variable,
      WALLET_APNS_HOST: variable,
    })
    .transform((env, ctx): WalletConfig => {
      const problems: string[] = [];
      const google = checkGoogleEnv(env, cwd, problems);
      const apple = checkAppleEnv(env, cwd, problems);
      for (const message of problems) ctx.addIssue({ code: 'custom', message });
      return problems.length > 0 ? z.NEVER : { apple, google };
    });
}

/** Parses the WALLET_* variables and reads the PEM files. Throws a ConfigError listing every problem. */
export function parseWalletEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): WalletConfig {
  return parseOrThrow(walletEnvSchema(cwd), presentVariables(env));
}

function googleApiUrl(value: string | undefined, problems: string[]): string {
  const raw = value?.trim() || DEFAULT_GOOGLE_API_URL;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
    return url.href.replace(/\/+$/, '');
  } catch {
    problems.push(`WALLET_GOOGLE_API_URL must be an http(s) URL such as ${DEFAULT_GOOGLE_API_URL}`);
    return DEFAULT_GOOGLE_API_URL;
  }
}

function checkGoogleEnv(env: WalletVariables, cwd: string, problems: string[]): GoogleWalletConfig | null {
  const missing = GOOGLE_VARIABLES.filter((name) => !env[name]?.trim());
  const apiUrl = googleApiUrl(env.WALLET_GOOGLE_API_URL, problems);
  if (missing.length === GOOGLE_VARIABLES.length) return null;
  if (missing.length > 0) {
    problems.push(`Google Wallet is half configured: ${missing.join(', ')} missing (set all of ${GOOGLE_VARIABLES.join(', ')}, or none)`);
    return null;
  }
  const issuerId = env.WALLET_GOOGLE_ISSUER_ID!.trim();
  if (!/^\d{6,25}$/.test(issuerId)) problems.push('WALLET_GOOGLE_ISSUER_ID must be the digits of the Google Wallet issuer id');
  const file = env.WALLET_GOOGLE_SERVICE_ACCOUNT!.trim();
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    problems.push(`WALLET_GOOGLE_SERVICE_ACCOUNT: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return null;
  }
  let key: Partial<GoogleServiceAccount> & { type?: string };
  try {
    key = JSON.parse(text) as typeof key;
    if (key.type !== 'service_account' || typeof key.client_email !== 'string' || typeof key.private_key !== 'string') throw new Error('shape');
    crypto.createPrivateKey(key.private_key);
  } catch {
    problems.push(`WALLET_GOOGLE_SERVICE_ACCOUNT: ${file} is not a service account JSON key (type, client_email, private_key)`);
    return null;
  }
  return {
    issuerId,
    serviceAccount: {
      client_email: key.client_email!,
      private_key: key.private_key!,
      ...(key.private_key_id ? { private_key_id: key.private_key_id } : {}),
      token_uri: typeof key.token_uri === 'string' && key.token_uri ? key.token_uri : 'https://oauth2.googleapis.com/token',
    },
    apiUrl,
  };
}

function checkAppleEnv(env: WalletVariables, cwd: string, problems: string[]): AppleWalletConfig | null {
  const missing = missingAppleVariables(env);
  const origin = apnsOrigin(env.WALLET_APNS_HOST, problems);
  if (missing.length === APPLE_VARIABLES.length) return null;
  if (missing.length > 0) {
    problems.push(`Apple Wallet is half configured: ${missing.join(', ')} missing (set all of ${APPLE_VARIABLES.join(', ')}, or none)`);
    return null;
  }
  const passTypeId = env.WALLET_APPLE_PASS_TYPE_ID!.trim();
  if (!/^pass\.[A-Za-z0-9.-]+$/.test(passTypeId)) problems.push('WALLET_APPLE_PASS_TYPE_ID must look like pass.it.example.fidelity');
  const teamId = env.WALLET_APPLE_TEAM_ID!.trim();
  if (!/^[A-Z0-9]{10}$/.test(teamId)) problems.push('WALLET_APPLE_TEAM_ID must be the 10 letters and digits of the Apple team');
  const passphrase = env.WALLET_APPLE_KEY_PASSPHRASE || undefined;
  // Node's own X.509 and key parsers: node-forge (what signs the passes, in their worker) is not loaded with the API.
  const certificate = (pem: string) => void new crypto.X509Certificate(pem);
  const cert = readPem('WALLET_APPLE_CERT', env.WALLET_APPLE_CERT!.trim(), cwd, problems, certificate);
  const wwdr = readPem('WALLET_APPLE_WWDR', env.WALLET_APPLE_WWDR!.trim(), cwd, problems, certificate);
  const key = readPem('WALLET_APPLE_KEY', env.WALLET_APPLE_KEY!.trim(), cwd, problems, (pem) => {
    // Throws on a wrong or missing passphrase; the pass signer takes RSA keys only.
    if (crypto.createPrivateKey(passphrase ? { key: pem, passphrase } : pem).asymmetricKeyType !== 'rsa') throw new Error('not an RSA key');
  });
  return { passTypeId, teamId, cert, key, keyPassphrase: passphrase, wwdr, apnsOrigin: origin };
}
