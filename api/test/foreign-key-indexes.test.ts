/**
 * Every foreign key has an index on its referencing columns (migration 026, decision 061): deleting a referenced
 * row (a card, a user, a business) looks for its referencing rows once per deleted row, and without an index each
 * look scans the table (a card with a long history took 7.4 s to delete). The catalog of the migrated schema is
 * read on both databases; a foreign key added later without its index fails here.
 */
import { createDb, type Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import { describeEachDatabase, type TestDatabase } from './helpers/databases';

/**
 * The foreign keys of the public schema that no valid index covers: an index covers one when its leading columns
 * are the key's columns (in any order) and it is not partial — or, for a one-column key, its only condition is
 * that column being NOT NULL, which the look for a referencing row (`col = $1`) implies, so PostgreSQL uses it.
 */
const UNINDEXED_FOREIGN_KEYS_SQL = `
  SELECT c.conrelid::regclass::text AS "table",
         (SELECT string_agg(a.attname, ', ' ORDER BY k.ord)
            FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
         c.confrelid::regclass::text AS "references"
    FROM pg_constraint c
   WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
     AND NOT EXISTS (
       SELECT 1 FROM pg_index i
        WHERE i.indrelid = c.conrelid AND i.indisvalid
          AND (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] @> c.conkey
          AND (i.indpred IS NULL
               OR (cardinality(c.conkey) = 1
                   AND pg_get_expr(i.indpred, i.indrelid) =
                       (SELECT format('(%s IS NOT NULL)', quote_ident(a.attname)) FROM pg_attribute a
                         WHERE a.attrelid = c.conrelid AND a.attnum = c.conkey[1]))))
   ORDER BY 1, 2`;

describeEachDatabase('foreign key indexes', (variant) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await variant.create();
    db = await createDb(database.config);
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  const unindexed = async () => (await db.query<{ table: string; columns: string; references: string }>(UNINDEXED_FOREIGN_KEYS_SQL)).rows;

  it('finds a foreign key without an index, and takes a full index or a NOT NULL partial one as covering it', async () => {
    await db.exec(`CREATE TABLE fk_probe (id int PRIMARY KEY, note text, card_id text REFERENCES loyalty_cards (id) ON DELETE CASCADE)`);
    try {
      const probe = async () => (await unindexed()).filter((row) => row.table === 'fk_probe');
      expect(await probe()).toEqual([{ table: 'fk_probe', columns: 'card_id', references: 'loyalty_cards' }]);
      // Another condition does not cover every look (a referencing row may be outside it); a column behind another does not either.
      await db.exec(`CREATE INDEX fk_probe_some ON fk_probe (card_id) WHERE note IS NOT NULL; CREATE INDEX fk_probe_second ON fk_probe (note, card_id)`);
      expect(await probe()).toHaveLength(1);
      await db.exec(`CREATE INDEX fk_probe_card ON fk_probe (card_id) WHERE card_id IS NOT NULL`);
      expect(await probe()).toEqual([]);
      await db.exec(`DROP INDEX fk_probe_card; CREATE INDEX fk_probe_card_first ON fk_probe (card_id, note)`);
      expect(await probe()).toEqual([]);
    } finally {
      await db.exec('DROP TABLE fk_probe');
    }
  });

  it('every foreign key of the schema has an index', async () => {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`);
    expect(rows[0].n).toBeGreaterThan(20);
    expect(await unindexed()).toEqual([]);
  });
});
