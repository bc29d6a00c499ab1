import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { createDb, type Db } from '../src/db';
import { migrate, readMigrations } from '../src/db/migrate';
import { testConfig } from './helpers/app';
import { describeEachDatabase, type TestDatabase } from './helpers/databases';

const TABLES = [
  'businesses',
  'campaigns',
  'card_versions',
  'login_attempts',
  'loyalty_cards',
  'messaging_jobs',
  'messaging_opt_outs',
  'messaging_settings',
  'outbox_messages',
  'points_ledger',
  'schema_migrations',
  'users',
];

describeEachDatabase('migrations', (variant) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await variant.create();
    db = await createDb(database.config);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('apply every migration file once, in order', async () => {
    const files = readMigrations();
    expect(files.map((m) => m.version)[0]).toBe('001_initial_schema');
    expect(await migrate(db)).toEqual(files.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(files.map((m) => m.version));
  });

  it('create the full schema', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(rows.map((r) => r.table_name)).toEqual(TABLES);
  });

  it('generate UUID ids and keep e-mails lower-case', async () => {
    const { rows } = await db.query<{ id: string }>("INSERT INTO users (email, full_name, role) VALUES ('uuid@test.it', 'U', 'client') RETURNING id");
    expect(rows[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await expect(db.query("INSERT INTO users (email, full_name, role) VALUES ('Upper@test.it', 'U', 'client')")).rejects.toThrow();
    await expect(db.query("INSERT INTO users (email, full_name, role) VALUES ('x@test.it', 'U', 'owner')")).rejects.toThrow();
  });

  it('return the same JavaScript types on every driver', async () => {
    const { rows } = await db.query(
      "SELECT 12.5::numeric(12,2) AS points, count(*) AS n, DATE '1990-04-30' AS birth, TIMESTAMPTZ '2026-01-02 03:04:05.678+01' AS at, '[1]'::jsonb AS j FROM users",
    );
    expect(rows[0]).toEqual({ points: 12.5, n: 1, birth: '1990-04-30', at: '2026-01-02T02:04:05.678Z', j: [1] });
  });

  it('roll back a failing migration completely', async () => {
    const broken = [{ version: '999_broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' }];
    await expect(migrate(db, [...readMigrations(), ...broken])).rejects.toThrow();
    const { rows } = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
    expect(rows).toEqual([]);
    expect((await db.query("SELECT 1 FROM schema_migrations WHERE version = '999_broken'")).rows).toEqual([]);
  });

  it('roll back a failing transaction and commit a good one', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO users (email, full_name, role) VALUES ('rolled@test.it', 'R', 'client')");
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await db.transaction((tx) => tx.query("INSERT INTO users (email, full_name, role) VALUES ('kept@test.it', 'K', 'client')"));
    const { rows } = await db.query<{ email: string }>("SELECT email FROM users WHERE email IN ('rolled@test.it', 'kept@test.it')");
    expect(rows.map((r) => r.email)).toEqual(['kept@test.it']);
  });
});

describeEachDatabase('migration 012 (marketing consent per channel)', (variant) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await variant.create();
    db = await createDb(database.config);
    // A database as it was before: cards with the old single checkbox.
    await migrate(db, readMigrations().filter((m) => m.version < '012'));
    await db.query("INSERT INTO businesses (id, name) VALUES ('b1', 'Bar')");
    await db.query(
      `INSERT INTO loyalty_cards (id, business_id, card_number, customer_name, marketing_consent)
       VALUES ('yes', 'b1', 'LC-00000001', 'Sì', true), ('no', 'b1', 'LC-00000002', 'No', false)`,
    );
    expect(await migrate(db)).toEqual(readMigrations().filter((m) => m.version >= '012').map((m) => m.version));
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const card = async (id: string) =>
    (await db.query<{ marketing_channels: string[]; marketing_consent: boolean }>('SELECT marketing_channels, marketing_consent FROM loyalty_cards WHERE id = $1', [id]))
      .rows[0];

  it('gives every channel to a card that had the old consent, none to one without', async () => {
    expect(await card('yes')).toEqual({ marketing_channels: ['whatsapp', 'sms', 'email'], marketing_consent: true });
    expect(await card('no')).toEqual({ marketing_channels: [], marketing_consent: false });
  });

  it('computes marketing_consent from the channels, and nothing can write it', async () => {
    await db.query("UPDATE loyalty_cards SET marketing_channels = '{sms}' WHERE id = 'no'");
    expect(await card('no')).toEqual({ marketing_channels: ['sms'], marketing_consent: true });
    await db.query("UPDATE loyalty_cards SET marketing_channels = '{}' WHERE id = 'no'");
    expect(await card('no')).toEqual({ marketing_channels: [], marketing_consent: false });
    await expect(db.query("UPDATE loyalty_cards SET marketing_consent = true WHERE id = 'no'")).rejects.toThrow();
    await expect(
      db.query("INSERT INTO loyalty_cards (business_id, card_number, customer_name, marketing_consent) VALUES ('b1', 'LC-00000003', 'X', true)"),
    ).rejects.toThrow();
  });

  it('refuses unknown channels, repeats, NULLs and another order: one stored form per set', async () => {
    for (const channels of ['{fax}', '{sms,sms}', '{sms,whatsapp}', '{NULL}', '{whatsapp,SMS}']) {
      await expect(db.query("UPDATE loyalty_cards SET marketing_channels = $1 WHERE id = 'no'", [channels])).rejects.toThrow(/marketing_channels_known/);
    }
    await expect(db.query("UPDATE loyalty_cards SET marketing_channels = NULL WHERE id = 'no'")).rejects.toThrow();
    expect(await card('no')).toEqual({ marketing_channels: [], marketing_consent: false });
  });
});

describe('persisted PGlite data directory', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-pglite-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is migrated and seeded on first start, and kept as is on the next', async () => {
    const config = testConfig({ kind: 'pglite', dataDir }, { seedDemo: 'auto', dataDir });
    const count = async (app: ReturnType<typeof buildApp>) =>
      (await app.db.query<{ n: number }>('SELECT (SELECT count(*) FROM businesses) + (SELECT count(*) FROM loyalty_cards) AS n')).rows[0].n;

    const first = buildApp(config);
    await first.ready();
    const seeded = await count(first);
    expect(seeded).toBeGreaterThan(40);
    await first.close();

    const second = buildApp(config);
    await second.ready();
    expect(await count(second)).toBe(seeded);
    expect((await second.db.query('SELECT version FROM schema_migrations')).rows).toHaveLength(readMigrations().length);
    await second.close();
  });
});
