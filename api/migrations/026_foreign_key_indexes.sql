-- An index for every foreign key (decision 061). When a referenced row is deleted (a card, a user, a business, a
-- campaign, a ledger row) or its key changes, PostgreSQL looks for the rows that reference it, once per deleted row;
-- without an index on the referencing column each look is a scan of the whole table. Deleting a card with a long
-- history took 7.4 s: each of its ledger rows, deleted by the cascade, scanned points_ledger for rows whose lot_id
-- named it. api/test/foreign-key-indexes.test.ts reads the catalog and fails for any foreign key left without one.
--
-- A column that is mostly NULL gets a partial index `WHERE col IS NOT NULL`: the look for a referencing row
-- (`col = $1`) implies it, so PostgreSQL uses it (measured: deleting 200 parents of 400 000 children took 17.6 s
-- without an index, 0.09 s with the partial one), and the rows without a reference cost nothing to write.

-- Expiry rows name their lot; the cascade from a deleted ledger row (a deleted card) looks here.
CREATE INDEX IF NOT EXISTS points_ledger_lot_idx ON points_ledger (lot_id) WHERE lot_id IS NOT NULL;
-- Deleting a user (an admin, a staff member) sets these to NULL.
CREATE INDEX IF NOT EXISTS points_ledger_author_idx ON points_ledger (author_id) WHERE author_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS campaigns_created_by_idx ON campaigns (created_by) WHERE created_by IS NOT NULL;
CREATE INDEX IF NOT EXISTS consent_events_actor_idx ON consent_events (actor_user_id) WHERE actor_user_id IS NOT NULL;
-- Deleting a business cascades to these, and sets its users' business to NULL.
CREATE INDEX IF NOT EXISTS consent_events_business_idx ON consent_events (business_id);
CREATE INDEX IF NOT EXISTS messaging_jobs_business_idx ON messaging_jobs (business_id);
CREATE INDEX IF NOT EXISTS users_business_idx ON users (business_id) WHERE business_id IS NOT NULL;
-- Deleting a campaign sets its outbox messages' campaign to NULL.
CREATE INDEX IF NOT EXISTS outbox_messages_campaign_idx ON outbox_messages (campaign_id) WHERE campaign_id IS NOT NULL;
-- Deleting a pass or a Google object cascades to its jobs (the unique indexes there cover queued jobs only).
CREATE INDEX IF NOT EXISTS wallet_push_jobs_serial_idx ON wallet_push_jobs (serial_number);
CREATE INDEX IF NOT EXISTS wallet_google_jobs_object_idx ON wallet_google_jobs (object_id);

-- The read-cache marker of a ledger change (migration 006) finds each ledger row's card by its key, one probe of
-- the primary key per row. Joined as a whole, the planner scanned every card of the table for a statement of a
-- few hundred ledger rows (a CSV import writes its balances 250 at a time on PGlite): 62 ms of a 188 ms batch at
-- 75 000 cards, growing with the table. The subquery kept apart (`OFFSET 0`) is looked up row by row; the rows,
-- and so the markers bumped, are the same as before.
CREATE OR REPLACE FUNCTION card_versions_bump_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM card_versions_bump(array_agg(c.business_id), array_agg(c.id))
       FROM new_ledger l CROSS JOIN LATERAL (SELECT k.business_id, k.id FROM loyalty_cards k WHERE k.id = l.card_id OFFSET 0) c;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM card_versions_bump(array_agg(c.business_id), array_agg(c.id))
       FROM old_ledger l CROSS JOIN LATERAL (SELECT k.business_id, k.id FROM loyalty_cards k WHERE k.id = l.card_id OFFSET 0) c;
  ELSE
    PERFORM card_versions_bump(array_agg(c.business_id), array_agg(c.id))
       FROM (SELECT card_id FROM old_ledger UNION ALL SELECT card_id FROM new_ledger) l
       CROSS JOIN LATERAL (SELECT k.business_id, k.id FROM loyalty_cards k WHERE k.id = l.card_id OFFSET 0) c;
  END IF;
  RETURN NULL;
END $$;
