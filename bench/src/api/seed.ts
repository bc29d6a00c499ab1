/**
 * Benchmark data on top of the demo seed, in set-based SQL (fast on PGlite and PostgreSQL alike):
 * 2 000 more cards in the demo admin's first shop, so a page of 50 is a full page, and optionally a
 * second shop of the same admin (SMS on) with `scaleCards` cards, all with marketing consent (a ledger row for every
 * tenth), for the scale and audience figures.
 */
import type { Db } from '../../../api/src/db';

export const BENCH_BUSINESS_ID = 'default-business-id';
export const SCALE_BUSINESS_ID = 'bench-scale-business';
export const BENCH_EXTRA_CARDS = 2000;

async function insertCards(db: Db, businessId: string, count: number, prefix: string): Promise<void> {
  await db.query(
    `INSERT INTO loyalty_cards (business_id, card_number, customer_name, customer_phone, email, points, privacy_ack, created_at)
     SELECT $1, 'LC-' || $3 || lpad(i::text, 7, '0'), 'Cliente ' || i, '+39 333 ' || lpad(i::text, 7, '0'),
            'cliente' || i || '@example.it', (i % 150)::numeric, true, now() - (i % 180) * interval '1 day'
       FROM generate_series(1, $2::int) AS i`,
    [businessId, count, prefix],
  );
}

export async function seedBenchCards(db: Db, scaleCards: number): Promise<void> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM loyalty_cards WHERE business_id = $1`, [BENCH_BUSINESS_ID]);
  if (rows[0].n < BENCH_EXTRA_CARDS) await insertCards(db, BENCH_BUSINESS_ID, BENCH_EXTRA_CARDS, '9');
  if (scaleCards > 0) await seedScaleBusiness(db, scaleCards);
  // What autovacuum does on a live database after a bulk load: fresh planner statistics, visibility map.
  await db.exec('VACUUM ANALYZE');
}

async function seedScaleBusiness(db: Db, scaleCards: number): Promise<void> {
  await db.query(
    `INSERT INTO businesses (id, name, owner_id, sms_enabled)
     SELECT $1, 'Negozio da centomila carte', owner_id, 1 FROM businesses WHERE id = $2
     ON CONFLICT (id) DO NOTHING`,
    [SCALE_BUSINESS_ID, BENCH_BUSINESS_ID],
  );
  await insertCards(db, SCALE_BUSINESS_ID, scaleCards, '8');
  // Every customer of the big shop agreed to marketing messages on every channel: a campaign to all of them sends to all (audience section).
  await db.query(`UPDATE loyalty_cards SET marketing_channels = ARRAY['whatsapp', 'sms', 'email'] WHERE business_id = $1`, [SCALE_BUSINESS_ID]);
  await db.query(
    `INSERT INTO points_ledger (card_id, points, description, created_at)
     SELECT id, points, 'Saldo iniziale', created_at FROM loyalty_cards WHERE business_id = $1 AND points > 0 AND points::int % 10 = 0`,
    [SCALE_BUSINESS_ID],
  );
}
