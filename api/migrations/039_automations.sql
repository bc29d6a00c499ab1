-- Automations (docs/decisions/080-automations-win-back-daily-limit.md): the owner's switches for the
-- automatic messages, the win-back of cards that stopped coming, and the per-card daily limit of marketing.

-- One row per business that changed anything (none: the defaults). The welcome (decision 051) can be turned
-- off; the win-back is off until the owner turns it on. A win-back's bonus is whole: points and their days.
CREATE TABLE automations (
  business_id           text PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
  welcome_enabled       boolean NOT NULL DEFAULT true,
  win_back_enabled      boolean NOT NULL DEFAULT false,
  win_back_days         integer NOT NULL DEFAULT 60 CHECK (win_back_days BETWEEN 1 AND 3650),
  win_back_channel      text NOT NULL DEFAULT 'whatsapp' CHECK (win_back_channel IN ('whatsapp', 'sms', 'email')),
  -- NULL: the default text.
  win_back_message      text,
  win_back_bonus_points integer CHECK (win_back_bonus_points BETWEEN 1 AND 100000),
  win_back_bonus_days   integer CHECK (win_back_bonus_days BETWEEN 1 AND 3650),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT automations_bonus_whole CHECK ((win_back_bonus_points IS NULL) = (win_back_bonus_days IS NULL))
);

-- A lot that expires before the program says (the win-back's bonus, valid for its days).
ALTER TABLE points_ledger ADD COLUMN valid_until timestamptz;
CREATE INDEX points_ledger_valid_until_idx ON points_ledger (valid_until) WHERE valid_until IS NOT NULL;

-- The lots of a card (migration 013) with lots that expire on their own date: an 'expiry' row takes from its own
-- lot (`lot_id`), the other negative rows consume the lots oldest first. For the expiries the sweep writes
-- (oldest lot first, each what FIFO left of it) this is the same arithmetic as before; it stays right when a
-- younger lot (a bonus) expires before an older one.
CREATE OR REPLACE FUNCTION loyalty_card_lots(p_card_id text)
RETURNS TABLE (lot_id bigint, earned_at timestamptz, points numeric, remaining numeric, expires_at timestamptz)
LANGUAGE sql STABLE AS $$
  WITH card AS (
    SELECT b.expiry_months, b.expiry_since FROM loyalty_cards c JOIN businesses b ON b.id = c.business_id WHERE c.id = p_card_id
  ), expired AS (
    SELECT l.lot_id, -sum(l.points) AS total FROM points_ledger l WHERE l.card_id = p_card_id AND l.kind = 'expiry' GROUP BY l.lot_id
  ), lots AS (
    SELECT l.id, l.created_at, l.points, l.valid_until,
           sum(l.points - coalesce(e.total, 0)) OVER (ORDER BY l.created_at, l.id ROWS UNBOUNDED PRECEDING) AS upto,
           l.points - coalesce(e.total, 0) AS size
      FROM points_ledger l LEFT JOIN expired e ON e.lot_id = l.id WHERE l.card_id = p_card_id AND l.points > 0
  ), consumed AS (
    SELECT coalesce(-sum(l.points), 0) AS total FROM points_ledger l WHERE l.card_id = p_card_id AND l.points < 0 AND l.kind <> 'expiry'
  )
  SELECT lots.id, lots.created_at, lots.points, least(lots.size, greatest(0, lots.upto - consumed.total)),
         CASE WHEN card.expiry_months IS NOT NULL
              THEN least(greatest(lots.created_at, card.expiry_since) + make_interval(months => card.expiry_months), lots.valid_until)
              ELSE lots.valid_until END
    FROM lots, consumed, card
   ORDER BY lots.created_at, lots.id
$$;

-- Retries (decision 080): a job held by the quiet hours when enqueued (marketing or automatic) is held again when
-- it is retried, so a retry due at 21:00 waits for the window's start too. Set by loyalty_enqueue_messages.
ALTER TABLE messaging_jobs ADD COLUMN quiet boolean NOT NULL DEFAULT false;

-- The per-card daily limit: one marketing message per card per Rome day, across campaigns and automations. A
-- marketing message (marketing_consent not NULL) to a card claims the day it is due to leave (after the quiet
-- hours); a second one for the same card and day is 'skipped' with 'daily_limit'. The primary key makes the claim
-- safe between instances and transactions.
CREATE TABLE marketing_card_days (
  card_id text NOT NULL REFERENCES loyalty_cards (id) ON DELETE CASCADE,
  day     date NOT NULL,
  PRIMARY KEY (card_id, day)
);

CREATE OR REPLACE FUNCTION loyalty_enqueue_messages(p_messages loyalty_message[], p_held boolean, p_at timestamptz)
RETURNS TABLE (id bigint, idempotency_key text, channel text, status text, skip_reason text)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  WITH given AS MATERIALIZED (
    SELECT m.*, r.reason,
           CASE WHEN p_held OR m.marketing_consent IS NOT NULL THEN loyalty_quiet_release(m.business_id, coalesce(p_at, now())) ELSE coalesce(p_at, now()) END AS run_at
      FROM unnest(p_messages) WITH ORDINALITY AS m(business_id, card_id, campaign_id, channel, recipient, body, idempotency_key,
                                                   marketing_consent, credential, forget_recipient, ord)
     CROSS JOIN LATERAL (SELECT loyalty_message_skip_reason(m.business_id, m.channel, m.recipient, m.marketing_consent) AS reason) r
  ), limited AS MATERIALIZED (
    -- The marketing messages that would leave, the first of each card and day in the order given; a message whose
    -- key was already used claims nothing (it enqueues nothing).
    SELECT g.ord, g.card_id, (g.run_at AT TIME ZONE 'Europe/Rome')::date AS day,
           row_number() OVER (PARTITION BY g.card_id, (g.run_at AT TIME ZONE 'Europe/Rome')::date ORDER BY g.ord) AS nth
      FROM given g
     WHERE g.marketing_consent IS NOT NULL AND g.card_id IS NOT NULL AND g.reason IS NULL
       AND NOT EXISTS (SELECT 1 FROM messaging_jobs x WHERE x.idempotency_key = g.idempotency_key)
  ), claimed AS (
    INSERT INTO marketing_card_days (card_id, day)
    SELECT l.card_id, l.day FROM limited l WHERE l.nth = 1
    ON CONFLICT DO NOTHING
    RETURNING marketing_card_days.card_id, marketing_card_days.day
  ), decided AS (
    SELECT g.*, CASE WHEN l.ord IS NOT NULL AND NOT (l.nth = 1 AND EXISTS (SELECT 1 FROM claimed c WHERE c.card_id = l.card_id AND c.day = l.day))
                     THEN 'daily_limit' ELSE g.reason END AS final_reason
      FROM given g LEFT JOIN limited l ON l.ord = g.ord
  )
  INSERT INTO messaging_jobs AS j (business_id, card_id, campaign_id, channel, recipient, body, idempotency_key, status, skip_reason, credential, forget_recipient, next_run_at, quiet)
  SELECT d.business_id, d.card_id, d.campaign_id, d.channel, d.recipient, d.body, d.idempotency_key,
         CASE WHEN d.final_reason IS NULL THEN 'queued' ELSE 'skipped' END, d.final_reason, d.credential, coalesce(d.forget_recipient, false), d.run_at,
         p_held OR d.marketing_consent IS NOT NULL
    FROM decided d
   ORDER BY d.ord
  ON CONFLICT ON CONSTRAINT messaging_jobs_idempotency_key DO NOTHING
  RETURNING j.id, j.idempotency_key, j.channel, j.status, j.skip_reason;
END $$;

-- The win-back sweep, hourly: what it enqueues waits for the quiet hours like every marketing message.
INSERT INTO scheduled_tasks (name, interval_ms) VALUES ('automations-sweep', 3600000);

-- Landlines (decision 080): a number no SMS or WhatsApp reaches is «contatto non raggiungibile». Its line type is
-- libphonenumber-js's (`max` metadata), which the API writes here for the phones it meets before a send or a
-- preview; the rule of every enqueue reads it. A number is classified once (numbering plans barely change).
CREATE TABLE phone_line_types (
  phone      text PRIMARY KEY,
  line_type  text NOT NULL,
  classified_at timestamptz NOT NULL DEFAULT now()
);

-- The rule of migration 027 with one reason more: 'landline', a phone no SMS or WhatsApp reaches.
CREATE OR REPLACE FUNCTION loyalty_message_skip_reason(p_business_id text, p_channel text, p_recipient text, p_marketing_consent boolean)
RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF coalesce(p_recipient, '') = '' THEN
    RETURN 'no_contact';
  ELSIF NOT (CASE WHEN p_channel = 'email' THEN p_recipient ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' ELSE p_recipient ~ '^\+[1-9][0-9]{5,14}$' END) THEN
    RETURN 'invalid_contact';
  ELSIF p_channel <> 'email' AND EXISTS (
    SELECT 1 FROM phone_line_types t
     WHERE t.phone = p_recipient AND t.line_type IN ('FIXED_LINE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'UAN', 'VOICEMAIL', 'PAGER')
  ) THEN
    RETURN 'landline';
  ELSIF EXISTS (SELECT 1 FROM messaging_opt_outs o WHERE o.business_id = p_business_id AND o.contact = p_recipient) THEN
    RETURN 'opt_out';
  ELSIF p_marketing_consent IS FALSE THEN
    RETURN 'no_consent';
  END IF;
  RETURN NULL;
END $$;

-- Quiet hours for the bonus WhatsApp (decision 077 left it out): the bonus record of migration 027, its messages
-- held like every automatic one (due now, waiting for the window's start when now is inside the quiet hours).
CREATE OR REPLACE FUNCTION loyalty_bonus_record(p_business_id text, p_threshold integer, p_card_id text)
RETURNS TABLE (messages integer, skipped integer, cards integer)
LANGUAGE plpgsql AS $fn$
BEGIN
  RETURN QUERY EXECUTE $sql$
    WITH plan AS MATERIALIZED (
      SELECT * FROM loyalty_bonus_plan($1, $2, $3)
    ), jobs AS MATERIALIZED (
      SELECT e.status
        FROM loyalty_enqueue_messages((
          SELECT array_agg(ROW($1, plan.card_id, NULL, 'whatsapp', plan.recipient, plan.body, 'bonus:' || plan.card_id || ':' || plan.level,
                               NULL, NULL, false)::loyalty_message ORDER BY plan.card_id, plan.level)
            FROM plan WHERE plan.status <> 'not_sent'
        ), true, NULL) e
    ), per_card AS (
      SELECT plan.card_id, max(plan.level) AS top, bool_or(plan.status = 'queued') AS announced,
             (array_agg(plan.status ORDER BY plan.level DESC))[1] AS last_status
        FROM plan GROUP BY plan.card_id
    ), cards AS (
      UPDATE loyalty_cards c
         SET bonus_level = greatest(c.bonus_level, p.top),
             bonus_due = p.last_status <> 'queued',
             last_bonus_at = CASE WHEN p.announced THEN now() ELSE c.last_bonus_at END
        FROM per_card p
       WHERE c.id = p.card_id
      RETURNING c.id
    )
    SELECT (SELECT count(*) FROM jobs WHERE jobs.status = 'queued')::integer,
           (SELECT count(*) FROM jobs WHERE jobs.status = 'skipped')::integer,
           (SELECT count(*) FROM cards)::integer
  $sql$ USING p_business_id, p_threshold, p_card_id;
END $fn$;
