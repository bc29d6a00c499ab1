-- Apple Wallet passes with live updates (docs/decisions/040-apple-wallet-passes.md).

-- One pass per card, made the first time its link is asked for. `download_token`: the secret of the download
-- link (whoever has it gets this pass; 32 random bytes, nothing to enumerate). `auth_token`: the pass's
-- authenticationToken, which Wallet sends back to the web service. `serial_number`: random too, so the card's
-- id never leaves the API. `update_tag`: where the pass stands in the order of updates (passesUpdatedSince);
-- stamped by the push worker from wallet_update_counter. `modified_at`: Last-Modified of the pass.
CREATE TABLE wallet_passes (
  card_id        text PRIMARY KEY REFERENCES loyalty_cards (id) ON DELETE CASCADE,
  serial_number  text NOT NULL UNIQUE,
  download_token text NOT NULL UNIQUE,
  auth_token     text NOT NULL,
  update_tag     bigint NOT NULL DEFAULT 0,
  modified_at    timestamptz NOT NULL DEFAULT now(),
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- A device that installed a pass and asked for its updates (Apple's "register a device").
CREATE TABLE wallet_registrations (
  device_library_id text NOT NULL,
  serial_number     text NOT NULL REFERENCES wallet_passes (serial_number) ON DELETE CASCADE,
  push_token        text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_library_id, serial_number)
);
CREATE INDEX wallet_registrations_serial_idx ON wallet_registrations (serial_number);

-- The one counter of update tags. The push worker takes the next value with UPDATE … RETURNING, so the row
-- lock makes tags follow commit order: a device that has seen tag N has seen every tag below N.
CREATE TABLE wallet_update_counter (
  id    boolean PRIMARY KEY DEFAULT true CHECK (id),
  value bigint NOT NULL DEFAULT 0
);
INSERT INTO wallet_update_counter (id, value) VALUES (true, 0);

-- One APNs push per registered device and change, claimed like messaging_jobs (FOR UPDATE SKIP LOCKED, a
-- lease, retries with backoff). At most one queued push per device and pass: changes made before the worker
-- gets to it share it (the device then fetches the newest pass anyway).
CREATE TABLE wallet_push_jobs (
  id                bigserial PRIMARY KEY,
  serial_number     text NOT NULL REFERENCES wallet_passes (serial_number) ON DELETE CASCADE,
  device_library_id text NOT NULL,
  push_token        text NOT NULL,
  status            text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts          integer NOT NULL DEFAULT 0,
  next_run_at       timestamptz NOT NULL DEFAULT now(),
  lock_token        text,
  locked_until      timestamptz,
  last_error        text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  sent_at           timestamptz
);
CREATE INDEX wallet_push_jobs_due_idx ON wallet_push_jobs (next_run_at, id) WHERE status IN ('queued', 'sending');
CREATE UNIQUE INDEX wallet_push_jobs_one_queued ON wallet_push_jobs (serial_number, device_library_id) WHERE status = 'queued';

-- Whatever changes a card's balance or name (a route, the rewards sweep, plain SQL), in the same transaction:
-- the pass is modified now, and each device registered for it gets a push. Once per statement over its
-- transition tables (as migration 006's triggers), so a sweep of thousands of cards is one join, not a query
-- per card; a database without any pass skips it at once.
CREATE FUNCTION wallet_pass_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM wallet_passes) THEN
    RETURN NULL;
  END IF;
  WITH changed AS (
    SELECT n.id FROM new_cards n JOIN old_cards o ON o.id = n.id
     WHERE o.points IS DISTINCT FROM n.points OR o.customer_name IS DISTINCT FROM n.customer_name
  ), touched AS (
    UPDATE wallet_passes p SET modified_at = now() FROM changed WHERE p.card_id = changed.id RETURNING p.serial_number
  )
  INSERT INTO wallet_push_jobs (serial_number, device_library_id, push_token)
  SELECT r.serial_number, r.device_library_id, r.push_token
    FROM touched JOIN wallet_registrations r ON r.serial_number = touched.serial_number
  ON CONFLICT (serial_number, device_library_id) WHERE status = 'queued' DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER loyalty_cards_wallet_pass AFTER UPDATE ON loyalty_cards
  REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION wallet_pass_changed();
