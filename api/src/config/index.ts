/**
 * Run-time configuration, read once from the environment at start: one zod schema, made of three sections (the
 * API's own variables here, messaging.ts and wallet.ts), whose every problem is a `ConfigError` sentence naming
 * its variable (errors.ts).
 *
 * `parseEnv` is pure (tests call it directly) and reads the API's own section; `loadConfig` parses the whole
 * schema and adds the side effects, creating the persisted JWT secret and secrets key on first run. A bad
 * variable stops the process with a message naming it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, booleanVar, parseOrThrow, presentVariables } from './errors';
import { messagingEnvSchema, withSecretsKey, type MessagingConfigInput } from './messaging';
import { checkWalletPublicUrl, walletEnvSchema, type WalletConfig } from './wallet';

export { ConfigError };

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data', 'pglite');

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /**
   * `dataDir: null` keeps the database in memory (tests). `loadDataDir`: a tarball of a data folder to start a
   * new database from, instead of an empty one (tests: the one migrated once per run). `settings`: server
   * settings given at start (`-c name=value`), e.g. the tests' small `shared_buffers` (see db/pglite.ts).
   */
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: string; settings?: Readonly<Record<string, string>> };

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

/** How many argon2 operations run at once and how many may wait (lib/hashing-queue.ts). */
export interface PasswordHashQueueConfig {
  concurrency: number;
  /** Waiting line; when full, the attempt that has waited longest is turned away (503). */
  maxWaiting: number;
  /** Waiting attempts of one client IP; more are refused at once (429). */
  maxWaitingPerClient: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Where file-based state lives (PGlite files, generated JWT secret). */
  dataDir: string;
  jwtSecret: string;
  jwtExpiresInSeconds: number;
  superAdmin: { email: string; password: string } | null;
  /** 'auto': seed when the embedded database is empty on start. Always false unless `localTryOut`. */
  seedDemo: boolean | 'auto';
  /**
   * A try-out on this machine only: every address the product listens on is a loopback one (`API_HOST`, and
   * `HOST`, the static servers' interface, which `npm start` passes to all its processes) and `NODE_ENV` is not
   * `production`. Only then do the demo accounts exist and their published passwords open a session
   * (decision 060).
   */
  localTryOut: boolean;
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
  /** Connection tests per minute per user. */
  connectionTestRateLimitPerMinute: number;
  /** Single messages (send-whatsapp) per minute per business. */
  singleMessageRateLimitPerMinute: number;
  /** Campaign sends per minute per business. */
  campaignSendRateLimitPerMinute: number;
  /** CSV imports of cards (previews included) per minute per business. */
  cardImportRateLimitPerMinute: number;
  /**
   * The public wallet routes (pass download, PassKit web service) per client IP per minute, and how
   * many of those may fail (unknown link or pass token) before the rest of the minute answers 429. Left out: 600 and 30.
   */
  walletRateLimitPerMinute?: number;
  walletFailedLookupsPerMinute?: number;
  /**
   * Decision 048: customer magic-link requests (POST /api/customer/magic-link) per minute per client
   * IP, and per contact (e-mail or phone). Left out: 10 and 3.
   */
  customerLinkRateLimitPerMinute?: number;
  customerLinkPerContactPerMinute?: number;
  passwordHashQueue: PasswordHashQueueConfig;
  /** Where the dashboard is served: the add-points link in the QR codes points there. */
  dashboardBaseUrl: string;
  passwordHashing: PasswordHashingConfig;
  /** Drivers, secrets key and job worker (src/config/messaging.ts); left out, the defaults and a throw-away key. */
  messaging?: MessagingConfigInput;
  // Operations
  /**
   * Shared secret of the reverse proxy in front of the API (the static servers'): only a request carrying
   * it in `X-Proxy-Secret` has its client IP taken from `X-Forwarded-For` (plugins/security.ts).
   */
  proxySecret?: string | null;
  /** Where to write, at start, the demo accounts that exist with their published password (`npm start`'s banner reads it). */
  demoAccountsFile?: string | null;
  /** Apple and Google Wallet (src/config/wallet.ts); left out or `apple: null`, no wallet and its routes answer 404. */
  wallet?: WalletConfig;
  /**
   * Decision 053: Redis shared by every API instance: rate-limit counters and the session-invalidation
   * channel, every key and channel starting with `namespace`. Left out or null: everything stays in this process.
   */
  redis?: RedisConfig | null;
  /**
   * Decision 055 (rolling restarts): after SIGTERM, how long the instance keeps its socket open answering
   * with the «riavvio» 503 — its health check alone for the first third (at most 1 s, decision 081: a load
   * balancer takes it out), then every request (the /api proxy sends them elsewhere) — before it closes (`SHUTDOWN_DRAIN_MS`, default 0: at once). Read by server.ts only.
   */
  shutdownDrainMs?: number;
  /**
   * Decision 058: the try-out mailbox, a file where a credential (a customer's access link) that only a shop
   * in test mode could deliver is written instead; null: off (such a credential is not sent). On by default
   * only on a local try-out (`LOCAL_MAILBOX`, features/messaging/local-mailbox.ts). Left out: off.
   */
  localMailbox?: string | null;
  /**
   * Decision 087: the bearer token of `GET /api/metrics` (Prometheus text), at least 32 characters
   * (`METRICS_TOKEN`). Left out or null: no such route (404 like any unknown one).
   */
  metricsToken?: string | null;
}

export interface RedisConfig {
  /** redis:// or rediss:// URL; may carry a password, so it is never logged. */
  url: string;
  /** Prefix of every key and channel (tests: one per run, so runs do not share counters). */
  namespace: string;
}

/** The prefix of keys and channels when REDIS_URL is set. */
export const DEFAULT_REDIS_NAMESPACE = 'loyalty:';


const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** '12h', '30m', '7d', '45s' or a bare number of seconds → seconds. */
export function parseDuration(value: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * DURATION_UNITS[match[2] || 's'];
  return seconds > 0 ? seconds : null;
}

/** The longest drain a stopping instance may be asked for (`SHUTDOWN_DRAIN_MS`). */
export const MAX_SHUTDOWN_DRAIN_MS = 30_000;
const SHUTDOWN_DRAIN_ERROR = `SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to ${MAX_SHUTDOWN_DRAIN_MS}`;

/** A whole number ≥ 1; `what` completes the message: "NAME must be a positive integer (what)". */
const positiveIntegerVar = (name: string, what: string) => {
  const error = `${name} must be a positive integer (${what})`;
  return z.coerce.number({ error }).int({ error }).positive({ error }).max(Number.MAX_SAFE_INTEGER, { error });
};

/** The API's own variables: the first section of the environment schema, without its conversion (`appEnvSchema`). */
const appVariablesSchema = z
  .object({
    API_PORT: z.coerce
      .number({ error: 'API_PORT must be a port number between 1 and 65535' })
      .int({ error: 'API_PORT must be a port number between 1 and 65535' })
      .min(1, { error: 'API_PORT must be a port number between 1 and 65535' })
      .max(65535, { error: 'API_PORT must be a port number between 1 and 65535' })
      .default(3100),
    API_HOST: z.string().default('127.0.0.1'),
    // The static servers' interface (tools/src/serve-app.ts): read here only to tell a local try-out.
    HOST: z.string().default('localhost'),
    NODE_ENV: z.string().optional(),
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
      .enum(LOG_LEVELS, {
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
    // Expensive calls. Counted per API instance, like the per-IP limits above.
    CONNECTION_TEST_RATE_LIMIT: positiveIntegerVar('CONNECTION_TEST_RATE_LIMIT', 'connection tests per minute per user').default(10),
    SINGLE_MESSAGE_RATE_LIMIT: positiveIntegerVar('SINGLE_MESSAGE_RATE_LIMIT', 'single messages per minute per business').default(60),
    CAMPAIGN_SEND_RATE_LIMIT: positiveIntegerVar('CAMPAIGN_SEND_RATE_LIMIT', 'campaign sends per minute per business').default(10),
    CARD_IMPORT_RATE_LIMIT: positiveIntegerVar('CARD_IMPORT_RATE_LIMIT', 'CSV imports of cards (previews included) per minute per business').default(20),
    // The public wallet routes, per client IP.
    WALLET_RATE_LIMIT: positiveIntegerVar('WALLET_RATE_LIMIT', 'wallet pass and PassKit requests per minute per IP').default(600),
    WALLET_FAILED_LOOKUP_LIMIT: positiveIntegerVar('WALLET_FAILED_LOOKUP_LIMIT', 'wallet requests with an unknown link or token per minute per IP').default(30),
    // The customer's magic link (decision 048), per client IP and per contact.
    CUSTOMER_LINK_RATE_LIMIT: positiveIntegerVar('CUSTOMER_LINK_RATE_LIMIT', 'customer magic-link requests per minute per IP').default(10),
    CUSTOMER_LINK_CONTACT_RATE_LIMIT: positiveIntegerVar('CUSTOMER_LINK_CONTACT_RATE_LIMIT', 'customer magic-link requests per minute per contact').default(3),
    PASSWORD_HASH_CONCURRENCY: positiveIntegerVar('PASSWORD_HASH_CONCURRENCY', 'password hashes computed at once').optional(),
    PASSWORD_HASH_QUEUE: positiveIntegerVar('PASSWORD_HASH_QUEUE', 'password hashes waiting for their turn').optional(),
    PASSWORD_HASH_QUEUE_PER_IP: positiveIntegerVar('PASSWORD_HASH_QUEUE_PER_IP', 'password hashes waiting per client IP').default(2),
    DASHBOARD_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'DASHBOARD_BASE_URL must be an http:// or https:// URL' })
      .default('http://localhost:3000'),
    // Operations
    PROXY_SECRET: z
      .string()
      .refine((s) => s.trim().length >= 32, { error: (issue) => `PROXY_SECRET must be at least 32 characters (got ${String(issue.input).trim().length})` })
      .optional(),
    PUBLIC_HOST: z
      .string()
      .regex(/^[^\s/:]+$|^\[[0-9a-fA-F:.]+\]$/, { error: 'PUBLIC_HOST must be a host name without scheme or port (e.g. fidelity.example.it)' })
      .optional(),
    DEMO_ACCOUNTS_FILE: z.string().optional(),
    // Decision 058: unset, on exactly when the product answers on this machine only (a local try-out).
    LOCAL_MAILBOX: booleanVar('LOCAL_MAILBOX'),
    // Shared Redis (decision 053). The value is never echoed: it may carry a password.
    REDIS_URL: z
      .string()
      .refine((s) => /^rediss?:\/\/\S+$/.test(s.trim()) && URL.canParse(s.trim()), { error: 'REDIS_URL must be a redis:// or rediss:// URL' })
      .optional(),
    // Several deployments (staging and production, or test runs) on one Redis: each its own prefix.
    REDIS_NAMESPACE: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: 'REDIS_NAMESPACE must be 1-64 letters, digits or _ . : - (e.g. loyalty-staging:)' })
      .optional(),
    // Decision 087: the operators' scraper's token; unset, GET /api/metrics does not exist.
    METRICS_TOKEN: z
      .string()
      .refine((s) => s.trim().length >= 32, { error: (issue) => `METRICS_TOKEN must be at least 32 characters (got ${String(issue.input).trim().length})` })
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
    if (env.LOCAL_MAILBOX === true && !mailboxAllowed(env.API_HOST, env.HOST, env.NODE_ENV, env.PUBLIC_HOST, env.DASHBOARD_BASE_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['LOCAL_MAILBOX'],
        message:
          'LOCAL_MAILBOX=true is for a local try-out only: API_HOST, HOST, PUBLIC_HOST and DASHBOARD_BASE_URL must all be this machine (localhost, 127.0.0.1, ::1) and NODE_ENV not production',
      });
    }
  });

/** localhost, *.localhost, 127.0.0.0/8 and ::1: a public host nobody else can reach. */
export function isLocalHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '::1' || h === '[::1]';
}

/** Whether every listening address is a loopback one and the environment is not production (`AppConfig.localTryOut`). */
function isLocalTryOut(listenHosts: string[], nodeEnv: string | undefined): boolean {
  return listenHosts.every(isLocalHost) && nodeEnv?.trim().toLowerCase() !== 'production';
}

/** The product's public addresses (`PUBLIC_HOST`, `DASHBOARD_BASE_URL`) are this machine's. */
function publicAddressesLocal(publicHost: string | undefined, dashboardBaseUrl: string): boolean {
  return isLocalHost(publicHost ?? 'localhost') && isLocalHost(new URL(dashboardBaseUrl).hostname);
}

/**
 * Where the access links of a shop in test mode may be written to the try-out mailbox (decision 058): a local
 * try-out (decision 060) whose public addresses are this machine's too.
 */
function mailboxAllowed(apiHost: string, host: string, nodeEnv: string | undefined, publicHost: string | undefined, dashboardBaseUrl: string): boolean {
  return isLocalTryOut([apiHost, host], nodeEnv) && publicAddressesLocal(publicHost, dashboardBaseUrl);
}

/**
 * `SEED_DEMO` unset: demo data (with its published passwords) only on the embedded database, when the
 * product is served on this machine only and no super admin of one's own is configured.
 */
function defaultSeedDemo(database: DatabaseConfig, publicHost: string | undefined, dashboardBaseUrl: string, superAdminSet: boolean): 'auto' | false {
  return database.kind === 'pglite' && publicAddressesLocal(publicHost, dashboardBaseUrl) && !superAdminSet ? 'auto' : false;
}

function parseTrustProxy(value: string): boolean | string {
  const lowered = value.trim().toLowerCase();
  if (lowered === 'true') return true;
  if (lowered === 'false' || lowered === '') return false;
  return value.trim();
}

/**
 * One argon2id operation per CPU at once (each takes ~0.25 s and 64 MiB); a line of twice that, so an
 * attempt that gets in waits about three hash times at most (the newest one: see lib/hashing-queue).
 */
function passwordHashQueue(concurrency: number | undefined, maxWaiting: number | undefined, maxWaitingPerClient: number): PasswordHashQueueConfig {
  const workers = concurrency ?? Math.max(1, os.availableParallelism());
  return { concurrency: workers, maxWaiting: maxWaiting ?? 2 * workers, maxWaitingPerClient };
}

/** The API's own section: its variables checked, then turned into the settings (`cwd` resolves relative paths). */
function appEnvSchema(cwd: string) {
  return appVariablesSchema.transform((e) => {
    const dataDir = e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : DEFAULT_DATA_DIR;
    const database: DatabaseConfig = e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir };
    const localTryOut = isLocalTryOut([e.API_HOST, e.HOST], e.NODE_ENV);
    return {
      port: e.API_PORT,
      host: e.API_HOST,
      database,
      dataDir,
      jwtSecret: e.JWT_SECRET ?? null,
      jwtExpiresInSeconds: parseDuration(e.JWT_EXPIRES_IN)!,
      superAdmin: e.SUPERADMIN_EMAIL && e.SUPERADMIN_PASSWORD ? { email: e.SUPERADMIN_EMAIL.toLowerCase(), password: e.SUPERADMIN_PASSWORD } : null,
      // Published passwords never outside a local try-out, whatever SEED_DEMO says (decision 060).
      seedDemo: localTryOut ? (e.SEED_DEMO ?? defaultSeedDemo(database, e.PUBLIC_HOST, e.DASHBOARD_BASE_URL, Boolean(e.SUPERADMIN_EMAIL))) : false,
      localTryOut,
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
      // Operations
      proxySecret: e.PROXY_SECRET?.trim() ?? null,
      demoAccountsFile: e.DEMO_ACCOUNTS_FILE ? path.resolve(cwd, e.DEMO_ACCOUNTS_FILE) : null,
      redis: e.REDIS_URL ? { url: e.REDIS_URL.trim(), namespace: e.REDIS_NAMESPACE ?? DEFAULT_REDIS_NAMESPACE } : null,
      shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
      metricsToken: e.METRICS_TOKEN?.trim() ?? null,
      localMailbox: (e.LOCAL_MAILBOX ?? mailboxAllowed(e.API_HOST, e.HOST, e.NODE_ENV, e.PUBLIC_HOST, e.DASHBOARD_BASE_URL)) ? path.join(dataDir, 'local-mailbox.txt') : null,
    } satisfies Omit<AppConfig, 'jwtSecret'> & { jwtSecret: string | null };
  });
}

/** The environment parsed; the JWT secret may still be missing (`loadConfig` provides it). */
export type EnvConfig = z.output<ReturnType<typeof appEnvSchema>>;

/**
 * Every variable the API reads, one schema: each section gets the whole environment and keeps its own variables,
 * so one parse reports the problems of all three.
 */
export function envSchema(cwd: string) {
  return z.object({ app: appEnvSchema(cwd), messaging: messagingEnvSchema, wallet: walletEnvSchema(cwd) });
}

/** Validates the API's own variables. Empty variables count as unset. Throws `ConfigError` listing every problem. */
export function parseEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): EnvConfig {
  return parseOrThrow(appEnvSchema(cwd), presentVariables(env));
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

/** The whole environment parsed (every problem in one `ConfigError`), then the JWT secret and secrets key read or created. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const present = presentVariables(env);
  const { app, messaging, wallet } = parseOrThrow(envSchema(cwd), { app: present, messaging: present, wallet: present });
  // Apple passes need an https public address; http only in development (NODE_ENV=development or a local try-out).
  const development = present.NODE_ENV?.trim().toLowerCase() === 'development' || app.localTryOut;
  const publicUrlWarning = checkWalletPublicUrl(wallet, messaging.config.publicUrl ?? app.dashboardBaseUrl, development);
  if (publicUrlWarning) wallet.publicUrlWarning = publicUrlWarning;
  return {
    ...app,
    jwtSecret: app.jwtSecret ?? readOrCreateJwtSecret(app.dataDir),
    messaging: withSecretsKey(messaging, app.dataDir),
    wallet,
  };
}
