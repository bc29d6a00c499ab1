/**
 * The demo accounts (published passwords) exist only when demo data is asked for. `SEED_DEMO`
 * unset means: embedded database, served on this machine only, no super admin of one's own. And never outside
 * a local try-out (every listening address loopback, NODE_ENV not production), whatever SEED_DEMO says; a
 * database that has them from an earlier local run refuses their published passwords then (decision 060).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buildApp } from '../../src/app';
import { parseEnv, type DatabaseConfig } from '../../src/config';
import { DEMO_ACCOUNTS } from '../../src/seed/demo';
import { login, startTestApp, testConfig, type TestApp } from '../helpers/app';
import { describeEachDatabase, pgliteConfig, type DatabaseVariant } from '../helpers/databases';
import { fillWithMigratedDatabase } from '../helpers/database-templates';
import { SERVER_START_TIMEOUT_MS, startServerProcess } from '../helpers/server-process';

// Tests here start the real server in a process of its own, some on a new data folder.
jest.setTimeout(SERVER_START_TIMEOUT_MS + 60_000);

const OWN_SUPER_ADMIN = { SUPERADMIN_EMAIL: 'titolare@negozio.example.it', SUPERADMIN_PASSWORD: 'Una-Password-Lunga-2026' };
const POSTGRES_URL = 'postgres://app:pw@db.example.it:5432/loyalty';

describe('SEED_DEMO default', () => {
  it.each([
    ['nothing set (embedded database, localhost)', 'auto', {}],
    ['PUBLIC_HOST 127.0.0.1', 'auto', { PUBLIC_HOST: '127.0.0.1' }],
    ['PUBLIC_HOST ::1 and a local dashboard on another port', 'auto', { PUBLIC_HOST: '[::1]', DASHBOARD_BASE_URL: 'http://127.0.0.1:5300' }],
    ['SUPERADMIN_EMAIL set', false, OWN_SUPER_ADMIN],
    ['a public DASHBOARD_BASE_URL', false, { DASHBOARD_BASE_URL: 'https://fidelity.example.it' }],
    ['a public PUBLIC_HOST', false, { PUBLIC_HOST: 'fidelity.example.it' }],
    ['a LAN address as PUBLIC_HOST', false, { PUBLIC_HOST: '192.168.1.20' }],
    ['DATABASE_URL', false, { DATABASE_URL: POSTGRES_URL }],
    ['SEED_DEMO=true with everything against it', true, { SEED_DEMO: 'true', DATABASE_URL: POSTGRES_URL, PUBLIC_HOST: 'fidelity.example.it', ...OWN_SUPER_ADMIN }],
    ['SEED_DEMO=false on localhost', false, { SEED_DEMO: 'false' }],
    ['NODE_ENV=development, API_HOST ::1 and HOST 127.0.0.1', 'auto', { NODE_ENV: 'development', API_HOST: '::1', HOST: '127.0.0.1' }],
    // Not a local try-out: never, whatever SEED_DEMO says.
    ['API_HOST=0.0.0.0', false, { API_HOST: '0.0.0.0' }],
    ['API_HOST=0.0.0.0 with SEED_DEMO=true', false, { API_HOST: '0.0.0.0', SEED_DEMO: 'true' }],
    ['API_HOST on a LAN address with SEED_DEMO=true', false, { API_HOST: '192.168.1.20', SEED_DEMO: 'true' }],
    ['the static servers on every interface (HOST=::) with SEED_DEMO=true', false, { HOST: '::', SEED_DEMO: 'true' }],
    ['NODE_ENV=production', false, { NODE_ENV: 'production' }],
    ['NODE_ENV=production with SEED_DEMO=true', false, { NODE_ENV: 'Production', SEED_DEMO: 'true' }],
  ] as const)('%s → %p', (_case, expected, env) => {
    expect(parseEnv(env).seedDemo).toBe(expected);
  });

  it('tells a local try-out: every listening address loopback and NODE_ENV not production', () => {
    expect(parseEnv({}).localTryOut).toBe(true);
    expect(parseEnv({ API_HOST: 'localhost', HOST: '127.0.0.1', NODE_ENV: 'test' }).localTryOut).toBe(true);
    expect(parseEnv({ API_HOST: '0.0.0.0' }).localTryOut).toBe(false);
    expect(parseEnv({ HOST: '0.0.0.0' }).localTryOut).toBe(false);
    expect(parseEnv({ API_HOST: 'fidelity.example.it' }).localTryOut).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production' }).localTryOut).toBe(false);
  });

  it('refuses a PUBLIC_HOST with a scheme or a port, naming the variable', () => {
    expect(() => parseEnv({ PUBLIC_HOST: 'https://fidelity.example.it' })).toThrow('PUBLIC_HOST must be a host name without scheme or port');
    expect(() => parseEnv({ PUBLIC_HOST: 'localhost:3000' })).toThrow('PUBLIC_HOST must be a host name without scheme or port');
  });
});

describeEachDatabase('demo accounts at start', (variant: DatabaseVariant) => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-demo-accounts-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** An app on a fresh database of the variant, with the start-up data settings `env` gives. */
  async function startWith(env: NodeJS.ProcessEnv, logs?: PassThrough): Promise<{ t: TestApp; file: string }> {
    const file = path.join(dir, `demo-accounts-${Math.random().toString(36).slice(2)}.json`);
    const { seedDemo, superAdmin } = parseEnv(env);
    const t = await startTestApp(variant, { seedDemo, superAdmin, demoAccountsFile: file, ...(logs ? { logLevel: 'info' } : {}) }, logs ? { logStream: logs } : {});
    return { t, file };
  }
  const emails = async (t: TestApp) => (await t.app.db.query<{ email: string; role: string }>('SELECT email, role FROM users ORDER BY email')).rows;
  const listed = (file: string) => (JSON.parse(fs.readFileSync(file, 'utf8')) as { accounts: { email: string }[] }).accounts.map((a) => a.email);
  const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);

  it('seeds a local embedded start with nothing set: both demo logins work and are listed', async () => {
    const { t, file } = await startWith({});
    try {
      for (const account of DEMO_ACCOUNTS) expect((await login(t.app, account.email, account.password)).statusCode).toBe(200);
      expect(listed(file).sort()).toEqual([...demoEmails].sort());
    } finally {
      await t.close();
    }
  });

  it('with SUPERADMIN_EMAIL creates only that super admin: no demo account, no demo data', async () => {
    const { t, file } = await startWith(OWN_SUPER_ADMIN);
    try {
      expect(await emails(t)).toEqual([{ email: OWN_SUPER_ADMIN.SUPERADMIN_EMAIL, role: 'super_admin' }]);
      expect((await t.app.db.query('SELECT 1 FROM businesses')).rows).toEqual([]);
      expect((await login(t.app, 'superadmin@demo.it', 'SuperAdmin2026!')).statusCode).toBe(401);
      expect((await login(t.app, OWN_SUPER_ADMIN.SUPERADMIN_EMAIL, OWN_SUPER_ADMIN.SUPERADMIN_PASSWORD)).statusCode).toBe(200);
      expect(listed(file)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('with a public DASHBOARD_BASE_URL creates no account, and says how to create the first one', async () => {
    const logs = new PassThrough();
    let output = '';
    logs.on('data', (chunk) => (output += chunk));
    const { t, file } = await startWith({ DASHBOARD_BASE_URL: 'https://fidelity.example.it' }, logs);
    try {
      expect(await emails(t)).toEqual([]);
      expect(listed(file)).toEqual([]);
      expect(output).toContain('set SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD');
    } finally {
      await t.close();
    }
  });

  it('with DATABASE_URL creates none, unless SEED_DEMO=true', async () => {
    const off = await startWith({ DATABASE_URL: POSTGRES_URL });
    try {
      expect(await emails(off.t)).toEqual([]);
    } finally {
      await off.t.close();
    }
    const on = await startWith({ DATABASE_URL: POSTGRES_URL, SEED_DEMO: 'true' });
    try {
      expect((await login(on.t.app, 'admin@demo.it', 'Admin2026!')).statusCode).toBe(200);
      expect(listed(on.file).sort()).toEqual([...demoEmails].sort());
    } finally {
      await on.t.close();
    }
  });

  it('refuses the published passwords on a database seeded by an earlier local run, once exposed, and ends their sessions', async () => {
    const database = await variant.create();
    const dbConfig: DatabaseConfig = database.config.kind === 'pglite' ? pgliteConfig(path.join(dir, 'pglite-exposed')) : database.config;
    try {
      let oldToken: string;
      const local = buildApp(testConfig(dbConfig, { seedDemo: true }));
      try {
        await local.ready();
        const admin = (await local.repos.users.findCredentialsByEmail('admin@demo.it'))!;
        await local.db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await local.passwords.hash('Cambiata-2026!'), admin.id]);
        const session = await login(local, 'superadmin@demo.it', 'SuperAdmin2026!');
        expect(session.statusCode).toBe(200);
        oldToken = session.json().token;
      } finally {
        await local.close();
      }
      // The same database, started again listening on every interface (or with NODE_ENV=production).
      const { localTryOut, seedDemo } = parseEnv({ API_HOST: '0.0.0.0', SEED_DEMO: 'true' });
      const logs = new PassThrough();
      let output = '';
      logs.on('data', (chunk) => (output += chunk));
      const file = path.join(dir, 'exposed.json');
      const exposed = buildApp(testConfig(dbConfig, { localTryOut, seedDemo, demoAccountsFile: file, logLevel: 'info' }), { logStream: logs });
      try {
        await exposed.ready();
        const refused = await login(exposed, 'superadmin@demo.it', 'SuperAdmin2026!');
        expect([refused.statusCode, refused.json()]).toEqual([401, { error: 'Credenziali non valide.' }]);
        const me = await exposed.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${oldToken}` } });
        expect(me.statusCode).toBe(401);
        // A demo account whose password was changed is an ordinary account.
        expect((await login(exposed, 'admin@demo.it', 'Cambiata-2026!')).statusCode).toBe(200);
        expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ accounts: [], localTryOut: false });
        expect(output).toContain('their logins are refused and their sessions ended');
        expect(output).toContain('"accounts":["superadmin@demo.it","cassa@demo.it"]');
      } finally {
        await exposed.close();
      }
    } finally {
      await database.drop();
    }
  });

  it('lists only the demo accounts that still have their published password, and warns when demo data is off', async () => {
    const database = await variant.create();
    // the same database opened twice: PGlite on disk here (in memory it would be a new one each time)
    const dbConfig: DatabaseConfig = database.config.kind === 'pglite' ? pgliteConfig(path.join(dir, 'pglite-restart')) : database.config;
    try {
      const first = buildApp(testConfig(dbConfig, { seedDemo: true }));
      try {
        await first.ready();
        const admin = (await first.repos.users.findCredentialsByEmail('admin@demo.it'))!;
        await first.db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await first.passwords.hash('Cambiata-2026!'), admin.id]);
      } finally {
        await first.close();
      }
      // started again as a deployment that no longer asks for demo data
      const logs = new PassThrough();
      let output = '';
      logs.on('data', (chunk) => (output += chunk));
      const file = path.join(dir, 'restart.json');
      const again = buildApp(testConfig(dbConfig, { seedDemo: false, demoAccountsFile: file, logLevel: 'info' }), { logStream: logs });
      try {
        await again.ready();
        expect(listed(file)).toEqual(['superadmin@demo.it', 'cassa@demo.it']);
        expect(JSON.parse(fs.readFileSync(file, 'utf8')).localTryOut).toBe(true);
        expect(output).toContain('demo accounts with their published passwords exist although demo data is off');
        expect(output).toContain('"accounts":["superadmin@demo.it","cassa@demo.it"]');
      } finally {
        await again.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describeEachDatabase('the demo accounts of a real start', (variant: DatabaseVariant) => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-demo-start-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  // One real start per database, one condition each (parseEnv above covers both conditions everywhere).
  const [condition, env] = variant.name === 'PGlite' ? ['listening on every interface (API_HOST=0.0.0.0)', { API_HOST: '0.0.0.0' }] : ['with NODE_ENV=production', { NODE_ENV: 'production' }];

  it(`creates none ${condition}, even with SEED_DEMO=true`, async () => {
    const database = await variant.create();
    const dataDir = path.join(dir, crypto.randomBytes(4).toString('hex'));
    // What is proven is the seed's decision, not a first start: PGlite's folder holds the migrated database already.
    if (database.config.kind === 'pglite') fillWithMigratedDatabase(dataDir);
    const server = await startServerProcess({
      ...(database.config.kind === 'postgres' ? { DATABASE_URL: database.config.url } : {}),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ...env,
    });
    try {
      for (const account of DEMO_ACCOUNTS) {
        const answer = await fetch(`${server.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: account.email, password: account.password }),
        });
        expect(answer.status).toBe(401);
      }
      expect((await fetch(`${server.baseUrl}/api/business/default-business-id`).then((r) => r.json())) as unknown[]).toEqual([]);
      expect(server.output()).toContain('no demo data or demo logins');
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});
