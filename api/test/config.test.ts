import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, DEFAULT_DATA_DIR, PRODUCTION_PASSWORD_HASHING, REPO_ROOT, loadConfig, parseDuration, parseEnv } from '../src/config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    parseEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({
      port: 3100,
      host: '127.0.0.1',
      database: { kind: 'pglite', dataDir: DEFAULT_DATA_DIR },
      dataDir: DEFAULT_DATA_DIR,
      jwtSecret: null,
      jwtExpiresInSeconds: 12 * 3600,
      superAdmin: null,
      seedDemo: 'auto',
      logLevel: 'info',
      trustProxy: false,
      proxySecret: null,
      demoAccountsFile: null,
      redis: null,
      corsOrigins: [],
      loginRateLimitPerMinute: 30,
      signupRateLimitPerMinute: 20,
      dashboardBaseUrl: 'http://localhost:3000',
      passwordHashing: PRODUCTION_PASSWORD_HASHING,
    });
    expect(DEFAULT_DATA_DIR).toBe(path.join(REPO_ROOT, '.data', 'pglite'));
    expect(fs.existsSync(path.join(REPO_ROOT, 'api', 'package.json'))).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set, without demo data unless SEED_DEMO=true', () => {
    const url = 'postgres://user:pw@db.example:5432/loyalty';
    expect(parseEnv({ DATABASE_URL: url })).toMatchObject({ database: { kind: 'postgres', url }, seedDemo: false });
    expect(parseEnv({ DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(parseEnv({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('reads every variable', () => {
    const config = parseEnv(
      {
        API_PORT: '4000',
        API_HOST: '0.0.0.0',
        DATA_DIR: 'var/db',
        JWT_SECRET: 'x'.repeat(32),
        JWT_EXPIRES_IN: '30m',
        SUPERADMIN_EMAIL: 'Boss@Example.IT',
        SUPERADMIN_PASSWORD: 'long-enough',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'false',
        CORS_ORIGINS: 'http://a.example, http://b.example',
        LOGIN_RATE_LIMIT: '5',
        SIGNUP_RATE_LIMIT: '7',
        DASHBOARD_BASE_URL: 'https://app.example.it/',
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      database: { kind: 'pglite', dataDir: '/srv/app/var/db' },
      jwtSecret: 'x'.repeat(32),
      jwtExpiresInSeconds: 1800,
      superAdmin: { email: 'boss@example.it', password: 'long-enough' },
      logLevel: 'warn',
      trustProxy: false,
      corsOrigins: ['http://a.example', 'http://b.example'],
      loginRateLimitPerMinute: 5,
      signupRateLimitPerMinute: 7,
      dashboardBaseUrl: 'https://app.example.it',
    });
  });

  it('shares rate limits and session invalidation through Redis when REDIS_URL is set (decision 053)', () => {
    expect(parseEnv({ REDIS_URL: ' redis://:pw@cache.example:6379/2 ' }).redis).toEqual({ url: 'redis://:pw@cache.example:6379/2', namespace: 'loyalty:' });
    expect(parseEnv({ REDIS_URL: 'rediss://cache.example' }).redis).toEqual({ url: 'rediss://cache.example', namespace: 'loyalty:' });
    expect(parseEnv({ REDIS_URL: '' }).redis).toBeNull();
  });

  it('prefixes keys and channels with REDIS_NAMESPACE, so two deployments can share one Redis', () => {
    expect(parseEnv({ REDIS_URL: 'redis://cache.example', REDIS_NAMESPACE: 'loyalty-staging:' }).redis).toEqual({ url: 'redis://cache.example', namespace: 'loyalty-staging:' });
    expect(problemsOf({ REDIS_URL: 'redis://cache.example', REDIS_NAMESPACE: 'con spazi' })).toEqual(['REDIS_NAMESPACE must be 1-64 letters, digits or _ . : - (e.g. loyalty-staging:)']);
  });

  it('reads SHUTDOWN_DRAIN_MS, how long a stopping instance answers «riavvio» before closing (default 0)', () => {
    expect(parseEnv({}).shutdownDrainMs).toBe(0);
    expect(parseEnv({ SHUTDOWN_DRAIN_MS: '3000' }).shutdownDrainMs).toBe(3000);
    for (const bad of ['-1', '1.5', 'tre', '30001']) {
      expect(problemsOf({ SHUTDOWN_DRAIN_MS: bad })).toEqual(['SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 30000']);
    }
  });

  it('reads METRICS_TOKEN, the scraper\'s token of GET /api/metrics, and refuses one shorter than 32 characters without echoing it', () => {
    expect(parseEnv({}).metricsToken).toBeNull();
    const token = 'm'.repeat(40);
    expect(parseEnv({ METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
    const problems = problemsOf({ METRICS_TOKEN: 'hunter2-metrics' });
    expect(problems).toEqual(['METRICS_TOKEN must be at least 32 characters (got 15)']);
    expect(problems.join()).not.toContain('hunter2');
  });

  it('rejects a REDIS_URL that is not a redis:// URL without echoing it (it may carry a password)', () => {
    for (const value of ['http://:hunter2@cache.example', 'cache.example:6379', 'redis://:hunter2@']) {
      const problems = problemsOf({ REDIS_URL: value });
      expect(problems).toEqual(['REDIS_URL must be a redis:// or rediss:// URL']);
      expect(problems.join()).not.toContain('hunter2');
    }
  });

  it('turns the try-out mailbox on for a local try-out only (LOCAL_MAILBOX, decision 058)', () => {
    expect(parseEnv({}).localMailbox).toBe(path.join(DEFAULT_DATA_DIR, 'local-mailbox.txt'));
    expect(parseEnv({ DATA_DIR: 'var/db' }, '/srv/app').localMailbox).toBe('/srv/app/var/db/local-mailbox.txt');
    expect(parseEnv({ LOCAL_MAILBOX: 'false' }).localMailbox).toBeNull();
    // Anyone else could reach the product: off, and asking for it is an error naming the variable.
    expect(parseEnv({ API_HOST: '0.0.0.0' }).localMailbox).toBeNull();
    expect(parseEnv({ PUBLIC_HOST: 'fidelity.example.it' }).localMailbox).toBeNull();
    expect(parseEnv({ DASHBOARD_BASE_URL: 'https://fidelity.example.it' }).localMailbox).toBeNull();
    expect(problemsOf({ LOCAL_MAILBOX: 'true', API_HOST: '0.0.0.0' })).toEqual([expect.stringMatching(/^LOCAL_MAILBOX=true is for a local try-out only/)]);
    expect(parseEnv({ LOCAL_MAILBOX: 'true', API_HOST: '::1' }).localMailbox).toBe(path.join(DEFAULT_DATA_DIR, 'local-mailbox.txt'));
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ API_PORT: '', JWT_SECRET: ' ', DATABASE_URL: '' })).toMatchObject({ port: 3100, jwtSecret: null, database: { kind: 'pglite' } });
  });

  it.each([
    [{ API_PORT: 'abc' }, 'API_PORT must be a port number between 1 and 65535'],
    [{ API_PORT: '70000' }, 'API_PORT must be a port number between 1 and 65535'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL must be a postgres:// or postgresql:// connection URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters (got 5)'],
    [{ JWT_EXPIRES_IN: 'forever' }, 'JWT_EXPIRES_IN must be a duration like 12h, 30m, 7d or a number of seconds (got "forever")'],
    [{ SUPERADMIN_EMAIL: 'not-an-email', SUPERADMIN_PASSWORD: 'long-enough' }, 'SUPERADMIN_EMAIL must be an email address'],
    [{ SUPERADMIN_EMAIL: 'a@b.it', SUPERADMIN_PASSWORD: 'short' }, 'SUPERADMIN_PASSWORD must be at least 8 characters'],
    [{ SUPERADMIN_EMAIL: 'a@b.it' }, 'SUPERADMIN_PASSWORD is required when SUPERADMIN_EMAIL is set'],
    [{ SUPERADMIN_PASSWORD: 'long-enough' }, 'SUPERADMIN_EMAIL is required when SUPERADMIN_PASSWORD is set'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false (got "maybe")'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ LOGIN_RATE_LIMIT: '0' }, 'LOGIN_RATE_LIMIT must be a positive integer (login requests per minute per IP)'],
    [{ SIGNUP_RATE_LIMIT: '-1' }, 'SIGNUP_RATE_LIMIT must be a positive integer (card signups per minute per IP)'],
    [{ DASHBOARD_BASE_URL: 'ftp://x.example' }, 'DASHBOARD_BASE_URL must be an http:// or https:// URL'],
  ])('rejects %j naming the variable', (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it('lists every problem at once, without echoing secrets', () => {
    const error = (() => {
      try {
        parseEnv({ API_PORT: 'x', JWT_SECRET: 'my-short-secret' });
      } catch (e) {
        return e as ConfigError;
      }
    })()!;
    expect(error.problems).toHaveLength(2);
    expect(error.message).toMatch(/^Invalid configuration:\n {2}- API_PORT .*\n {2}- JWT_SECRET /);
    expect(error.message).not.toContain('my-short-secret');
  });
});

describe('parseDuration', () => {
  it.each([
    ['45', 45],
    ['45s', 45],
    ['30m', 1800],
    ['12h', 43200],
    ['7d', 604800],
    ['0h', null],
    ['1.5h', null],
    ['h', null],
  ])('%s → %s', (input, seconds) => expect(parseDuration(input)).toBe(seconds));
});

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-config-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates a JWT secret on first run and keeps it for the next starts', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('lists the bad variables of every section at once and writes nothing', () => {
    const env = { DATA_DIR: dataDir, API_PORT: 'x', MESSAGING_DRIVER: 'fax', WALLET_GOOGLE_ISSUER_ID: '1234567' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/API_PORT must be .*\n.*MESSAGING_DRIVER must be .*\n.*Google Wallet is half configured/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('uses JWT_SECRET when given and writes nothing', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(40) }).jwtSecret).toBe('s'.repeat(40));
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });
});

describe('server start with a bad variable', () => {
  it('exits with code 1 and a message naming the variable', () => {
    const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
    const result = spawnSync(tsx, [path.join(REPO_ROOT, 'api', 'src', 'server.ts')], {
      env: { PATH: process.env.PATH, API_PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('API_PORT must be a port number between 1 and 65535');
  });
});
