/**
 * Decision 051: the customer's page finds a contact's cards in every shop through an index
 * (migration 021), not by reading every card. The repository's own queries are explained (a Queryable that
 * prefixes EXPLAIN), on a table of a few thousand cards, and their plans must name the contact indexes.
 * The generic plan (a prepared statement's) must use them too: that one fails for a query that chose the
 * expression with a CASE on the contact's kind. With the indexes dropped, the same plans are sequential scans:
 * the assertion is what the indexes change.
 */
import { createDb, type Db } from '../src/db';
import type { Queryable } from '../src/db/types';
import { migrate } from '../src/db/migrate';
import { createCustomerRepository } from '../src/features/customer/repository';
import type { CustomerContact } from '../src/features/customer/tokens';
import { describeEachDatabase, type TestDatabase } from './helpers/databases';

const CARDS = 4000;

/**
 * The plan the repository's query would run with, instead of its rows. `generic`: the plan made once for any
 * parameters (a prepared statement's, under `plan_cache_mode = force_generic_plan`), which cannot lean on the
 * contact's kind being known.
 */
function explaining(db: Queryable, plans: string[], generic = false): Queryable {
  return {
    exec: (sql) => db.exec(sql),
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      let rows: { 'QUERY PLAN': string }[];
      if (generic) {
        await db.query(`PREPARE lookup_plan AS ${sql}`);
        const literals = params.map((p) => `'${String(p).replace(/'/g, "''")}'`).join(', ');
        rows = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE lookup_plan(${literals})`)).rows;
        await db.query('DEALLOCATE lookup_plan');
      } else {
        rows = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows;
      }
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      return { rows: [] as T[] };
    },
  };
}

describeEachDatabase('the customer contact lookup uses an index (decision 051)', (variant) => {
  let database: TestDatabase;
  let db: Db;
  let someCard: string;
  beforeAll(async () => {
    database = await variant.create();
    db = await createDb(database.config);
    await migrate(db);
    await db.query("INSERT INTO businesses (id, name) VALUES ('b-lookup-1', 'Bar Uno'), ('b-lookup-2', 'Bar Due')");
    await db.query(
      `INSERT INTO loyalty_cards (business_id, card_number, customer_name, customer_phone, email)
       SELECT CASE WHEN n % 2 = 0 THEN 'b-lookup-1' ELSE 'b-lookup-2' END, 'LC-' || lpad(n::text, 8, '0'), 'Cliente ' || n,
              '+39333' || lpad(n::text, 7, '0'), 'cliente' || n || '@example.it'
         FROM generate_series(1, $1::int) AS n`,
      [CARDS],
    );
    await db.query('ANALYZE loyalty_cards');
    someCard = (await db.query<{ id: string }>("SELECT id FROM loyalty_cards WHERE card_number = 'LC-00000042'")).rows[0].id;
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const plansOf = async (target: Queryable, contact: CustomerContact, generic = false) => {
    const plans: string[] = [];
    const repo = createCustomerRepository(explaining(target, plans, generic));
    await repo.cards(contact);
    await repo.card(contact, someCard, true);
    return plans;
  };

  it('finds the cards of an e-mail and of a phone, and one card of them, through the contact indexes', async () => {
    // The lookup really finds the cards (the indexed expression is the one compared).
    const repo = createCustomerRepository(db);
    expect((await repo.cards({ kind: 'email', value: 'cliente42@example.it' })).map((c) => c.card_number)).toEqual(['LC-00000042']);
    expect((await repo.cards({ kind: 'phone', value: '+393330000042' })).map((c) => c.card_number)).toEqual(['LC-00000042']);

    const email = await plansOf(db, { kind: 'email', value: 'cliente42@example.it' });
    const phone = await plansOf(db, { kind: 'phone', value: '+393330000042' });
    // `cards`: the contact's index; `card`: the primary key (or the contact's index), never a walk of the table.
    expect(email[0]).toMatch(/Index Scan using loyalty_cards_contact_email_idx|Bitmap Index Scan on loyalty_cards_contact_email_idx/);
    expect(phone[0]).toMatch(/Index Scan using loyalty_cards_contact_phone_idx|Bitmap Index Scan on loyalty_cards_contact_phone_idx/);
    for (const plan of [...email, ...phone]) expect(plan).not.toMatch(/Seq Scan on loyalty_cards/);
  });

  it('uses them in a generic plan too (one made without the contact, as a prepared statement may be)', async () => {
    // The query names the indexed expression itself, not a CASE on the contact's kind that only a plan made
    // for the given kind can reduce to it.
    const plans = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      return [...(await plansOf(tx, { kind: 'email', value: 'cliente42@example.it' }, true)), ...(await plansOf(tx, { kind: 'phone', value: '+393330000042' }, true))];
    });
    expect(plans[0]).toMatch(/loyalty_cards_contact_email_idx/);
    expect(plans[2]).toMatch(/loyalty_cards_contact_phone_idx/);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on loyalty_cards/);
  });

  it('without the indexes the same queries read every card (what the assertion above rules out)', async () => {
    const plans = await db.transaction(async (tx) => {
      await tx.query('DROP INDEX loyalty_cards_contact_email_idx');
      await tx.query('DROP INDEX loyalty_cards_contact_phone_idx');
      const found = [...(await plansOf(tx, { kind: 'email', value: 'cliente42@example.it' })), ...(await plansOf(tx, { kind: 'phone', value: '+393330000042' }))];
      throw Object.assign(new Error('rollback'), { found });
    }).catch((error: { found?: string[] }) => error.found);
    expect(plans).toHaveLength(4);
    expect(plans![0]).toMatch(/Seq Scan on loyalty_cards/);
    expect(plans![2]).toMatch(/Seq Scan on loyalty_cards/);
    const { rows } = await db.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'loyalty_cards' AND indexname LIKE 'loyalty_cards_contact_%' ORDER BY 1");
    expect(rows.map((r) => r.indexname)).toEqual(['loyalty_cards_contact_email_idx', 'loyalty_cards_contact_phone_idx']);
  });
});
