-- One bonus WhatsApp per rise of a balance, for the highest multiple it reaches (decision 021's later note).
--
-- Migration 009 enqueued one message per newly reached multiple (up to 10): a sale of 3 250 points on a threshold
-- of 1 000 sent the customer three messages in the same second, identical with the default text (it names the
-- balance, not the multiple). Found by a new user: «Complimenti Riccardo Rizzo! Con 4.220 punti hai raggiunto un
-- premio» twice for one sale. Now a rise announces only the highest multiple it reaches ({traguardo}); the lower
-- ones are recorded as passed (bonus_level moves to the highest, as before), so they are never announced later.
-- The plan, the record, the threshold change and its preview all read this function, so they count the same.
CREATE OR REPLACE FUNCTION loyalty_bonus_levels(level bigint, points numeric, threshold integer) RETURNS SETOF bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(points / threshold)::bigint * threshold
   WHERE floor(points / threshold)::bigint * threshold > level
$$;
