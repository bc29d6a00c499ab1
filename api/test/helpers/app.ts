import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppOptions } from '../../src/app';
import type { AppConfig, DatabaseConfig, PasswordHashingConfig } from '../../src/config';
import { DEMO_ACCOUNTS } from '../../src/seed/demo';
import type { DatabaseVariant, TestDatabase } from './databases';

export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnop';
/** GET /api/metrics exists in every test app, so the route registries (authorization matrix, OpenAPI, fuzz, floods) cover it. */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789-abcdefghij';

/**
 * Cheap argon2id parameters for tests only: the production ones cost ~0.2 s per hash on CI machines,
 * and the suites hash and verify dozens of times. Production parameters cannot be lowered from the
 * environment (config.ts); the argon2 code path is the same.
 */
export const TEST_PASSWORD_HASHING: PasswordHashingConfig = { memoryCost: 4096, timeCost: 2, parallelism: 1 };

export function testConfig(database: DatabaseConfig, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    database,
    dataDir: '/nonexistent-test-data-dir',
    jwtSecret: TEST_JWT_SECRET,
    jwtExpiresInSeconds: 3600,
    superAdmin: null,
    seedDemo: false,
    localTryOut: true,
    logLevel: 'silent',
    trustProxy: 'loopback',
    corsOrigins: [],
    loginRateLimitPerMinute: 1000,
    signupRateLimitPerMinute: 1000,
    connectionTestRateLimitPerMinute: 1000,
    singleMessageRateLimitPerMinute: 1000,
    campaignSendRateLimitPerMinute: 1000,
    cardImportRateLimitPerMinute: 1000,
    dashboardBaseUrl: 'http://localhost:3000',
    passwordHashing: TEST_PASSWORD_HASHING,
    // Suites log in and create users in parallel from one address; the flood test sets its own bounds.
    passwordHashQueue: { concurrency: 4, maxWaiting: 1000, maxWaitingPerClient: 1000 },
    metricsToken: TEST_METRICS_TOKEN,
    ...overrides,
    // The quiet hours off unless a suite asks for them (decision 082): most suites send on the real clock, at any
    // hour of CI's day; those that prove the hold (quiet-hours, automations, campaign-schedule, rewards-sweep)
    // set `quietHours: true` under a clock they control.
    messaging: { ...overrides.messaging, quietHours: overrides.messaging?.quietHours ?? false },
  };
}

export interface TestApp {
  app: App;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A ready app on a fresh database of the variant; `close()` also drops the database. `prepare` runs on the
 * app before its plugins load (where an `onRoute` hook sees every route).
 */
export async function startTestApp(
  variant: DatabaseVariant,
  overrides: Partial<AppConfig> = {},
  options: AppOptions = {},
  prepare?: (app: App) => void,
): Promise<TestApp> {
  const database = await variant.create();
  const app = buildApp(testConfig(database.config, overrides), options);
  try {
    prepare?.(app);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.drop();
    throw error;
  }
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export const demoAccount = (role: 'admin' | 'super_admin') => DEMO_ACCOUNTS.find((a) => a.role === role)!;

export function login(app: App, email: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

/** Logs in and returns the `Authorization` header for the account. */
export async function authHeader(app: App, email: string, password: string): Promise<{ authorization: string }> {
  const response = await login(app, email, password);
  if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
  return { authorization: `Bearer ${response.json().token}` };
}

/** Creates a user directly in the database (password hashed with the app's hasher). */
export async function createUser(
  app: App,
  user: { email: string; role: 'client' | 'staff' | 'admin' | 'super_admin'; password?: string; full_name?: string; business_id?: string },
) {
  const created = await app.repos.users.create({
    email: user.email,
    role: user.role,
    full_name: user.full_name ?? user.email,
    business_id: user.business_id ?? null,
    password_hash: user.password ? await app.passwords.hash(user.password) : null,
  });
  if (!created) throw new Error(`a user with the e-mail ${user.email} already exists`);
  return created;
}
