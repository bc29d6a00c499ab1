-- The write path stays fast: two per-statement costs every points change paid inside PostgreSQL,
-- removed without changing what is stored, checked or marked (docs/decisions/054-write-path-cost.md).
--
-- 1. The read-cache marker bump of migration 006 was a LANGUAGE sql function. PostgreSQL (before 18) parses and
--    plans the body of a non-inlined SQL function again on every call, and a points change calls it twice (the
--    card update's trigger and the ledger insert's trigger): ~0.15 ms of planning each. The same statement in
--    PL/pgSQL keeps its plan for the session. Same rows, same order, same sequence: nothing else changes.
CREATE OR REPLACE FUNCTION card_versions_bump(business_ids text[], card_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_versions AS v (business_id, shard, version)
  SELECT k.business_id, k.shard, nextval('card_versions_seq')
    FROM (SELECT DISTINCT t.business_id, (hashtext(t.card_id) & 63)::smallint AS shard
            FROM unnest(business_ids, card_ids) AS t(business_id, card_id)) k
   ORDER BY k.business_id, k.shard
  ON CONFLICT (business_id, shard) DO UPDATE SET version = EXCLUDED.version;
END $$;

-- 2. PostgreSQL checks every CHECK constraint of a table on every UPDATE, whatever the columns changed, and
--    prepares the constraint expressions anew for each statement. The canonical-channels check of migration 012
--    called loyalty_marketing_channels(), a SQL function with an aggregate: parsed, planned and run for every
--    points change (~0.25 ms). The canonical forms are the 8 subsets of (whatsapp, sms, email) in that order,
--    so the same rule is a comparison with their text forms: '{NULL}', '{sms,sms}', '{sms,whatsapp}', unknown
--    values, other dimensions or lower bounds ('[2:2]={sms}') have another text and are refused, as before.
ALTER TABLE loyalty_cards DROP CONSTRAINT loyalty_cards_marketing_channels_known;
ALTER TABLE loyalty_cards ADD CONSTRAINT loyalty_cards_marketing_channels_known CHECK (
  marketing_channels::text IN ('{}', '{whatsapp}', '{sms}', '{email}', '{whatsapp,sms}', '{whatsapp,email}', '{sms,email}', '{whatsapp,sms,email}')
);
