/**
 * The adapter's contract (api/src/db/types.ts): both engines, through our two implementations, take the same
 * parameters and give back the same JavaScript values, run transactions the same way and fail with the same
 * PostgreSQL error codes. Every suite but those of PGLITE_SUITES runs on PostgreSQL alone (decision 104): this one is
 * what lets them, so each check here is written once and must hold on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createDb, type Db } from '../src/db';
import { describeEachDatabase, PGLITE_SUITES, type TestDatabase } from './helpers/databases';

it('every suite listed to run on PGlite too exists and runs once per database', () => {
  for (const suite of Object.keys(PGLITE_SUITES)) {
    const file = path.join(__dirname, suite);
    expect({ suite, exists: fs.existsSync(file) }).toEqual({ suite, exists: true });
    expect({ suite, describesEach: fs.readFileSync(file, 'utf8').includes('describeEachDatabase(') }).toEqual({ suite, describesEach: true });
  }
});

describeEachDatabase('the database adapter', (variant) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await variant.create({ migrated: false });
    db = await createDb(database.config);
    await db.exec(`
      SET TIME ZONE 'UTC';
      CREATE TABLE adapter_values (id serial PRIMARY KEY, label text UNIQUE, amount numeric(12,2), big bigint, day date,
        at timestamptz, doc jsonb, flag boolean, tags text[], counts integer[]);
      CREATE TABLE adapter_counter (id int PRIMARY KEY, n int NOT NULL);
      INSERT INTO adapter_counter VALUES (1, 0);
    `);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('gives numbers for numeric and bigint, the day for a date, an ISO string for a timestamp, parsed JSON and arrays', async () => {
    const { rows } = await db.query(
      `INSERT INTO adapter_values (label, amount, big, day, at, doc, flag, tags, counts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       RETURNING label, amount, big, day, at, doc, flag, tags, counts`,
      ['Caffè «Nicolò» 🙂', '12.50', 9_007_199_254_740_991, '2026-02-28', '2026-11-22T10:00:00.250Z', JSON.stringify({ a: [1, 'è'], b: null }), true, ['uno', 'due, tre', '"quattro"'], [1, 2, 3]],
    );
    expect(rows).toEqual([
      {
        label: 'Caffè «Nicolò» 🙂',
        amount: 12.5,
        big: 9_007_199_254_740_991,
        day: '2026-02-28',
        at: '2026-11-22T10:00:00.250Z',
        doc: { a: [1, 'è'], b: null },
        flag: true,
        tags: ['uno', 'due, tre', '"quattro"'],
        counts: [1, 2, 3],
      },
    ]);
  });

  it('gives null for NULL and takes null and Date parameters', async () => {
    const { rows } = await db.query<{ amount: number | null; at: string }>(
      'INSERT INTO adapter_values (label, amount, at) VALUES ($1, $2, $3) RETURNING amount, at',
      ['nulls', null, new Date('2026-01-02T03:04:05.006Z')],
    );
    expect(rows).toEqual([{ amount: null, at: '2026-01-02T03:04:05.006Z' }]);
  });

  it('takes arrays of every type the repositories send, for unnest and ANY', async () => {
    const { rows } = await db.query<{ label: string; amount: number; at: string; doc: unknown }>(
      `SELECT * FROM unnest($1::text[], $2::numeric[], $3::timestamptz[], $4::jsonb[]) AS t(label, amount, at, doc) ORDER BY label`,
      [['a', 'b'], [1.5, 2], ['2026-03-01T00:00:00.000Z', '2026-03-02T12:00:00.000Z'], [JSON.stringify({ x: 1 }), JSON.stringify([2])]],
    );
    expect(rows).toEqual([
      { label: 'a', amount: 1.5, at: '2026-03-01T00:00:00.000Z', doc: { x: 1 } },
      { label: 'b', amount: 2, at: '2026-03-02T12:00:00.000Z', doc: [2] },
    ]);
    const any = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM adapter_values WHERE label = ANY($1::text[])', [['nulls', 'nessuno']]);
    expect(any.rows).toEqual([{ n: 1 }]);
  });

  it('fails with PostgreSQL’s own error code, and the failed statement changes nothing', async () => {
    const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM adapter_values')).rows[0].n;
    await expect(db.query('INSERT INTO adapter_values (label) VALUES ($1)', ['nulls'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('SELECT $1::int', ['non è un numero'])).rejects.toMatchObject({ code: '22P02' });
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM adapter_values')).rows[0].n).toBe(before);
  });

  it('commits a transaction that resolves, rolls back one that throws, nested calls included', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO adapter_values (label) VALUES ($1)', ['kept']);
      await tx.transaction((inner) => inner.query('INSERT INTO adapter_values (label) VALUES ($1)', ['kept too']));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO adapter_values (label) VALUES ($1)', ['lost']);
        await tx.transaction(async (inner) => {
          await inner.query('INSERT INTO adapter_values (label) VALUES ($1)', ['lost too']);
          throw new Error('annullata');
        });
      }),
    ).rejects.toThrow('annullata');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO adapter_values (label) VALUES ($1)', ['lost by the error']);
        await tx.query('INSERT INTO adapter_values (label) VALUES ($1)', ['kept']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ label: string }>("SELECT label FROM adapter_values WHERE label LIKE 'kept%' OR label LIKE 'lost%' ORDER BY label");
    expect(rows.map((r) => r.label)).toEqual(['kept', 'kept too']);
  });

  it('runs concurrent read-modify-write transactions one after the other: none of 20 increments is lost', async () => {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>('SELECT n FROM adapter_counter WHERE id = 1 FOR UPDATE');
          await tx.query('UPDATE adapter_counter SET n = $1 WHERE id = 1', [rows[0].n + 1]);
        }),
      ),
    );
    expect((await db.query<{ n: number }>('SELECT n FROM adapter_counter WHERE id = 1')).rows).toEqual([{ n: 20 }]);
  });

  it('runs a script of several statements with exec, and the background connection sees the same data', async () => {
    await db.exec(`INSERT INTO adapter_values (label) VALUES ('script 1'); INSERT INTO adapter_values (label) VALUES ('script 2');`);
    const { rows } = await db.background.query<{ n: number }>("SELECT count(*)::int AS n FROM adapter_values WHERE label LIKE 'script %'");
    expect(rows).toEqual([{ n: 2 }]);
  });
});
