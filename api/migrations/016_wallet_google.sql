-- Google Wallet loyalty objects with live balances (docs/decisions/041-google-wallet.md).

-- One Google Wallet loyalty object per card, made the first time its "Salva in Google Wallet" link is asked for.
-- `object_id`: '<issuer id>.<random>' (the card's id never leaves the API). `inserted`: the REST insert went
-- through (later syncs update the object). `synced_at`: when Google last took the card's content.
CREATE TABLE wallet_google_objects (
  card_id    text PRIMARY KEY REFERENCES loyalty_cards (id) ON DELETE CASCADE,
  object_id  text NOT NULL UNIQUE,
  inserted   boolean NOT NULL DEFAULT false,
  synced_at  timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One sync of an object with Google (ensure the class, insert or update the object), claimed like
-- messaging_jobs and wallet_push_jobs (FOR UPDATE SKIP LOCKED, a lease, retries with backoff). At most one
-- queued sync per object: changes made before the worker gets to it share it (it sends the newest content).
CREATE TABLE wallet_google_jobs (
  id           bigserial PRIMARY KEY,
  object_id    text NOT NULL REFERENCES wallet_google_objects (object_id) ON DELETE CASCADE,
  status       text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts     integer NOT NULL DEFAULT 0,
  next_run_at  timestamptz NOT NULL DEFAULT now(),
  lock_token   text,
  locked_until timestamptz,
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  sent_at      timestamptz
);
CREATE INDEX wallet_google_jobs_due_idx ON wallet_google_jobs (next_run_at, id) WHERE status IN ('queued', 'sending');
CREATE UNIQUE INDEX wallet_google_jobs_one_queued ON wallet_google_jobs (object_id) WHERE status = 'queued';

-- Whatever changes a card's balance or name, in the same transaction: a sync of its Google object. Once per
-- statement over the transition tables (as migration 014's trigger beside it): one join however many cards a
-- statement changes, and nothing at all while no Google object exists.
CREATE FUNCTION wallet_google_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM wallet_google_objects) THEN
    RETURN NULL;
  END IF;
  INSERT INTO wallet_google_jobs (object_id)
  SELECT g.object_id
    FROM new_cards n JOIN old_cards o ON o.id = n.id JOIN wallet_google_objects g ON g.card_id = n.id
   WHERE o.points IS DISTINCT FROM n.points OR o.customer_name IS DISTINCT FROM n.customer_name
  ON CONFLICT (object_id) WHERE status = 'queued' DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER loyalty_cards_wallet_google AFTER UPDATE ON loyalty_cards
  REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION wallet_google_changed();
