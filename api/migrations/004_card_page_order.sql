-- The card list orders by (created_at DESC, id). An index in exactly that order answers a page of
-- 50 with an index scan that stops after 50 rows, instead of reading and sorting every card of the business.
DROP INDEX loyalty_cards_business_created_idx;
CREATE INDEX loyalty_cards_business_created_id_idx ON loyalty_cards (business_id, created_at DESC, id);
