-- A sale at the counter in fewer statements (docs/decisions/075-points-from-the-sale.md, last amendment): the same
-- function as migration 044, same arguments and answers, with
--   * the card's lock and its business's earning version read in one statement (two before);
--   * the card's sales the checks need (the one with this key, whenever it was made, and those of the last two days
--     for the once-a-day and 60-second checks) read in one statement (up to three before).
-- A sale's first tap (no confirm) went through five statements before its write, now two; a confirmed one four,
-- now three.
--
-- The version comes from the same snapshot as the card's row before its lock was granted: a change of the terms
-- committed while this sale waited for the card is not seen, and the sale records with the terms it was computed
-- from, as if it had come just before the change (it did: its instant `p_at` was taken before it waited). Every sale
-- that starts after the change sees it.
CREATE OR REPLACE FUNCTION record_sale(
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
  v_visited boolean := false;
  v_sale record;
BEGIN
  -- The card, locked, with its business's terms version, when the user may serve that business: the owner or any
  -- member (the counter's rule).
  SELECT c.business_id, c.points, b.earning_version INTO v_business, v_points, v_version
    FROM loyalty_cards c
    JOIN businesses b ON b.id = c.business_id
   WHERE c.id = p_card_id
     AND (p_user_id IS NULL OR b.owner_id = p_user_id
          OR EXISTS (SELECT 1 FROM business_members bm WHERE bm.business_id = b.id AND bm.user_id = p_user_id))
     FOR UPDATE OF c;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'missing'::text, NULL::text, NULL::bigint, NULL::numeric, NULL::numeric, NULL::jsonb, NULL::bigint, NULL::text,
      NULL::numeric, NULL::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;
  IF v_business IS DISTINCT FROM p_business_id OR v_version IS DISTINCT FROM p_earning_version THEN
    RETURN QUERY SELECT 'stale'::text, v_business, v_version, NULL::numeric, NULL::numeric, NULL::jsonb, NULL::bigint, NULL::text,
      NULL::numeric, NULL::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;

  -- The card's sales this submission needs to know about, newest first, the one with its key first of all: read
  -- after the lock (a statement of its own, so a fresh snapshot), so a sale that held the lock before is seen.
  FOR v_sale IN
    SELECT l.id, l.card_id, l.points, l.kind, l.reward_id, l.reward_name, l.description, l.amount_cents, l.author_id,
           l.created_at, l.balance_after, l.earning, l.idempotency_key = p_key AS same_key
      FROM points_ledger l
     WHERE l.card_id = p_card_id AND l.earning IS NOT NULL
       AND (l.idempotency_key = p_key OR (NOT p_confirm OR p_once_per_day) AND l.created_at >= p_at - interval '2 days')
     ORDER BY (l.idempotency_key = p_key) DESC NULLS LAST, l.created_at DESC, l.id DESC
  LOOP
    IF v_sale.same_key THEN
      -- The same submission again: that sale's answer, nothing written.
      RETURN QUERY SELECT 'replayed'::text, v_business, v_version, v_sale.balance_after, NULL::numeric, v_sale.earning,
        v_sale.id, v_sale.card_id, v_sale.points, v_sale.kind, v_sale.reward_id, v_sale.reward_name, v_sale.description,
        v_sale.amount_cents, v_sale.author_id, v_sale.created_at, (SELECT u.full_name FROM users u WHERE u.id = v_sale.author_id);
      RETURN;
    END IF;
    IF (v_sale.created_at AT TIME ZONE 'Europe/Rome')::date = v_day THEN
      v_visited := true;
    END IF;
    IF v_recent IS NULL AND v_sale.created_at > p_at - make_interval(secs => p_recent_seconds) THEN
      v_recent := v_sale.points;
    END IF;
  END LOOP;

  -- One visit a card and Italian day, when the program says so.
  IF p_once_per_day AND v_visited THEN
    RETURN QUERY SELECT 'visited-today'::text, v_business, v_version, NULL::numeric, NULL::numeric, NULL::jsonb, NULL::bigint, NULL::text,
      NULL::numeric, NULL::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;

  IF NOT p_confirm AND v_recent IS NOT NULL THEN
    RETURN QUERY SELECT 'recent'::text, v_business, v_version, NULL::numeric, v_recent, NULL::jsonb, NULL::bigint, NULL::text,
      NULL::numeric, NULL::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::timestamptz, NULL::text;
    RETURN;
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
