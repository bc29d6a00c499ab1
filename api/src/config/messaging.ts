/**
 * Messaging configuration: default driver, SMTP server, the key that encrypts per-business secrets and
 * the job worker. Its variables are a section of the one environment schema `loadConfig` parses (index.ts); an app
 * built without it (tests) gets the defaults and a throw-away key.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { booleanVar, parseOrThrow, presentVariables } from './errors';

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
  /** DKIM signing of every e-mail (nodemailer's): DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY; null: unsigned. */
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
  /**
   * QUIET_HOURS (default true): marketing and automatic messages wait outside the shops' sending window (20:00–09:00
   * Rome at the widest, decision 077). false sends them at any hour: a demo shown in the evening, the journeys and
   * drills that run at any hour of CI's day (decision 082). Never turn it off for real shops.
   */
  quietHours: boolean;
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

/** The job workers' settings alone (every queue's and the scheduler's: plugins/jobs.ts), the defaults for what is left out. */
export function resolveWorkerConfig(input: MessagingConfigInput = {}): WorkerConfig {
  return { ...DEFAULT_WORKER, ...input.worker };
}

export function resolveMessagingConfig(input: MessagingConfigInput = {}): MessagingConfig {
  return {
    driver: input.driver ?? 'outbox',
    smtpUrl: input.smtpUrl ?? null,
    publicUrl: input.publicUrl ?? null,
    dkim: input.dkim ?? null,
    quietHours: input.quietHours ?? true,
    secretsKey: input.secretsKey ?? crypto.randomBytes(32),
    worker: resolveWorkerConfig(input),
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

/** A whole number ≥ `min`, blanks around it ignored: "NAME must be an integer ≥ min (got "…")". */
const integerAtLeast = (name: string, min: number) =>
  z
    .string()
    .trim()
    .transform((raw, ctx) => {
      const n = Number(raw);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an integer ≥ ${min} (got "${raw}")` });
        return z.NEVER;
      }
      return n;
    })
    .optional();

/** MESSAGING_DRIVER, SMTP_URL, PUBLIC_URL, SECRETS_KEY, WORKER_*: the messaging section of the environment schema. */
export const messagingEnvSchema = z
  .object({
    MESSAGING_DRIVER: z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => (DRIVER_NAMES as readonly string[]).includes(v), {
        error: (issue) => `MESSAGING_DRIVER must be one of ${DRIVER_NAMES.join(', ')} (got "${String(issue.input)}")`,
      })
      .transform((v) => v as DriverName)
      .optional(),
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\/\S+$/, { error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
      .optional(),
    PUBLIC_URL: z
      .string()
      .trim()
      .transform((v) => v.replace(/\/+$/, ''))
      .pipe(z.string().regex(/^https?:\/\/[^\s/]+$/, { error: 'PUBLIC_URL must be an origin like https://fidelity.example.it' }))
      .optional(),
    SECRETS_KEY: z
      .string()
      .transform((v, ctx) => {
        const key = parseSecretsKey(v);
        if (!key) {
          ctx.addIssue({ code: 'custom', message: 'SECRETS_KEY must be 32 bytes written as 64 hex digits or base64' });
          return z.NEVER;
        }
        return key;
      })
      .optional(),
    DKIM_DOMAIN: z.string().trim().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, { error: 'DKIM_DOMAIN must be a domain like esempio.it' }).optional(),
    DKIM_SELECTOR: z.string().trim().regex(/^[a-z0-9._-]+$/i, { error: 'DKIM_SELECTOR must be a DNS label like fidelity' }).optional(),
    // The PEM private key; `\n` written as two characters (one-line environment files) stands for a line break.
    DKIM_PRIVATE_KEY: z
      .string()
      .transform((v) => v.replace(/\\n/g, '\n').trim())
      .refine((v) => /^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/.test(v), { error: 'DKIM_PRIVATE_KEY must be a PEM private key' })
      .optional(),
    QUIET_HOURS: z.string().trim().pipe(booleanVar('QUIET_HOURS').unwrap()).optional(),
    WORKER_ENABLED: z.string().trim().pipe(booleanVar('WORKER_ENABLED').unwrap()).optional(),
    WORKER_POLL_INTERVAL_MS: integerAtLeast('WORKER_POLL_INTERVAL_MS', 10),
    WORKER_CONCURRENCY: integerAtLeast('WORKER_CONCURRENCY', 1),
    // How long a claimed job is this worker's; after a crash, its jobs wait this long before another worker takes them.
    WORKER_LEASE_MS: integerAtLeast('WORKER_LEASE_MS', 1000),
    SCHEDULER_POLL_INTERVAL_MS: integerAtLeast('SCHEDULER_POLL_INTERVAL_MS', 100),
  })
  .superRefine((e, ctx) => {
    const given = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY].filter((v) => v !== undefined).length;
    if (given !== 0 && given !== 3) ctx.addIssue({ code: 'custom', path: ['DKIM_DOMAIN'], message: 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together: set all three or none' });
  })
  .transform((e) => {
    const worker: Partial<WorkerConfig> = {};
    if (e.WORKER_ENABLED !== undefined) worker.enabled = e.WORKER_ENABLED;
    if (e.WORKER_POLL_INTERVAL_MS !== undefined) worker.pollIntervalMs = e.WORKER_POLL_INTERVAL_MS;
    if (e.WORKER_CONCURRENCY !== undefined) worker.concurrency = e.WORKER_CONCURRENCY;
    if (e.WORKER_LEASE_MS !== undefined) worker.leaseMs = e.WORKER_LEASE_MS;
    if (e.SCHEDULER_POLL_INTERVAL_MS !== undefined) worker.schedulerPollIntervalMs = e.SCHEDULER_POLL_INTERVAL_MS;
    const config: Omit<MessagingConfigInput, 'secretsKey'> = { driver: e.MESSAGING_DRIVER, smtpUrl: e.SMTP_URL ?? null, publicUrl: e.PUBLIC_URL ?? null, worker,
      ...(e.QUIET_HOURS === undefined ? {} : { quietHours: e.QUIET_HOURS }),
      dkim: e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY ? { domainName: e.DKIM_DOMAIN.toLowerCase(), keySelector: e.DKIM_SELECTOR, privateKey: e.DKIM_PRIVATE_KEY } : null };
    return { config, secretsKey: e.SECRETS_KEY ?? null };
  });

/** The messaging section parsed: the settings, and the secrets key when SECRETS_KEY is set. */
export type MessagingEnv = z.output<typeof messagingEnvSchema>;

/** Reads MESSAGING_DRIVER, SMTP_URL, PUBLIC_URL, SECRETS_KEY, QUIET_HOURS, WORKER_*; throws `ConfigError` naming every bad variable. */
export function parseMessagingEnv(env: NodeJS.ProcessEnv): MessagingEnv {
  return parseOrThrow(messagingEnvSchema, presentVariables(env));
}

/** The parsed section completed: the secrets key is read or created in `dataDir` when SECRETS_KEY is not set. */
export function withSecretsKey({ config, secretsKey }: MessagingEnv, dataDir: string): MessagingConfigInput {
  return { ...config, secretsKey: secretsKey ?? readOrCreateSecretsKey(dataDir) };
}

/** The environment's messaging configuration; the secrets key is read or created in `dataDir` when not set. */
export function loadMessagingConfig(env: NodeJS.ProcessEnv, dataDir: string): MessagingConfigInput {
  return withSecretsKey(parseMessagingEnv(env), dataDir);
}
