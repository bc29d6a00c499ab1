-- The bonus automation runs in the database (docs/decisions/021-bonus-on-the-server.md).
--
-- Every business has a bonus threshold. Whenever a card's balance rises (points route, QR scan, an import,
-- plain SQL: anything that updates loyalty_cards.points), a trigger in the same transaction records each
-- multiple of the threshold the card now reaches above the highest one already recorded
-- (loyalty_cards.bonus_level), and enqueues one bonus WhatsApp per newly reached multiple in messaging_jobs,
-- with the idempotency key 'bonus:<card id>:<points of the multiple>' — unique, so a multiple is announced at
-- most once whatever the number of writers, retries or threshold changes. The row lock of the card update
-- serialises the writers of one card, so each multiple is seen as new by exactly one of them.
--
-- What happens to a newly reached multiple:
--   queued    WhatsApp on, a phone, not on the STOP list: a job the worker sends;
--   skipped   WhatsApp on but no phone ('no_contact') or the number sent STOP ('opt_out'): a 'skipped' job with
--             its reason, never sent (a service message: marketing consent is not required);
--   not sent  WhatsApp off: no job at all. The multiple is still recorded, so switching WhatsApp on later
--             does not send a flood of old bonuses; the card shows 'Bonus!' (bonus_due) instead.

ALTER TABLE businesses ADD COLUMN bonus_threshold integer NOT NULL DEFAULT 1000 CHECK (bonus_threshold >= 1);

-- NULL: the default text (loyalty_bonus_default_template). Never empty.
ALTER TABLE messaging_settings ADD COLUMN bonus_template text
  CHECK (bonus_template IS NULL OR (btrim(bonus_template) <> '' AND char_length(bonus_template) <= 1600));

ALTER TABLE loyalty_cards
  -- The highest bonus multiple (in points) recorded for the card; only multiples above it are new.
  ADD COLUMN bonus_level bigint NOT NULL DEFAULT 0 CHECK (bonus_level >= 0),
  -- The last multiple recorded had no message queued (WhatsApp off, STOP, no phone): the 'Bonus!' badge.
  ADD COLUMN bonus_due boolean NOT NULL DEFAULT false,
  -- When the last bonus message of the card was queued ('bonus inviato il …').
  ADD COLUMN last_bonus_at timestamptz;

-- Cards that already hold multiples of the default threshold: the browser automation announced them (or
-- will never get the chance to); recorded as reached, so the first points change after this migration does
-- not send them all again.
UPDATE loyalty_cards SET bonus_level = (floor(points / 1000) * 1000)::bigint WHERE points >= 1000;

CREATE FUNCTION loyalty_bonus_default_template() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'Complimenti {nome}! Con {punti} punti hai raggiunto un premio da {negozio}.'::text
$$;

-- Points written the Italian way: 4017.5 → '4.017,5', 1000 → '1.000', 12.25 → '12,25'.
CREATE FUNCTION loyalty_format_points_it(p numeric) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p < 0 THEN '-' ELSE '' END
      || regexp_replace(split_part(abs(p)::text, '.', 1), '(\d)(?=(\d{3})+$)', '\1.', 'g')
      || coalesce(',' || nullif(rtrim(split_part(abs(p)::text, '.', 2), '0'), ''), '')
$$;

-- The template with its placeholders filled in one pass: the template becomes a format() string (its own '%'
-- doubled), so a value is never searched for placeholders again (a customer called "{punti}" stays so).
-- Unknown placeholders cannot be stored: the API refuses them.
CREATE FUNCTION loyalty_bonus_render(template text, nome text, punti text, negozio text, traguardo text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT format(replace(replace(replace(replace(replace(template, '%', '%%'), '{nome}', '%1$s'), '{punti}', '%2$s'),
                '{negozio}', '%3$s'), '{traguardo}', '%4$s'),
                nome, punti, negozio, traguardo)
$$;

-- The multiples of `threshold` a card with `points` reaches above `level`, lowest first. At most the 10
-- highest: a change that crosses more at once (threshold 1, a big import) announces those and records the
-- others as passed.
CREATE FUNCTION loyalty_bonus_levels(level bigint, points numeric, threshold integer) RETURNS SETOF bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT k * threshold
    FROM generate_series(greatest(level / threshold + 1, floor(points / threshold)::bigint - 9), floor(points / threshold)::bigint) AS k
$$;

-- What recording the new multiples of the cards of a business would do, one row per (card, multiple):
-- the job's recipient and body, and its status ('queued', 'skipped' with skip_reason, or 'not_sent' when
-- WhatsApp is off). `p_card_id` NULL: every card of the business. Used by the trigger (one card), by the
-- threshold change and by its preview, so the preview counts exactly what the change enqueues. Call it with
-- known values (not in a cached generic plan): `p_card_id IS NULL OR …` then folds into a primary-key lookup
-- for one card, or a range of the (business_id, points) index for all.
CREATE FUNCTION loyalty_bonus_plan(p_business_id text, p_threshold integer, p_card_id text)
RETURNS TABLE (card_id text, level bigint, recipient text, body text, status text, skip_reason text)
LANGUAGE sql STABLE AS $$
  SELECT c.id, l.level, ph.phone,
         CASE WHEN b.whatsapp_enabled = 1 THEN loyalty_bonus_render(coalesce(s.bonus_template, loyalty_bonus_default_template()),
           c.customer_name, loyalty_format_points_it(c.points), b.name, loyalty_format_points_it(l.level)) END,
         CASE WHEN b.whatsapp_enabled <> 1 THEN 'not_sent' WHEN r.reason IS NULL THEN 'queued' ELSE 'skipped' END,
         CASE WHEN b.whatsapp_enabled <> 1 THEN 'whatsapp_disabled' ELSE r.reason END
    FROM businesses b
    JOIN loyalty_cards c ON c.business_id = b.id
    LEFT JOIN messaging_settings s ON s.business_id = b.id
    -- The card's WhatsApp contact, normalised like the campaign sends (messaging/repository.ts).
    CROSS JOIN LATERAL (SELECT regexp_replace(coalesce(c.customer_phone, ''), '[\s().-]', '', 'g') AS phone) ph
    CROSS JOIN LATERAL (
      SELECT CASE WHEN ph.phone = '' THEN 'no_contact'
                  WHEN EXISTS (SELECT 1 FROM messaging_opt_outs o WHERE o.business_id = b.id AND o.contact = ph.phone) THEN 'opt_out' END AS reason
    ) r
    CROSS JOIN LATERAL loyalty_bonus_levels(c.bonus_level, c.points, p_threshold) AS l(level)
   WHERE b.id = p_business_id
     AND (p_card_id IS NULL OR c.id = p_card_id)
     AND c.points >= p_threshold
$$;

-- Records the plan: enqueues its jobs (queued and skipped; ON CONFLICT: a key already used is never sent
-- again) and moves the cards' bonus_level, bonus_due and last_bonus_at, in one statement. Answers what it did.
-- EXECUTE plans the statement with the values of this call (see loyalty_bonus_plan); the text is constant.
CREATE FUNCTION loyalty_bonus_record(p_business_id text, p_threshold integer, p_card_id text)
RETURNS TABLE (messages integer, skipped integer, cards integer)
LANGUAGE plpgsql AS $fn$
BEGIN
  RETURN QUERY EXECUTE $sql$
    WITH plan AS (
      SELECT * FROM loyalty_bonus_plan($1, $2, $3)
    ), jobs AS (
      INSERT INTO messaging_jobs (business_id, card_id, channel, recipient, body, idempotency_key, status, skip_reason)
      SELECT $1, plan.card_id, 'whatsapp', plan.recipient, plan.body, 'bonus:' || plan.card_id || ':' || plan.level,
             plan.status, plan.skip_reason
        FROM plan WHERE plan.status <> 'not_sent'
       ORDER BY plan.card_id, plan.level
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING messaging_jobs.status
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

-- A balance that rises: record the multiples it reaches. Only the card's row is read (and its business's
-- threshold); nothing is written unless a new multiple is reached. Row-level AFTER: the row lock of the
-- update is held, so two writers of one card take turns, and the second sees the first's bonus_level.
CREATE FUNCTION loyalty_cards_bonus_on_rise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  threshold integer;
BEGIN
  SELECT b.bonus_threshold INTO threshold FROM businesses b WHERE b.id = NEW.business_id;
  IF threshold IS NULL OR NEW.points < threshold OR floor(NEW.points / threshold) * threshold <= NEW.bonus_level THEN
    RETURN NULL;
  END IF;
  PERFORM loyalty_bonus_record(NEW.business_id, threshold, NEW.id);
  RETURN NULL;
END $$;

-- A card created with a balance (the demo seed, an import from another system) brings multiples earned
-- before: recorded as reached, not announced.
CREATE FUNCTION loyalty_cards_bonus_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  threshold integer;
BEGIN
  SELECT b.bonus_threshold INTO threshold FROM businesses b WHERE b.id = NEW.business_id;
  IF threshold IS NOT NULL THEN
    NEW.bonus_level := greatest(NEW.bonus_level, (floor(NEW.points / threshold) * threshold)::bigint);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER loyalty_cards_bonus_rise AFTER UPDATE OF points ON loyalty_cards
  FOR EACH ROW WHEN (NEW.points > OLD.points) EXECUTE FUNCTION loyalty_cards_bonus_on_rise();
CREATE TRIGGER loyalty_cards_bonus_insert BEFORE INSERT ON loyalty_cards
  FOR EACH ROW WHEN (NEW.points > 0) EXECUTE FUNCTION loyalty_cards_bonus_on_insert();
