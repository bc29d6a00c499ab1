import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { createDb, type Db } from '../src/db';
import { migrate, readMigrations } from '../src/db/migrate';
import { authHeader, createUser, testConfig } from './helpers/app';
import { describeEachDatabase, pgliteConfig, type TestDatabase } from './helpers/databases';

const TABLES = [
  // Decision 080 (migration 039): the owner's automations.
  'automations',
  // Decision 070 (migration 028): shop members (co-admins, staff) and their invitations.
  'business_members',
  'businesses',
  'campaigns',
  'card_versions',
  'consent_events',
  'customer_login_links',
  // Decision 058 (migration 024): customer sessions that end on the server.
  'customer_sessions',
  'login_attempts',
  'loyalty_cards',
  // Decision 080 (migration 039): one marketing message per card a day.
  'marketing_card_days',
  'messaging_jobs',
  'messaging_opt_outs',
  'messaging_settings',
  'outbox_messages',
  'password_reset_links',
  // Decision 080 (migration 039): the line type of the phones met (landlines get no SMS or WhatsApp).
  'phone_line_types',
  'platform_settings',
  'points_ledger',
  // Decision 075 (migration 033): promotions of the earning rule.
  'promotions',
  'rewards',
  'scheduled_tasks',
  'schema_migrations',
  'user_audit_events',
  'user_invitations',
  'users',
  // Apple Wallet (migration 014).
  // Google Wallet (migration 016).
  'wallet_google_jobs',
  'wallet_google_objects',
  'wallet_passes',
  'wallet_push_jobs',
  'wallet_registrations',
  'wallet_update_counter',
];

describeEachDatabase('migrations', (variant) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await variant.create({ migrated: false });
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

  // Every other suite starts from a copy of a database migrated once per run (helpers/database-templates.ts):
  // it must be exactly the schema the migrations make, with nothing left for the app to apply at its start.
  it('give the suites a starting database equal to one migrated from scratch', async () => {
    const copy = await variant.create();
    const copyDb = await createDb(copy.config);
    try {
      const schema = (target: Db) =>
        target.query(
          `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY table_name, column_name`,
        );
      const versions = async (target: Db) => (await target.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows;
      expect(await versions(copyDb)).toEqual(readMigrations().map((m) => ({ version: m.version })));
      expect(await migrate(copyDb)).toEqual([]);
      expect((await schema(copyDb)).rows).toEqual((await schema(db)).rows);
    } finally {
      await copyDb.close();
      await copy.drop();
    }
  });
});

describeEachDatabase('migration 012 (marketing consent per channel)', (variant) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await variant.create({ migrated: false });
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

/**
 * Decision 024: migration 011 is a TypeScript data step. A database left at migration 010 with
 * numbers typed every which way, then the API started on it: valid numbers become E.164, the others stay
 * exactly as written, and a card stored as '333 1234567' is now reached by a campaign.
 */
describeEachDatabase('migration 011: phone numbers in E.164', (variant) => {
  const ADMIN = { email: 'admin.011@test.it', password: 'Admin011Password!' };
  let database: TestDatabase;
  let dataDir: string | null = null;
  let app: ReturnType<typeof buildApp>;

  beforeAll(async () => {
    // The API is started on the same database afterwards: PGlite needs a folder to keep it in between.
    if (variant.name === 'PGlite') {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-011-'));
      database = { config: pgliteConfig(dataDir, { migrated: false }), drop: async () => fs.rmSync(dataDir!, { recursive: true, force: true }) };
    } else {
      database = await variant.create({ migrated: false });
    }
    const db = await createDb(database.config);
    const before011 = readMigrations().filter((m) => m.version < '011');
    expect(before011.map((m) => m.version).at(-1)).toBe('010_campaign_segments');
    await migrate(db, before011);
    await db.exec(`
      INSERT INTO users (id, email, full_name, role, phone) VALUES
        ('u-admin', '${ADMIN.email}', 'Admin', 'admin', '02 1234 5678'),
        ('u-national', 'national@test.it', 'N', 'client', '333 123 4567'),
        ('u-zeros', 'zeros@test.it', 'Z', 'client', '0039 333 765 4321'),
        ('u-foreign', 'foreign@test.it', 'F', 'client', '+44 20 7946 0958'),
        ('u-e164', 'e164@test.it', 'E', 'client', '+393331112222'),
        ('u-abc', 'abc@test.it', 'A', 'client', 'abc'),
        ('u-short', 'short@test.it', 'S', 'client', '333 12'),
        ('u-empty', 'empty@test.it', 'V', 'client', ''),
        ('u-none', 'none@test.it', 'X', 'client', NULL);
      INSERT INTO businesses (id, name, phone, sms_enabled, owner_id) VALUES
        ('b-011', 'Bar 011', '+39 02 8765 4321', 1, 'u-admin'),
        ('b-bad', 'Bar senza numero', 'chiamare', 0, 'u-admin');
      INSERT INTO messaging_settings (business_id, driver, phone_number) VALUES ('b-011', 'outbox', '02 8765 4321');
      INSERT INTO loyalty_cards (id, business_id, card_number, customer_name, customer_phone, marketing_consent) VALUES
        ('c-national', 'b-011', 'LC-00000001', 'Nazionale', '333 1234567', true),
        ('c-dashes', 'b-011', 'LC-00000002', 'Trattini', '(347) 111-2222', true),
        ('c-abc', 'b-011', 'LC-00000003', 'Lettere', 'abc', true),
        ('c-none', 'b-011', 'LC-00000004', 'Senza', NULL, true);
      INSERT INTO messaging_opt_outs (business_id, contact, created_at) VALUES
        ('b-011', '333 7654321', '2026-01-01T00:00:00Z'),
        ('b-011', '+393337654321', '2026-02-01T00:00:00Z'),
        ('b-011', '0039 333 9998888', '2026-01-01T00:00:00Z'),
        ('b-011', '345.000.1111', '2026-01-01T00:00:00Z'),
        ('b-011', '3450001111', '2026-03-01T00:00:00Z'),
        ('b-011', 'stop@test.it', '2026-01-01T00:00:00Z'),
        ('b-011', 'xyz', '2026-01-01T00:00:00Z');
      INSERT INTO campaigns (id, business_id, name, recipients) VALUES
        ('k-list', 'b-011', 'Vecchia lista', '[{"customer_name":"Anna","customer_phone":"333 1234567","email":null},{"customerphone":"0039 333 2223333"},"347 1112222","x@y.it",{"customer_phone":"abc","email":"a@b.it"}]'),
        ('k-empty', 'b-011', 'Vuota', '[]');
    `);
    await db.close();
    app = buildApp(testConfig(database.config, dataDir ? { dataDir } : {}));
    await app.ready();
    await createUser(app, { email: 'admin.011.login@test.it', role: 'admin', password: ADMIN.password }).then((u) =>
      app.db.query("UPDATE businesses SET owner_id = $1 WHERE id = 'b-011'", [u.id]),
    );
  });
  afterAll(async () => {
    await app?.close();
    await database.drop();
  });

  const column = async (sql: string) => Object.fromEntries((await app.db.query<{ id: string; v: string | null }>(sql)).rows.map((r) => [r.id, r.v]));

  it('is recorded once, after 010', async () => {
    const { rows } = await app.db.query<{ version: string }>("SELECT version FROM schema_migrations WHERE version LIKE '01%' ORDER BY version");
    expect(rows.map((r) => r.version).slice(0, 2)).toEqual(['010_campaign_segments', '011_phone_numbers_e164']);
    expect(await migrate(app.db)).toEqual([]);
  });

  it('turns valid numbers into E.164 and leaves the others exactly as written', async () => {
    expect(await column("SELECT id, phone AS v FROM users WHERE id LIKE 'u-%' ORDER BY id")).toEqual({
      'u-admin': '+390212345678',
      'u-national': '+393331234567',
      'u-zeros': '+393337654321',
      'u-foreign': '+442079460958',
      'u-e164': '+393331112222',
      'u-abc': 'abc',
      'u-short': '333 12',
      'u-empty': '',
      'u-none': null,
    });
    expect(await column("SELECT id, phone AS v FROM businesses WHERE id IN ('b-011', 'b-bad')")).toEqual({ 'b-011': '+390287654321', 'b-bad': 'chiamare' });
    expect(await column("SELECT business_id AS id, phone_number AS v FROM messaging_settings WHERE business_id = 'b-011'")).toEqual({ 'b-011': '+390287654321' });
    expect(await column("SELECT id, customer_phone AS v FROM loyalty_cards WHERE business_id = 'b-011'")).toEqual({
      'c-national': '+393331234567',
      'c-dashes': '+393471112222',
      'c-abc': 'abc',
      'c-none': null,
    });
  });

  it('keeps one STOP per number (the one in E.164, else the earliest) and leaves e-mails and non-numbers alone', async () => {
    const { rows } = await app.db.query<{ contact: string; created_at: string }>(
      "SELECT contact, created_at FROM messaging_opt_outs WHERE business_id = 'b-011' ORDER BY contact",
    );
    expect(rows).toEqual([
      { contact: '+393337654321', created_at: '2026-02-01T00:00:00.000Z' },
      { contact: '+393339998888', created_at: '2026-01-01T00:00:00.000Z' },
      { contact: '+393450001111', created_at: '2026-01-01T00:00:00.000Z' },
      { contact: 'stop@test.it', created_at: '2026-01-01T00:00:00.000Z' },
      { contact: 'xyz', created_at: '2026-01-01T00:00:00.000Z' },
    ]);
  });

  it("rewrites the phones of a campaign's recipient list, keeping everything else", async () => {
    const { rows } = await app.db.query<{ id: string; recipients: unknown }>("SELECT id, recipients FROM campaigns WHERE business_id = 'b-011' ORDER BY id");
    expect(rows).toEqual([
      { id: 'k-empty', recipients: [] },
      {
        id: 'k-list',
        recipients: [
          { customer_name: 'Anna', customer_phone: '+393331234567', email: null },
          { customerphone: '+393332223333' },
          '+393471112222',
          'x@y.it',
          { customer_phone: 'abc', email: 'a@b.it' },
        ],
      },
    ]);
  });

  it("reaches the card stored as '333 1234567': the campaign queues it instead of skipping it", async () => {
    const headers = await authHeader(app, 'admin.011.login@test.it', ADMIN.password);
    const created = await app.inject({ method: 'POST', url: '/api/campaigns', headers, payload: { businessId: 'b-011', name: 'Dopo 011', channels: ['sms'], segment: { kind: 'all' } } });
    expect(created.statusCode).toBe(201);
    const sent = await app.inject({ method: 'POST', url: `/api/campaigns/${created.json().id}/send`, headers, payload: { service: 'sms', message: 'Ciao' } });
    expect(sent.statusCode).toBe(200);
    // Before 011 only '(347) 111-2222' was taken apart into a number ('3471112222', still not E.164): nothing queued.
    expect(sent.json()).toMatchObject({ queued: 2, skipped: 2, skippedByReason: { invalidContact: 2 } });
    // The worker may already have sent them: every job that was not skipped.
    const { rows } = await app.db.query<{ recipient: string }>("SELECT recipient FROM messaging_jobs WHERE business_id = 'b-011' AND status <> 'skipped' ORDER BY recipient");
    expect(rows.map((r) => r.recipient)).toEqual(['+393331234567', '+393471112222']);
  });
});

describeEachDatabase('migration 019 (consent events)', (variant) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await variant.create({ migrated: false });
    db = await createDb(database.config);
    // Cards made before the history: one with the privacy notice and two channels, one with neither.
    await migrate(db, readMigrations().filter((m) => m.version < '019'));
    await db.query("INSERT INTO businesses (id, name) VALUES ('b1', 'Bar')");
    await db.query(
      `INSERT INTO loyalty_cards (id, business_id, card_number, customer_name, privacy_ack, marketing_channels, created_at)
       VALUES ('both', 'b1', 'LC-00000001', 'Sì', true, '{whatsapp,email}', '2024-03-01T09:00:00Z'),
              ('none', 'b1', 'LC-00000002', 'No', false, '{}', '2024-04-01T09:00:00Z')`,
    );
    expect(await migrate(db)).toEqual(readMigrations().filter((m) => m.version >= '019').map((m) => m.version));
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const events = async (card: string) =>
    (
      await db.query<{ purpose: string; channel: string | null; granted: boolean; source: string; wording_version: string; occurred_at: string }>(
        'SELECT purpose, channel, granted, source, wording_version, occurred_at FROM consent_events WHERE card_id = $1 ORDER BY id',
        [card],
      )
    ).rows;

  it("gives every existing card a 'migration' row for its service consent and one per channel, dated at the card's creation", async () => {
    const at = new Date('2024-03-01T09:00:00Z').toISOString();
    expect((await events('both')).map((e) => ({ ...e, occurred_at: new Date(e.occurred_at).toISOString() }))).toEqual([
      { purpose: 'service', channel: null, granted: true, source: 'migration', wording_version: 'unknown', occurred_at: at },
      { purpose: 'marketing', channel: 'whatsapp', granted: true, source: 'migration', wording_version: 'unknown', occurred_at: at },
      { purpose: 'marketing', channel: 'email', granted: true, source: 'migration', wording_version: 'unknown', occurred_at: at },
    ]);
    expect(await events('none')).toEqual([]);
  });

  it('refuses updates, unknown purposes, sources and channels, and a channel on the service consent', async () => {
    await expect(db.query("UPDATE consent_events SET granted = false WHERE card_id = 'both'")).rejects.toThrow(/append-only/);
    const insert = (purpose: string, channel: string | null, source: string) =>
      db.query(
        `INSERT INTO consent_events (card_id, business_id, purpose, channel, granted, wording_version, source) VALUES ('both', 'b1', $1, $2, true, 'v1', $3)`,
        [purpose, channel, source],
      );
    await expect(insert('profiling', 'sms', 'signup')).rejects.toThrow(/purpose_known/);
    await expect(insert('marketing', 'fax', 'signup')).rejects.toThrow(/channel_known/);
    await expect(insert('marketing', 'sms', 'phone_call')).rejects.toThrow(/source_known/);
    await expect(insert('service', 'sms', 'signup')).rejects.toThrow(/channel_for_purpose/);
    await expect(insert('marketing', null, 'signup')).rejects.toThrow(/channel_for_purpose/);
    expect(await events('both')).toHaveLength(3);
  });
});

describeEachDatabase('migration 022 (consent evidence)', (variant) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await variant.create({ migrated: false });
    db = await createDb(database.config);
    // An event written before the migration (a signup's WhatsApp).
    await migrate(db, readMigrations().filter((m) => m.version < '022'));
    await db.query("INSERT INTO businesses (id, name) VALUES ('b1', 'Bar')");
    await db.query("INSERT INTO loyalty_cards (id, business_id, card_number, customer_name) VALUES ('c1', 'b1', 'LC-00000001', 'Anna')");
    await db.query(
      "INSERT INTO consent_events (card_id, business_id, purpose, channel, granted, wording_version, source, occurred_at) VALUES ('c1', 'b1', 'marketing', 'whatsapp', true, 'marketing-v1', 'signup', '2025-01-02T10:00:00Z')",
    );
    expect(await migrate(db)).toEqual(readMigrations().filter((m) => m.version >= '022').map((m) => m.version));
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const insert = (evidence: string | null) =>
    db.query(
      `INSERT INTO consent_events (card_id, business_id, purpose, channel, granted, wording_version, source, occurred_at, evidence)
       VALUES ('c1', 'b1', 'marketing', 'sms', true, 'unknown', 'import', '2025-01-01T12:00:00Z', $1) RETURNING recorded_at, evidence`,
      [evidence],
    );

  it('leaves the older events without a recording time or evidence, and records the time of new ones', async () => {
    const { rows } = await db.query<{ recorded_at: string | null; evidence: string | null }>("SELECT recorded_at, evidence FROM consent_events WHERE card_id = 'c1'");
    expect(rows).toEqual([{ recorded_at: null, evidence: null }]);
    const inserted = (await insert('modulo cartaceo in negozio')).rows[0];
    expect(inserted.evidence).toBe('modulo cartaceo in negozio');
    expect(inserted.recorded_at).not.toBeNull();
  });

  it('refuses a blank or too long evidence, and an update of any event (append-only still)', async () => {
    await expect(insert('  ')).rejects.toThrow(/evidence_length/);
    await expect(insert('x'.repeat(201))).rejects.toThrow(/evidence_length/);
    await expect(db.query("UPDATE consent_events SET evidence = 'altro' WHERE card_id = 'c1'")).rejects.toThrow(/append-only/);
  });
});

describeEachDatabase('migration 023 (write path cost)', (variant) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await variant.create({ migrated: false });
    db = await createDb(database.config);
    await migrate(db, readMigrations().filter((m) => m.version < '023'));
    await db.query("INSERT INTO businesses (id, name) VALUES ('b1', 'Bar')");
    await db.query("INSERT INTO loyalty_cards (id, business_id, card_number, customer_name, marketing_channels) VALUES ('c1', 'b1', 'LC-00000001', 'Anna', '{whatsapp,email}')");
    expect(await migrate(db)).toEqual(readMigrations().filter((m) => m.version >= '023').map((m) => m.version));
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const versions = async () =>
    (await db.query<{ shard: number; version: string }>("SELECT shard, version::text FROM card_versions WHERE business_id = 'b1' ORDER BY shard")).rows;

  it('bumps the marker of the card’s (business, shard) in PL/pgSQL, with a fresh sequence value each time', async () => {
    const { rows } = await db.query<{ lanname: string }>(
      "SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.proname = 'card_versions_bump'",
    );
    expect(rows).toEqual([{ lanname: 'plpgsql' }]);
    const before = await versions();
    expect(before).toHaveLength(1);
    await db.query("UPDATE loyalty_cards SET points = points + 1 WHERE id = 'c1'");
    const afterCard = await versions();
    expect(afterCard.map((v) => v.shard)).toEqual(before.map((v) => v.shard));
    expect(BigInt(afterCard[0].version)).toBeGreaterThan(BigInt(before[0].version));
    await db.query("INSERT INTO points_ledger (card_id, points, description) VALUES ('c1', 1, 'solo registro')");
    expect(BigInt((await versions())[0].version)).toBeGreaterThan(BigInt(afterCard[0].version));
  });

  it('accepts exactly the channel sets the function of migration 012 calls canonical', async () => {
    const candidates = [
      '{}', '{whatsapp}', '{sms}', '{email}', '{whatsapp,sms}', '{whatsapp,email}', '{sms,email}', '{whatsapp,sms,email}',
      '{fax}', '{sms,sms}', '{sms,whatsapp}', '{email,sms}', '{NULL}', '{whatsapp,SMS}', '{""}', '{"sms,email"}', '{" sms"}',
      '{{whatsapp}}', '[2:2]={sms}', '{whatsapp,sms,email,email}',
    ];
    for (const channels of candidates) {
      const { rows } = await db.query<{ canonical: boolean }>('SELECT loyalty_marketing_channels($1::text[]) = $1::text[] AS canonical', [channels]);
      const update = db.query("UPDATE loyalty_cards SET marketing_channels = $1 WHERE id = 'c1'", [channels]);
      if (rows[0].canonical) await expect(update).resolves.toBeDefined();
      else await expect(update).rejects.toThrow(/marketing_channels_known/);
    }
    expect((await db.query<{ canonical: boolean }>("SELECT loyalty_marketing_channels('{sms,email}') = '{sms,email}'::text[] AS canonical")).rows[0].canonical).toBe(true);
  });
});

describeEachDatabase('migration 038 (visit days of the sales report)', (variant) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await variant.create({ migrated: false });
    db = await createDb(database.config);
    // Sales recorded before the migration (decision 075), around Rome's midnight, and a manual credit that is no visit.
    await migrate(db, readMigrations().filter((m) => m.version < '038'));
    await db.query("INSERT INTO businesses (id, name) VALUES ('b1', 'Bar')");
    await db.query(
      `INSERT INTO loyalty_cards (id, business_id, card_number, customer_name) VALUES
         ('often', 'b1', 'LC-00000001', 'Spesso'), ('manual', 'b1', 'LC-00000002', 'A mano'), ('once', 'b1', 'LC-00000003', 'Una volta')`,
    );
    const sale = (card: string, at: string) =>
      db.query(`INSERT INTO points_ledger (card_id, points, kind, description, amount_cents, earning, created_at) VALUES ($1, 1, 'credit', 'Vendita', 100, '{}', $2)`, [card, at]);
    await db.query("INSERT INTO points_ledger (card_id, points, kind, description, created_at) VALUES ('often', 5, 'credit', 'A mano', '2026-05-01T10:00:00Z'), ('manual', 5, 'credit', 'A mano', '2026-05-01T10:00:00Z')");
    // 00:30 and 12:00 on 1 June in Rome (one day), 23:59 on 30 June, 15 July.
    for (const at of ['2026-07-15T10:00:00Z', '2026-05-31T22:30:00Z', '2026-06-01T10:00:00Z', '2026-06-30T21:59:00Z']) await sale('often', at);
    await sale('once', '2026-03-10T10:00:00Z');
    expect(await migrate(db)).toEqual(readMigrations().filter((m) => m.version >= '038').map((m) => m.version));
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('fills each card’s first visit day, the next day after it and the last, from its sales only (Italian days)', async () => {
    const { rows } = await db.query('SELECT id, first_visit_on, return_visit_on, last_visit_on FROM loyalty_cards ORDER BY id');
    expect(rows).toEqual([
      { id: 'manual', first_visit_on: null, return_visit_on: null, last_visit_on: null },
      { id: 'often', first_visit_on: '2026-06-01', return_visit_on: '2026-06-30', last_visit_on: '2026-07-15' },
      { id: 'once', first_visit_on: '2026-03-10', return_visit_on: null, last_visit_on: '2026-03-10' },
    ]);
  });

  it('refuses visit days out of order', async () => {
    await expect(db.query("UPDATE loyalty_cards SET return_visit_on = '2026-05-01' WHERE id = 'often'")).rejects.toThrow(/loyalty_cards_visits_in_order/);
    await expect(db.query("UPDATE loyalty_cards SET first_visit_on = '2026-01-01' WHERE id = 'manual'")).rejects.toThrow(/loyalty_cards_visits_in_order/);
  });
});
