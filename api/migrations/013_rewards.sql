-- Rewards on the points ledger (docs/decisions/036-rewards-on-the-ledger.md) and the durable
-- scheduled task that expires points, reminds of expiry and gives birthday gifts
-- (docs/decisions/037-scheduled-tasks-on-the-queue.md).

-- The program of a business. `expiry_since`: when `expiry_months` was last set; a lot expires
-- `expiry_months` after the later of its own date and this one, so switching expiry on (or changing the
-- period) gives every point held then the full period, never an expiry without its reminder.
ALTER TABLE businesses
  ADD COLUMN loyalty_mode text NOT NULL DEFAULT 'points' CHECK (loyalty_mode IN ('points', 'stamps')),
  ADD COLUMN expiry_months integer CHECK (expiry_months BETWEEN 1 AND 120),
  ADD COLUMN expiry_since timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN expiry_reminder_days integer NOT NULL DEFAULT 14 CHECK (expiry_reminder_days BETWEEN 1 AND 90),
  ADD COLUMN birthday_points integer NOT NULL DEFAULT 0 CHECK (birthday_points BETWEEN 0 AND 100000),
  -- NULL: the default text (loyalty_birthday_default_template).
  ADD COLUMN birthday_message text
    CHECK (birthday_message IS NULL OR (btrim(birthday_message) <> '' AND char_length(birthday_message) <= 1600));

-- The catalogue. `stock`: pieces left (NULL = unlimited). A reward that was ever redeemed is archived instead
-- of deleted, so the ledger rows keep naming it (they also keep a copy of its name).
CREATE TABLE rewards (
  id          text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  business_id text NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (btrim(name) <> ''),
  description text,
  cost        integer NOT NULL CHECK (cost BETWEEN 1 AND 1000000000),
  active      boolean NOT NULL DEFAULT true,
  valid_from  date,
  valid_until date,
  stock       integer CHECK (stock >= 0),
  archived    boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rewards_dates_in_order CHECK (valid_from IS NULL OR valid_until IS NULL OR valid_from <= valid_until)
);
CREATE INDEX rewards_business_idx ON rewards (business_id, cost, name);

-- Every ledger row says what it is. Positive rows ('credit', 'birthday') are lots; negative rows
-- ('redemption', 'expiry', 'adjustment') consume the lots oldest first. A row written without a kind (the
-- seed, plain SQL, the routes of before) gets it from its sign.
ALTER TABLE points_ledger
  ADD COLUMN kind text,
  ADD COLUMN reward_id text REFERENCES rewards (id) ON DELETE SET NULL,
  ADD COLUMN reward_name text,
  -- An expiry row: the lot (positive row of the same card) it expires.
  ADD COLUMN lot_id bigint REFERENCES points_ledger (id) ON DELETE CASCADE,
  -- A row that may be written once only: 'birthday:<card id>:<year>'.
  ADD COLUMN once_key text;

UPDATE points_ledger SET kind = CASE WHEN points < 0 THEN 'adjustment' ELSE 'credit' END;
ALTER TABLE points_ledger ALTER COLUMN kind SET NOT NULL;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_sign_matches_kind CHECK (
  (kind IN ('credit', 'birthday') AND points > 0) OR (kind IN ('redemption', 'expiry', 'adjustment') AND points < 0)
);
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_expiry_has_lot CHECK ((kind = 'expiry') = (lot_id IS NOT NULL));
-- Exactly once: one expiry row per lot, one birthday row per card and year, whatever the number of sweeps.
CREATE UNIQUE INDEX points_ledger_expiry_once ON points_ledger (lot_id) WHERE kind = 'expiry';
CREATE UNIQUE INDEX points_ledger_once_key ON points_ledger (once_key);
CREATE INDEX points_ledger_reward_idx ON points_ledger (reward_id) WHERE reward_id IS NOT NULL;

CREATE FUNCTION points_ledger_default_kind() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.kind := CASE WHEN NEW.points < 0 THEN 'adjustment' ELSE 'credit' END;
  RETURN NEW;
END $$;
CREATE TRIGGER points_ledger_kind BEFORE INSERT ON points_ledger
  FOR EACH ROW WHEN (NEW.kind IS NULL) EXECUTE FUNCTION points_ledger_default_kind();

-- The lots of a card, oldest first, with what is left of each: the negative rows of the card consume the
-- lots in order (FIFO over the ledger: a running sum of the lots against the sum of the negative rows).
-- `expires_at` NULL when the business has no expiry policy. Points a card holds without a ledger row (a card
-- imported with a balance) are no lot: they never expire.
CREATE FUNCTION loyalty_card_lots(p_card_id text)
RETURNS TABLE (lot_id bigint, earned_at timestamptz, points numeric, remaining numeric, expires_at timestamptz)
LANGUAGE sql STABLE AS $$
  WITH card AS (
    SELECT b.expiry_months, b.expiry_since FROM loyalty_cards c JOIN businesses b ON b.id = c.business_id WHERE c.id = p_card_id
  ), lots AS (
    SELECT l.id, l.created_at, l.points, sum(l.points) OVER (ORDER BY l.created_at, l.id ROWS UNBOUNDED PRECEDING) AS upto
      FROM points_ledger l WHERE l.card_id = p_card_id AND l.points > 0
  ), consumed AS (
    SELECT coalesce(-sum(l.points), 0) AS total FROM points_ledger l WHERE l.card_id = p_card_id AND l.points < 0
  )
  SELECT lots.id, lots.created_at, lots.points, least(lots.points, greatest(0, lots.upto - consumed.total)),
         CASE WHEN card.expiry_months IS NOT NULL
              THEN greatest(lots.created_at, card.expiry_since) + make_interval(months => card.expiry_months) END
    FROM lots, consumed, card
   ORDER BY lots.created_at, lots.id
$$;

CREATE FUNCTION loyalty_birthday_default_template() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'Buon compleanno {nome}! {negozio} ti regala {punti} punti.'::text
$$;

-- A service message to a card's holder through the queue: WhatsApp if the business has it on and the card a
-- valid phone, else SMS likewise, else e-mail if on and the card has an address. A contact on the STOP list
-- gets a 'skipped' job ('opt_out'); no channel: no job. The key makes it at most once. Answers the job's
-- status, or NULL when nothing was enqueued (no channel, or the key was already used).
CREATE FUNCTION loyalty_enqueue_service_message(p_card_id text, p_body text, p_key text) RETURNS text
LANGUAGE sql AS $$
  WITH contact AS (
    SELECT c.business_id, c.id AS card_id, ch.channel, ch.recipient
      FROM loyalty_cards c JOIN businesses b ON b.id = c.business_id
     CROSS JOIN LATERAL (
       SELECT regexp_replace(coalesce(c.customer_phone, ''), '[\s().-]', '', 'g') AS phone, lower(btrim(coalesce(c.email, ''))) AS email
     ) k
     CROSS JOIN LATERAL (
       VALUES (1, 'whatsapp', k.phone, b.whatsapp_enabled = 1 AND k.phone ~ '^\+[1-9][0-9]{5,14}$'),
              (2, 'sms', k.phone, b.sms_enabled = 1 AND k.phone ~ '^\+[1-9][0-9]{5,14}$'),
              (3, 'email', k.email, b.email_enabled = 1 AND k.email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$')
     ) AS ch(ord, channel, recipient, usable)
     WHERE c.id = p_card_id AND ch.usable
     ORDER BY ch.ord
     LIMIT 1
  ), job AS (
    INSERT INTO messaging_jobs (business_id, card_id, channel, recipient, body, idempotency_key, status, skip_reason)
    SELECT contact.business_id, contact.card_id, contact.channel, contact.recipient, p_body, p_key,
           CASE WHEN o.contact IS NULL THEN 'queued' ELSE 'skipped' END, CASE WHEN o.contact IS NULL THEN NULL ELSE 'opt_out' END
      FROM contact LEFT JOIN messaging_opt_outs o ON o.business_id = contact.business_id AND o.contact = contact.recipient
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING status
  )
  SELECT status FROM job
$$;

-- Tasks that run on a schedule, claimed like the job queue (FOR UPDATE SKIP LOCKED, a lease): several API
-- instances run each due task once. What a task writes is exactly-once by its own keys, so a task run twice
-- (a lease that ran out) writes nothing more.
CREATE TABLE scheduled_tasks (
  name         text PRIMARY KEY,
  interval_ms  integer NOT NULL CHECK (interval_ms >= 1000),
  next_run_at  timestamptz NOT NULL DEFAULT now(),
  lock_token   text,
  locked_until timestamptz,
  last_run_at  timestamptz,
  last_error   text
);
INSERT INTO scheduled_tasks (name, interval_ms) VALUES ('rewards-sweep', 3600000);
