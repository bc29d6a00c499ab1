/**
 * Messaging configuration: default driver, SMTP server, the key that encrypts per-business secrets and
 * the job worker. Read from the environment by `loadConfig` (config.ts); an app built without it (tests)
 * gets the defaults and a throw-away key.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';

export const DRIVER_NAMES = ['outbox', 'twilio', 'smtp'] as const;
export type DriverName = (typeof DRIVER_NAMES)[number];

export interface WorkerConfig {
  enabled: boolean;
  /** How long an idle worker waits before looking for due jobs again. */
  pollIntervalMs: number;
  /** Jobs claimed and sent at the same time by one API instance. */
  concurrency: number;
  /** A job left 'sending' this long (its worker died) is claimed again. */
  leaseMs: number;
  /** Attempts before a job is marked failed. */
  maxAttempts: number;
  /** Retry n waits retryBaseMs · 2^(n-1), at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often each instance looks for due scheduled tasks (the rewards sweep); the task's own interval is in the database. */
  schedulerPollIntervalMs: number;
}

export interface MessagingConfig {
  /** Driver of businesses whose settings name none. 'outbox' records only; 'twilio'/'smtp' deliver for real. */
  driver: DriverName;
  /** smtp://user:pass@host:port (or smtps://) used for e-mail when delivering for real. */
  smtpUrl: string | null;
  /** 32-byte AES-256-GCM key for per-business secrets (Twilio auth token). */
  secretsKey: Buffer;
  /** Public origin of the API (https://fidelity.example.it): Twilio status callbacks and webhook signatures. */
  publicUrl: string | null;
  worker: WorkerConfig;
}

/** What `AppConfig.messaging` may hold: anything left out takes the default. */
export type MessagingConfigInput = Partial<Omit<MessagingConfig, 'worker'>> & { worker?: Partial<WorkerConfig> };

export const DEFAULT_WORKER: WorkerConfig = {
  enabled: true,
  pollIntervalMs: 1000,
  concurrency: 4,
  leaseMs: 60_000,
  maxAttempts: 5,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  schedulerPollIntervalMs: 60_000,
};

export function resolveMessagingConfig(input: MessagingConfigInput = {}): MessagingConfig {
  return {
    driver: input.driver ?? 'outbox',
    smtpUrl: input.smtpUrl ?? null,
    publicUrl: input.publicUrl ?? null,
    secretsKey: input.secretsKey ?? crypto.randomBytes(32),
    worker: { ...DEFAULT_WORKER, ...input.worker },
  };
}

/** 32 bytes written as 64 hex digits or base64 (44 characters); null when it is neither. */
export function parseSecretsKey(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const key = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

/** `<dataDir>/secrets-key`, created with a random key on first run (mode 600), like the JWT secret. */
export function readOrCreateSecretsKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secrets-key');
  try {
    const key = parseSecretsKey(fs.readFileSync(file, 'utf8'));
    if (key) return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = crypto.randomBytes(32);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

const BOOLEANS: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };

/** Reads MESSAGING_DRIVER, SMTP_URL, PUBLIC_URL, SECRETS_KEY, WORKER_*; throws `ConfigError` naming every bad variable. */
export function parseMessagingEnv(env: NodeJS.ProcessEnv): { config: Omit<MessagingConfigInput, 'secretsKey'>; secretsKey: Buffer | null } {
  const get = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const problems: string[] = [];
  const positiveInt = (name: string, min: number) => {
    const raw = get(name);
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) {
      problems.push(`${name} must be an integer ≥ ${min} (got "${raw}")`);
      return undefined;
    }
    return n;
  };

  const driverRaw = get('MESSAGING_DRIVER')?.toLowerCase();
  let driver: DriverName | undefined;
  if (driverRaw !== undefined) {
    if ((DRIVER_NAMES as readonly string[]).includes(driverRaw)) driver = driverRaw as DriverName;
    else problems.push(`MESSAGING_DRIVER must be one of ${DRIVER_NAMES.join(', ')} (got "${driverRaw}")`);
  }
  const smtpUrl = get('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/\S+$/.test(smtpUrl)) problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  const publicUrl = get('PUBLIC_URL')?.replace(/\/+$/, '');
  if (publicUrl !== undefined && !/^https?:\/\/[^\s/]+$/.test(publicUrl)) problems.push('PUBLIC_URL must be an origin like https://fidelity.example.it');
  const keyRaw = get('SECRETS_KEY');
  const secretsKey = keyRaw === undefined ? null : parseSecretsKey(keyRaw);
  if (keyRaw !== undefined && !secretsKey) problems.push('SECRETS_KEY must be 32 bytes written as 64 hex digits or base64');
  const enabledRaw = get('WORKER_ENABLED');
  const enabled = enabledRaw === undefined ? undefined : BOOLEANS[enabledRaw.toLowerCase()];
  if (enabledRaw !== undefined && enabled === undefined) problems.push(`WORKER_ENABLED must be true or false (got "${enabledRaw}")`);
  const pollIntervalMs = positiveInt('WORKER_POLL_INTERVAL_MS', 10);
  const concurrency = positiveInt('WORKER_CONCURRENCY', 1);
  // How long a claimed job is this worker's; after a crash, its jobs wait this long before another worker takes them.
  const leaseMs = positiveInt('WORKER_LEASE_MS', 1000);
  const schedulerPollIntervalMs = positiveInt('SCHEDULER_POLL_INTERVAL_MS', 100);

  if (problems.length > 0) throw new ConfigError(problems);
  const worker: Partial<WorkerConfig> = {};
  if (enabled !== undefined) worker.enabled = enabled;
  if (pollIntervalMs !== undefined) worker.pollIntervalMs = pollIntervalMs;
  if (concurrency !== undefined) worker.concurrency = concurrency;
  if (leaseMs !== undefined) worker.leaseMs = leaseMs;
  if (schedulerPollIntervalMs !== undefined) worker.schedulerPollIntervalMs = schedulerPollIntervalMs;
  return { config: { driver, smtpUrl: smtpUrl ?? null, publicUrl: publicUrl ?? null, worker }, secretsKey };
}

/** The environment's messaging configuration; the secrets key is read or created in `dataDir` when not set. */
export function loadMessagingConfig(env: NodeJS.ProcessEnv, dataDir: string): MessagingConfigInput {
  const { config, secretsKey } = parseMessagingEnv(env);
  return { ...config, secretsKey: secretsKey ?? readOrCreateSecretsKey(dataDir) };
}
