-- A sale at the counter in one database round trip (docs/decisions/075-points-from-the-sale.md, last amendment).

-- Which earning terms (the program's settings and the promotions) a business has: moved by every change of them,
-- whatever writes it. The API keeps the terms it read with this number and the sale below refuses to record with
-- an out-of-date one ('stale'), so a change made through another API instance is never missed.
ALTER TABLE businesses ADD COLUMN earning_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION businesses_earning_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.loyalty_mode, OLD.expiry_months, OLD.expiry_reminder_days, OLD.birthday_points, OLD.birthday_message, OLD.earning_rule,
      OLD.earn_points, OLD.earn_every_cents, OLD.earn_rounding, OLD.min_spend_cents, OLD.visit_points, OLD.visit_once_per_day)
     IS DISTINCT FROM
     (NEW.loyalty_mode, NEW.expiry_months, NEW.expiry_reminder_days, NEW.birthday_points, NEW.birthday_message, NEW.earning_rule,
      NEW.earn_points, NEW.earn_every_cents, NEW.earn_rounding, NEW.min_spend_cents, NEW.visit_points, NEW.visit_once_per_day) THEN
    NEW.earning_version := OLD.earning_version + 1;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER businesses_earning_version BEFORE UPDATE ON businesses
  FOR EACH ROW EXECUTE FUNCTION businesses_earning_version();

CREATE FUNCTION promotions_earning_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE businesses SET earning_version = earning_version + 1 WHERE id = OLD.business_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.business_id IS DISTINCT FROM OLD.business_id) THEN
    UPDATE businesses SET earning_version = earning_version + 1 WHERE id = NEW.business_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER promotions_earning_version AFTER INSERT OR UPDATE OR DELETE ON promotions
  FOR EACH ROW EXECUTE FUNCTION promotions_earning_version();
CREATE FUNCTION promotions_earning_version_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses SET earning_version = earning_version + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER promotions_earning_version_truncate AFTER TRUNCATE ON promotions
  FOR EACH STATEMENT EXECUTE FUNCTION promotions_earning_version_truncate();

-- Records a sale whose points the API computed from the terms of version `p_earning_version` (features/rewards,
-- recordSale). Under READ COMMITTED each statement of a function reads with a fresh snapshot, so the look-ups
-- after the card's row lock see what a sale that held the lock before committed (the same submission twice
-- records once). Answers one row whose `outcome` is:
--   'missing'   the card does not exist or `p_user_id` (null: a super admin) may not serve its business;
--   'stale'     the card's business is not `p_business_id` or its terms are not that version: `business_id` and
--               `earning_version` say what they are, nothing was written;
--   'replayed'  the card already has a sale with this key: that sale again (balance after it, row, earning);
--   'visited-today', 'over-limit', 'recent' (`recent_points`: the last sale's points) refused, nothing written;
--   'recorded'  the points went on the balance (and the visit days of migration 038), with one ledger row.
CREATE FUNCTION record_sale(
  p_card_id text, p_business_id text, p_user_id text, p_earning_version bigint, p_key text, p_confirm boolean,
  p_once_per_day boolean, p_points numeric, p_description text, p_amount_cents integer, p_earning jsonb,
  p_author_id text, p_at timestamptz, p_balance_max numeric, p_recent_seconds integer
) RETURNS TABLE (
  outcome text, business_id text, earning_version bigint, balance numeric, recent_points numeric, earning jsonb,
  id bigint, card_id text, points numeric, kind text, reward_id text, reward_name text, description text,
  amount_cents integer, author_id text, created_at timestamptz, author_name text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_business text;
  v_points numeric;
  v_version bigint;
  v_day date := (p_at AT TIME ZONE 'Europe/Rome')::date;
  v_recent numeric;
BEGIN
  -- The card, locked, when the user may serve its business: the owner or any member (the counter's rule).
  SELECT c.business_id, c.points INTO v_business, v_points
    FROM loyalty_cards c
   WHERE c.id = p_card_id
     AND (p_user_id IS NULL OR EXISTS (
           SELECT 1 FROM businesses b
            WHERE b.id = c.business_id
              AND (b.owner_id = p_user_id OR EXISTS (SELECT 1 FROM business_members bm WHERE bm.business_id = b.id AND bm.user_id = p_user_id))))
     FOR UPDATE OF c;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'missing'::text, NULL::text, NULL::bigint, NULL::numeric, NULL::numeric, NULL::jsonb, NULL::bigint, NULL::text,
      NULL::numeric, NULL::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;
  SELECT b.earning_version INTO v_version FROM businesses b WHERE b.id = v_business;
  IF v_business IS DISTINCT FROM p_business_id OR v_version IS DISTINCT FROM p_earning_version THEN
    RETURN QUERY SELECT 'stale'::text, v_business, v_version, NULL::numeric, NULL::numeric, NULL::jsonb, NULL::bigint, NULL::text,
      NULL::numeric, NULL::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;

  -- The same submission again: that sale's answer, nothing written.
  RETURN QUERY
    SELECT 'replayed'::text, v_business, v_version, l.balance_after, NULL::numeric, l.earning,
           l.id, l.card_id, l.points, l.kind, l.reward_id, l.reward_name, l.description, l.amount_cents, l.author_id, l.created_at,
           (SELECT u.full_name FROM users u WHERE u.id = l.author_id)
      FROM points_ledger l
     WHERE l.card_id = p_card_id AND l.idempotency_key = p_key AND l.earning IS NOT NULL;
  IF FOUND THEN
    RETURN;
  END IF;

  -- One visit a card and Italian day, when the program says so; the card's last two days of sales (partial index).
  IF p_once_per_day AND EXISTS (
       SELECT 1 FROM points_ledger l
        WHERE l.card_id = p_card_id AND l.earning IS NOT NULL AND l.created_at >= p_at - interval '2 days'
          AND (l.created_at AT TIME ZONE 'Europe/Rome')::date = v_day) THEN
    RETURN QUERY SELECT 'visited-today'::text, v_business, v_version, NULL::numeric, NULL::numeric, NULL::jsonb, NULL::bigint, NULL::text,
      NULL::numeric, NULL::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;

  IF NOT p_confirm THEN
    SELECT l.points INTO v_recent
      FROM points_ledger l
     WHERE l.card_id = p_card_id AND l.earning IS NOT NULL AND l.created_at >= p_at - interval '2 days'
       AND l.created_at > p_at - make_interval(secs => p_recent_seconds)
     ORDER BY l.created_at DESC, l.id DESC
     LIMIT 1;
    IF FOUND THEN
      RETURN QUERY SELECT 'recent'::text, v_business, v_version, NULL::numeric, v_recent, NULL::jsonb, NULL::bigint, NULL::text,
        NULL::numeric, NULL::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::timestamptz, NULL::text;
      RETURN;
    END IF;
  END IF;

  IF v_points + p_points > p_balance_max THEN
    RETURN QUERY SELECT 'over-limit'::text, v_business, v_version, NULL::numeric, NULL::numeric, NULL::jsonb, NULL::bigint, NULL::text,
      NULL::numeric, NULL::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;

  RETURN QUERY
    WITH card AS (
      -- The card's visit days (migration 038, the overview's report): first, the next day after it, latest.
      UPDATE loyalty_cards c
         SET points = c.points + p_points,
             first_visit_on = least(c.first_visit_on, v_day),
             return_visit_on = CASE WHEN c.first_visit_on IS NULL OR v_day = c.first_visit_on THEN c.return_visit_on
                                    WHEN v_day < c.first_visit_on THEN c.first_visit_on
                                    ELSE least(c.return_visit_on, v_day) END,
             last_visit_on = greatest(c.last_visit_on, v_day)
       WHERE c.id = p_card_id
       RETURNING c.id, c.points
    ), entry AS (
      INSERT INTO points_ledger AS l (card_id, points, kind, description, amount_cents, earning, balance_after, idempotency_key, author_id, created_at)
      SELECT card.id, p_points, 'credit', p_description, p_amount_cents, p_earning, card.points, p_key, p_author_id, p_at FROM card
      RETURNING l.id, l.card_id, l.points, l.kind, l.reward_id, l.reward_name, l.description, l.amount_cents, l.author_id, l.created_at
    )
    SELECT 'recorded'::text, v_business, v_version, card.points, NULL::numeric, p_earning,
           entry.id, entry.card_id, entry.points, entry.kind, entry.reward_id, entry.reward_name, entry.description, entry.amount_cents,
           entry.author_id, entry.created_at, (SELECT u.full_name FROM users u WHERE u.id = entry.author_id)
      FROM card, entry;
END $$;
