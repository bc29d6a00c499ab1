-- A change marker for what a business's card pages and overview stats show, so an API instance can
-- keep a finished answer and check with one small query that it is still the current one
-- (docs/decisions/017-api-read-cache.md).
--
-- Every statement that inserts, updates or deletes cards or ledger rows sets, in the same transaction, the
-- version of the affected (business, shard) rows to a fresh value of one sequence. The marker of a business
-- is a digest of all its (shard, version) pairs: sequence values are never handed out twice, so an unchanged
-- marker means no change was committed in between. A card and its ledger rows always use the shard
-- hashtext(card id) & 63: concurrent points updates of different cards of one business rarely wait for the
-- same row (one counter per business serialises them: ~6x fewer updates per second measured with pgbench).
-- Triggers, not application code, so seeds, bulk SQL and foreign-key actions (a user deleted: user_id set
-- to NULL) count too. No foreign key to businesses: a business deleted and created again with the same id
-- keeps its old versions, which only makes its markers differ from the old ones.
CREATE SEQUENCE card_versions_seq;

CREATE TABLE card_versions (
  business_id text NOT NULL,
  shard       smallint NOT NULL,
  version     bigint NOT NULL,
  PRIMARY KEY (business_id, shard)
);

-- One statement per event: a bulk change bumps each touched (business, shard) once, in key order (two bulk
-- statements lock the rows in the same order). The triggers below only say which keys a statement touched.
CREATE FUNCTION card_versions_bump(business_ids text[], card_ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO card_versions AS v (business_id, shard, version)
  SELECT k.business_id, k.shard, nextval('card_versions_seq')
    FROM (SELECT DISTINCT t.business_id, (hashtext(t.card_id) & 63)::smallint AS shard
            FROM unnest(business_ids, card_ids) AS t(business_id, card_id)) k
   ORDER BY k.business_id, k.shard
  ON CONFLICT (business_id, shard) DO UPDATE SET version = EXCLUDED.version;
$$;

CREATE FUNCTION card_versions_bump_inserted_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM card_versions_bump(array_agg(business_id), array_agg(id)) FROM new_cards;
  RETURN NULL;
END $$;

CREATE FUNCTION card_versions_bump_deleted_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM card_versions_bump(array_agg(business_id), array_agg(id)) FROM old_cards;
  RETURN NULL;
END $$;

-- Before and after: a card moved to another business (or given another id) changes both.
CREATE FUNCTION card_versions_bump_updated_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM card_versions_bump(array_agg(business_id), array_agg(id))
     FROM (SELECT business_id, id FROM old_cards UNION ALL SELECT business_id, id FROM new_cards) c;
  RETURN NULL;
END $$;

-- Ledger rows count in the stats (points per month). Their card gives the business; a row whose card is
-- gone (deleted with it) needs nothing more, the card's own delete changed the marker. 
CREATE FUNCTION card_versions_bump_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM card_versions_bump(array_agg(c.business_id), array_agg(c.id))
       FROM new_ledger l JOIN loyalty_cards c ON c.id = l.card_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM card_versions_bump(array_agg(c.business_id), array_agg(c.id))
       FROM old_ledger l JOIN loyalty_cards c ON c.id = l.card_id;
  ELSE
    PERFORM card_versions_bump(array_agg(c.business_id), array_agg(c.id))
       FROM (SELECT card_id FROM old_ledger UNION ALL SELECT card_id FROM new_ledger) l
       JOIN loyalty_cards c ON c.id = l.card_id;
  END IF;
  RETURN NULL;
END $$;

-- TRUNCATE has no transition table: every business gets a new marker.
CREATE FUNCTION card_versions_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_versions AS v (business_id, shard, version)
  SELECT b.id, 0, nextval('card_versions_seq') FROM businesses b ORDER BY b.id
  ON CONFLICT (business_id, shard) DO UPDATE SET version = EXCLUDED.version;
  RETURN NULL;
END $$;

-- Named after the card_count triggers of migration 005 (same event: those fire first, alphabetically), so a
-- card insert or delete locks the business row and then its version row, never the other way round.
CREATE TRIGGER loyalty_cards_version_insert AFTER INSERT ON loyalty_cards
  REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION card_versions_bump_inserted_cards();
CREATE TRIGGER loyalty_cards_version_delete AFTER DELETE ON loyalty_cards
  REFERENCING OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION card_versions_bump_deleted_cards();
CREATE TRIGGER loyalty_cards_version_update AFTER UPDATE ON loyalty_cards
  REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION card_versions_bump_updated_cards();
CREATE TRIGGER loyalty_cards_version_truncate AFTER TRUNCATE ON loyalty_cards
  FOR EACH STATEMENT EXECUTE FUNCTION card_versions_bump_all();

CREATE TRIGGER points_ledger_version_insert AFTER INSERT ON points_ledger
  REFERENCING NEW TABLE AS new_ledger FOR EACH STATEMENT EXECUTE FUNCTION card_versions_bump_ledger();
CREATE TRIGGER points_ledger_version_delete AFTER DELETE ON points_ledger
  REFERENCING OLD TABLE AS old_ledger FOR EACH STATEMENT EXECUTE FUNCTION card_versions_bump_ledger();
CREATE TRIGGER points_ledger_version_update AFTER UPDATE ON points_ledger
  REFERENCING OLD TABLE AS old_ledger NEW TABLE AS new_ledger FOR EACH STATEMENT EXECUTE FUNCTION card_versions_bump_ledger();
CREATE TRIGGER points_ledger_version_truncate AFTER TRUNCATE ON points_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION card_versions_bump_all();
