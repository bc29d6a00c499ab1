-- The number of cards of a business, kept by triggers, so an unfiltered page of the card list
-- does not count 100 000 rows on every request (filtered pages still count). Statement-level triggers with
-- transition tables: a bulk INSERT … SELECT updates each business once, not once per card.
ALTER TABLE businesses ADD COLUMN card_count integer NOT NULL DEFAULT 0 CHECK (card_count >= 0);

UPDATE businesses b SET card_count = (SELECT count(*) FROM loyalty_cards c WHERE c.business_id = b.id);

CREATE FUNCTION loyalty_cards_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET card_count = b.card_count + n.cards
    FROM (SELECT business_id, count(*) AS cards FROM inserted_cards GROUP BY business_id) n
   WHERE b.id = n.business_id;
  RETURN NULL;
END $$;

CREATE FUNCTION loyalty_cards_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET card_count = b.card_count - n.cards
    FROM (SELECT business_id, count(*) AS cards FROM deleted_cards GROUP BY business_id) n
   WHERE b.id = n.business_id;
  RETURN NULL;
END $$;

-- A card moved to another business (no route does it; kept right anyway). Row-level, and only when
-- business_id is in the UPDATE, so balance updates never fire it.
CREATE FUNCTION loyalty_cards_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses SET card_count = card_count - 1 WHERE id = OLD.business_id;
  UPDATE businesses SET card_count = card_count + 1 WHERE id = NEW.business_id;
  RETURN NULL;
END $$;

CREATE FUNCTION loyalty_cards_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses SET card_count = 0 WHERE card_count <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER loyalty_cards_count_insert AFTER INSERT ON loyalty_cards
  REFERENCING NEW TABLE AS inserted_cards FOR EACH STATEMENT EXECUTE FUNCTION loyalty_cards_count_inserted();
CREATE TRIGGER loyalty_cards_count_delete AFTER DELETE ON loyalty_cards
  REFERENCING OLD TABLE AS deleted_cards FOR EACH STATEMENT EXECUTE FUNCTION loyalty_cards_count_deleted();
CREATE TRIGGER loyalty_cards_count_move AFTER UPDATE OF business_id ON loyalty_cards
  FOR EACH ROW WHEN (OLD.business_id IS DISTINCT FROM NEW.business_id) EXECUTE FUNCTION loyalty_cards_count_moved();
CREATE TRIGGER loyalty_cards_count_truncate AFTER TRUNCATE ON loyalty_cards
  FOR EACH STATEMENT EXECUTE FUNCTION loyalty_cards_count_truncated();
