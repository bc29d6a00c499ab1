/**
 * Run-time configuration, read once from the environment at start.
 *
 * `parseEnv` is pure (tests call it directly); `loadConfig` adds the one side effect, creating the
 * persisted JWT secret on first run. A bad variable stops the process with a message naming it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadMessagingConfig, type MessagingConfigInput } from './messaging/config';
import { parseWalletEnv, type WalletConfig } from './wallet/config';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data', 'pglite');

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** `dataDir: null` keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

/** argon2id cost parameters; see `PRODUCTION_PASSWORD_HASHING`. */
export interface PasswordHashingConfig {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * argon2's defaults (64 MiB, 3 passes, 4 lanes): stronger than the OWASP minimum. Not settable from the
 * environment on purpose, so a deployment cannot weaken it; only tests build a config with cheaper ones.
 */
export const PRODUCTION_PASSWORD_HASHING: PasswordHashingConfig = { memoryCost: 65536, timeCost: 3, parallelism: 4 };

/** How many argon2 operations run at once and how many may wait (services/hashing-queue.ts). */
export interface PasswordHashQueueConfig {
  concurrency: number;
  /** Waiting line; when full, the attempt that has waited longest is turned away (503). */
  maxWaiting: number;
  /** Waiting attempts of one client IP; more are refused at once (429). */
  maxWaitingPerClient: number;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Where file-based state lives (PGlite files, generated JWT secret). */
  dataDir: string;
  jwtSecret: string;
  jwtExpiresInSeconds: number;
  superAdmin: { email: string; password: string } | null;
  /** 'auto': seed when the embedded database is empty on start. */
  seedDemo: boolean | 'auto';
  logLevel: LogLevel;
  /**
   * Fastify `trustProxy`: whose X-Forwarded-For to believe, without the proxy secret, when computing the
   * client IP. Default false: only `proxySecret` makes it believed.
   */
  trustProxy: boolean | string;
  corsOrigins: string[];
  loginRateLimitPerMinute: number;
  /** Public card signups per minute per client IP. */
  signupRateLimitPerMinute: number;
  /** Issue 16: connection tests per minute per user. */
  connectionTestRateLimitPerMinute: number;
  /** Issue 16: single messages (send-whatsapp) per minute per business. */
  singleMessageRateLimitPerMinute: number;
  /** Issue 16: campaign sends per minute per business. */
  campaignSendRateLimitPerMinute: number;
  /** Issue 22: CSV imports of cards (previews included) per minute per business. */
  cardImportRateLimitPerMinute: number;
  /**
   * Issue 21: the public wallet routes (pass download, PassKit web service) per client IP per minute, and how
   * many of those may fail (unknown link or pass token) before the rest of the minute answers 429. Left out: 600 and 30.
   */
  walletRateLimitPerMinute?: number;
  walletFailedLookupsPerMinute?: number;
  /**
   * Issue 22 (decision 048): customer magic-link requests (POST /api/customer/magic-link) per minute per client
   * IP, and per contact (e-mail or phone). Left out: 10 and 3.
   */
  customerLinkRateLimitPerMinute?: number;
  customerLinkPerContactPerMinute?: number;
  passwordHashQueue: PasswordHashQueueConfig;
  /** Where the dashboard is served: the add-points link in the QR codes points there. */
  dashboardBaseUrl: string;
  passwordHashing: PasswordHashingConfig;
  /** Drivers, secrets key and job worker (src/messaging/config.ts); left out, the defaults and a throw-away key. */
  messaging?: MessagingConfigInput;
  // issue 16: ops
  /**
   * Shared secret of the reverse proxy in front of the API (the static servers'): only a request carrying
   * it in `X-Proxy-Secret` has its client IP taken from `X-Forwarded-For` (plugins/security.ts).
   */
  proxySecret?: string | null;
  /** Where to write, at start, the demo accounts that exist with their published password (`npm start`'s banner reads it). */
  demoAccountsFile?: string | null;
  /** Issue 21: Apple Wallet (src/wallet/config.ts); left out or `apple: null`, no wallet and its routes answer 404. */
  wallet?: WalletConfig;
  /**
   * Issue 23 (decision 053): Redis shared by every API instance: rate-limit counters and the session-invalidation
   * channel, every key and channel starting with `namespace`. Left out or null: everything stays in this process.
   */
  redis?: RedisConfig | null;
  /**
   * Decision 055 (rolling restarts): after SIGTERM, how long the instance keeps its socket open answering every
   * request with the «riavvio» 503 (so the proxy or a load balancer takes it out and sends the requests elsewhere)
   * before it closes (`SHUTDOWN_DRAIN_MS`, default 0: at once). Read by server.ts only.
   */
  shutdownDrainMs?: number;
}

export interface RedisConfig {
  /** redis:// or rediss:// URL; may carry a password, so it is never logged. */
  url: string;
  /** Prefix of every key and channel (tests: one per run, so runs do not share counters). */
  namespace: string;
}

/** The prefix of keys and channels when REDIS_URL is set. */
export const DEFAULT_REDIS_NAMESPACE = 'loyalty:';

/** The environment parsed; the JWT secret may still be missing (`loadConfig` provides it). */
export type EnvConfig = Omit<AppConfig, 'jwtSecret'> & { jwtSecret: string | null };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** '12h', '30m', '7d', '45s' or a bare number of seconds → seconds. */
export function parseDuration(value: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * DURATION_UNITS[match[2] || 's'];
  return seconds > 0 ? seconds : null;
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };

const booleanVar = (name: string) =>
  z
    .string()
    .transform((v, ctx) => {
      const parsed = BOOLEAN_WORDS[v.trim().toLowerCase()];
      if (parsed === undefined) {
        ctx.addIssue({ code: 'custom', message: `${name} must be true or false (got "${v}")` });
        return z.NEVER;
      }
      return parsed;
    })
    .optional();

/** The longest drain a stopping instance may be asked for (`SHUTDOWN_DRAIN_MS`). */
export const MAX_SHUTDOWN_DRAIN_MS = 30_000;
const SHUTDOWN_DRAIN_ERROR = `SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to ${MAX_SHUTDOWN_DRAIN_MS}`;

/** A whole number ≥ 1; `what` completes the message: "NAME must be a positive integer (what)". */
const positiveIntegerVar = (name: string, what: string) => {
  const error = `${name} must be a positive integer (${what})`;
  return z.coerce.number({ error }).int({ error }).positive({ error }).max(Number.MAX_SAFE_INTEGER, { error });
};

const envSchema = z
  .object({
    API_PORT: z.coerce
      .number({ error: 'API_PORT must be a port number between 1 and 65535' })
      .int({ error: 'API_PORT must be a port number between 1 and 65535' })
      .min(1, { error: 'API_PORT must be a port number between 1 and 65535' })
      .max(65535, { error: 'API_PORT must be a port number between 1 and 65535' })
      .default(3100),
    API_HOST: z.string().default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, { error: 'DATABASE_URL must be a postgres:// or postgresql:// connection URL' })
      .optional(),
    DATA_DIR: z.string().optional(),
    JWT_SECRET: z
      .string()
      .refine((s) => s.length >= 32, { error: (issue) => `JWT_SECRET must be at least 32 characters (got ${String(issue.input).length})` })
      .optional(),
    JWT_EXPIRES_IN: z
      .string()
      .refine((s) => parseDuration(s) !== null, {
        error: (issue) => `JWT_EXPIRES_IN must be a duration like 12h, 30m, 7d or a number of seconds (got "${String(issue.input)}")`,
      })
      .default('12h'),
    SUPERADMIN_EMAIL: z.email({ error: 'SUPERADMIN_EMAIL must be an email address' }).optional(),
    SUPERADMIN_PASSWORD: z.string().min(8, { error: 'SUPERADMIN_PASSWORD must be at least 8 characters' }).optional(),
    SEED_DEMO: booleanVar('SEED_DEMO'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    TRUST_PROXY: z.string().default('false'),
    CORS_ORIGINS: z.string().default(''),
    LOGIN_RATE_LIMIT: z.coerce
      .number({ error: 'LOGIN_RATE_LIMIT must be a positive integer (login requests per minute per IP)' })
      .int({ error: 'LOGIN_RATE_LIMIT must be a positive integer (login requests per minute per IP)' })
      .positive({ error: 'LOGIN_RATE_LIMIT must be a positive integer (login requests per minute per IP)' })
      .default(30),
    SIGNUP_RATE_LIMIT: z.coerce
      .number({ error: 'SIGNUP_RATE_LIMIT must be a positive integer (card signups per minute per IP)' })
      .int({ error: 'SIGNUP_RATE_LIMIT must be a positive integer (card signups per minute per IP)' })
      .positive({ error: 'SIGNUP_RATE_LIMIT must be a positive integer (card signups per minute per IP)' })
      .default(20),
    // Issue 16: expensive calls. Counted per API instance, like the per-IP limits above.
    CONNECTION_TEST_RATE_LIMIT: positiveIntegerVar('CONNECTION_TEST_RATE_LIMIT', 'connection tests per minute per user').default(10),
    SINGLE_MESSAGE_RATE_LIMIT: positiveIntegerVar('SINGLE_MESSAGE_RATE_LIMIT', 'single messages per minute per business').default(60),
    CAMPAIGN_SEND_RATE_LIMIT: positiveIntegerVar('CAMPAIGN_SEND_RATE_LIMIT', 'campaign sends per minute per business').default(10),
    CARD_IMPORT_RATE_LIMIT: positiveIntegerVar('CARD_IMPORT_RATE_LIMIT', 'CSV imports of cards (previews included) per minute per business').default(20),
    // Issue 21: the public wallet routes, per client IP.
    WALLET_RATE_LIMIT: positiveIntegerVar('WALLET_RATE_LIMIT', 'wallet pass and PassKit requests per minute per IP').default(600),
    WALLET_FAILED_LOOKUP_LIMIT: positiveIntegerVar('WALLET_FAILED_LOOKUP_LIMIT', 'wallet requests with an unknown link or token per minute per IP').default(30),
    // Issue 22: the customer's magic link (decision 048), per client IP and per contact.
    CUSTOMER_LINK_RATE_LIMIT: positiveIntegerVar('CUSTOMER_LINK_RATE_LIMIT', 'customer magic-link requests per minute per IP').default(10),
    CUSTOMER_LINK_CONTACT_RATE_LIMIT: positiveIntegerVar('CUSTOMER_LINK_CONTACT_RATE_LIMIT', 'customer magic-link requests per minute per contact').default(3),
    PASSWORD_HASH_CONCURRENCY: positiveIntegerVar('PASSWORD_HASH_CONCURRENCY', 'password hashes computed at once').optional(),
    PASSWORD_HASH_QUEUE: positiveIntegerVar('PASSWORD_HASH_QUEUE', 'password hashes waiting for their turn').optional(),
    PASSWORD_HASH_QUEUE_PER_IP: positiveIntegerVar('PASSWORD_HASH_QUEUE_PER_IP', 'password hashes waiting per client IP').default(2),
    DASHBOARD_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'DASHBOARD_BASE_URL must be an http:// or https:// URL' })
      .default('http://localhost:3000'),
    // issue 16: ops
    PROXY_SECRET: z
      .string()
      .refine((s) => s.trim().length >= 32, { error: (issue) => `PROXY_SECRET must be at least 32 characters (got ${String(issue.input).trim().length})` })
      .optional(),
    PUBLIC_HOST: z
      .string()
      .regex(/^[^\s/:]+$|^\[[0-9a-fA-F:.]+\]$/, { error: 'PUBLIC_HOST must be a host name without scheme or port (e.g. fidelity.example.it)' })
      .optional(),
    DEMO_ACCOUNTS_FILE: z.string().optional(),
    // Issue 23 (decision 053). The value is never echoed: it may carry a password.
    REDIS_URL: z
      .string()
      .refine((s) => /^rediss?:\/\/\S+$/.test(s.trim()) && URL.canParse(s.trim()), { error: 'REDIS_URL must be a redis:// or rediss:// URL' })
      .optional(),
    // Several deployments (staging and production, or test runs) on one Redis: each its own prefix.
    REDIS_NAMESPACE: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: 'REDIS_NAMESPACE must be 1-64 letters, digits or _ . : - (e.g. loyalty-staging:)' })
      .optional(),
    // Decision 055, rolling restarts: how long a stopping instance keeps answering «riavvio» before closing.
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ error: SHUTDOWN_DRAIN_ERROR })
      .int({ error: SHUTDOWN_DRAIN_ERROR })
      .min(0, { error: SHUTDOWN_DRAIN_ERROR })
      .max(MAX_SHUTDOWN_DRAIN_MS, { error: SHUTDOWN_DRAIN_ERROR })
      .default(0),
  })
  .superRefine((env, ctx) => {
    if (env.SUPERADMIN_EMAIL && !env.SUPERADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['SUPERADMIN_PASSWORD'], message: 'SUPERADMIN_PASSWORD is required when SUPERADMIN_EMAIL is set' });
    }
    if (env.SUPERADMIN_PASSWORD && !env.SUPERADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['SUPERADMIN_EMAIL'], message: 'SUPERADMIN_EMAIL is required when SUPERADMIN_PASSWORD is set' });
    }
  });

/** localhost, *.localhost, 127.0.0.0/8 and ::1: a public host nobody else can reach. */
export function isLocalHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '::1' || h === '[::1]';
}

/**
 * `SEED_DEMO` unset: demo data (with its published passwords) only on the embedded database, when the
 * product is served on this machine only and no super admin of one's own is configured.
 */
function defaultSeedDemo(database: DatabaseConfig, publicHost: string | undefined, dashboardBaseUrl: string, superAdminSet: boolean): 'auto' | false {
  const local = isLocalHost(publicHost ?? 'localhost') && isLocalHost(new URL(dashboardBaseUrl).hostname);
  return database.kind === 'pglite' && local && !superAdminSet ? 'auto' : false;
}

function parseTrustProxy(value: string): boolean | string {
  const lowered = value.trim().toLowerCase();
  if (lowered === 'true') return true;
  if (lowered === 'false' || lowered === '') return false;
  return value.trim();
}

/**
 * One argon2id operation per CPU at once (each takes ~0.25 s and 64 MiB); a line of twice that, so an
 * attempt that gets in waits about three hash times at most (the newest one: see services/hashing-queue).
 */
function passwordHashQueue(concurrency: number | undefined, maxWaiting: number | undefined, maxWaitingPerClient: number): PasswordHashQueueConfig {
  const workers = concurrency ?? Math.max(1, os.availableParallelism());
  return { concurrency: workers, maxWaiting: maxWaiting ?? 2 * workers, maxWaitingPerClient };
}

/** Validates the environment. Empty variables count as unset. Throws `ConfigError` listing every problem. */
export function parseEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): EnvConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const variable = String(issue.path[0] ?? '');
        return issue.message.includes(variable) ? issue.message : `${variable} is not valid`;
      }),
    );
  }
  const e = result.data;
  const dataDir = e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : DEFAULT_DATA_DIR;
  const database: DatabaseConfig = e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir };
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    database,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? null,
    jwtExpiresInSeconds: parseDuration(e.JWT_EXPIRES_IN)!,
    superAdmin: e.SUPERADMIN_EMAIL && e.SUPERADMIN_PASSWORD ? { email: e.SUPERADMIN_EMAIL.toLowerCase(), password: e.SUPERADMIN_PASSWORD } : null,
    seedDemo: e.SEED_DEMO ?? defaultSeedDemo(database, e.PUBLIC_HOST, e.DASHBOARD_BASE_URL, Boolean(e.SUPERADMIN_EMAIL)),
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT,
    signupRateLimitPerMinute: e.SIGNUP_RATE_LIMIT,
    connectionTestRateLimitPerMinute: e.CONNECTION_TEST_RATE_LIMIT,
    singleMessageRateLimitPerMinute: e.SINGLE_MESSAGE_RATE_LIMIT,
    campaignSendRateLimitPerMinute: e.CAMPAIGN_SEND_RATE_LIMIT,
    cardImportRateLimitPerMinute: e.CARD_IMPORT_RATE_LIMIT,
    walletRateLimitPerMinute: e.WALLET_RATE_LIMIT,
    walletFailedLookupsPerMinute: e.WALLET_FAILED_LOOKUP_LIMIT,
    customerLinkRateLimitPerMinute: e.CUSTOMER_LINK_RATE_LIMIT,
    customerLinkPerContactPerMinute: e.CUSTOMER_LINK_CONTACT_RATE_LIMIT,
    passwordHashQueue: passwordHashQueue(e.PASSWORD_HASH_CONCURRENCY, e.PASSWORD_HASH_QUEUE, e.PASSWORD_HASH_QUEUE_PER_IP),
    dashboardBaseUrl: e.DASHBOARD_BASE_URL.replace(/\/+$/, ''),
    passwordHashing: PRODUCTION_PASSWORD_HASHING,
    // issue 16: ops
    proxySecret: e.PROXY_SECRET?.trim() ?? null,
    demoAccountsFile: e.DEMO_ACCOUNTS_FILE ? path.resolve(cwd, e.DEMO_ACCOUNTS_FILE) : null,
    redis: e.REDIS_URL ? { url: e.REDIS_URL.trim(), namespace: e.REDIS_NAMESPACE ?? DEFAULT_REDIS_NAMESPACE } : null,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
  };
}

/**
 * Reads `<dataDir>/jwt-secret`, creating it with a random secret on first run, so restarts keep sessions.
 * Several API instances behind a load balancer must share one secret: set JWT_SECRET there.
 */
export function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = parseEnv(env);
  return {
    ...parsed,
    jwtSecret: parsed.jwtSecret ?? readOrCreateJwtSecret(parsed.dataDir),
    messaging: loadMessagingConfig(env, parsed.dataDir),
    wallet: parseWalletEnv(env),
  };
}
