-- A campaign sent again reconsiders the recipients it skipped (decision 100's later note): a customer who had no
-- marketing consent, a contact on the STOP list or past the day's limit the first time is judged again by the rule
-- of every enqueue, and queued if it now allows; the ones queued or sent before stay as they are (their key is used).
-- Before, a skipped recipient's job row kept its key forever: a second send counted it among those who «had already
-- received» the campaign, and a consent given later never let this campaign reach them.
--
-- The same function as migration 039 with one argument more, `p_retry_skipped` (false: every other enqueue keeps
-- its rule — a bonus, an automation or a single message is never reconsidered). Dropped and created again: a
-- fourth argument with a default beside the three-argument function would make every call ambiguous.
DROP FUNCTION loyalty_enqueue_messages(loyalty_message[], boolean, timestamptz);

CREATE FUNCTION loyalty_enqueue_messages(p_messages loyalty_message[], p_held boolean, p_at timestamptz, p_retry_skipped boolean DEFAULT false)
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
    -- key was already used claims nothing (it enqueues nothing), unless its job was skipped and is reconsidered.
    SELECT g.ord, g.card_id, (g.run_at AT TIME ZONE 'Europe/Rome')::date AS day,
           row_number() OVER (PARTITION BY g.card_id, (g.run_at AT TIME ZONE 'Europe/Rome')::date ORDER BY g.ord) AS nth
      FROM given g
     WHERE g.marketing_consent IS NOT NULL AND g.card_id IS NOT NULL AND g.reason IS NULL
       AND NOT EXISTS (SELECT 1 FROM messaging_jobs x WHERE x.idempotency_key = g.idempotency_key AND NOT (p_retry_skipped AND x.status = 'skipped'))
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
  ON CONFLICT ON CONSTRAINT messaging_jobs_idempotency_key DO UPDATE
     SET card_id = EXCLUDED.card_id, recipient = EXCLUDED.recipient, body = EXCLUDED.body, status = EXCLUDED.status,
         skip_reason = EXCLUDED.skip_reason, credential = EXCLUDED.credential, forget_recipient = EXCLUDED.forget_recipient,
         next_run_at = EXCLUDED.next_run_at, quiet = EXCLUDED.quiet, updated_at = now()
   WHERE p_retry_skipped AND j.status = 'skipped'
  RETURNING j.id, j.idempotency_key, j.channel, j.status, j.skip_reason;
END $$;
