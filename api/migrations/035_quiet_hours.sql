-- Quiet hours (docs/decisions/077-campaign-reach-status-quiet-hours.md): no marketing or automatic
-- message leaves between 20:00 and 09:00 Rome time; one that falls inside waits in the queue for 09:00. A shop
-- may narrow its sending window (e.g. 10:00–19:00), never widen it. Service messages (access links, invitations,
-- receipts) are never held.
--
-- The hold is the job's next_run_at, written when the message is enqueued: the worker's claim already takes
-- only jobs whose next_run_at has come, so nothing else changes in the queue.

-- The shop's sending window, whole hours in Rome time: from send_from:00 (inclusive) to send_until:00 (exclusive).
ALTER TABLE messaging_settings
  ADD COLUMN send_from smallint NOT NULL DEFAULT 9,
  ADD COLUMN send_until smallint NOT NULL DEFAULT 20,
  ADD CONSTRAINT messaging_settings_send_window CHECK (send_from >= 9 AND send_until <= 20 AND send_from < send_until);

-- When a held message due at p_at may leave: p_at itself inside the business's window, else the window's next
-- start, in Rome time (daylight saving included: the wall-clock hour is what counts).
CREATE FUNCTION loyalty_quiet_release(p_business_id text, p_at timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE
           WHEN l.t::time >= make_time(w.send_from, 0, 0) AND l.t::time < make_time(w.send_until, 0, 0) THEN p_at
           WHEN l.t::time < make_time(w.send_from, 0, 0) THEN (l.t::date + make_time(w.send_from, 0, 0)) AT TIME ZONE 'Europe/Rome'
           ELSE (l.t::date + 1 + make_time(w.send_from, 0, 0)) AT TIME ZONE 'Europe/Rome'
         END
    FROM (SELECT p_at AT TIME ZONE 'Europe/Rome' AS t) l
   CROSS JOIN (
     SELECT coalesce(max(s.send_from), 9)::int AS send_from, coalesce(max(s.send_until), 20)::int AS send_until
       FROM messaging_settings s WHERE s.business_id = p_business_id
   ) w
$$;

-- The one enqueue of migration 027, with when the messages may leave: `p_at` (NULL: now) is when they are due;
-- `p_held` holds them by the quiet hours — and a marketing message (marketing_consent not NULL) always is.
CREATE FUNCTION loyalty_enqueue_messages(p_messages loyalty_message[], p_held boolean, p_at timestamptz)
RETURNS TABLE (id bigint, idempotency_key text, channel text, status text, skip_reason text)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  INSERT INTO messaging_jobs AS j (business_id, card_id, campaign_id, channel, recipient, body, idempotency_key, status, skip_reason, credential, forget_recipient, next_run_at)
  SELECT m.business_id, m.card_id, m.campaign_id, m.channel, m.recipient, m.body, m.idempotency_key,
         CASE WHEN r.reason IS NULL THEN 'queued' ELSE 'skipped' END, r.reason, m.credential, coalesce(m.forget_recipient, false),
         CASE WHEN p_held OR m.marketing_consent IS NOT NULL THEN loyalty_quiet_release(m.business_id, coalesce(p_at, now())) ELSE coalesce(p_at, now()) END
    FROM unnest(p_messages) WITH ORDINALITY AS m(business_id, card_id, campaign_id, channel, recipient, body, idempotency_key,
                                                 marketing_consent, credential, forget_recipient, ord)
   CROSS JOIN LATERAL (SELECT loyalty_message_skip_reason(m.business_id, m.channel, m.recipient, m.marketing_consent) AS reason) r
   ORDER BY m.ord
  ON CONFLICT ON CONSTRAINT messaging_jobs_idempotency_key DO NOTHING
  RETURNING j.id, j.idempotency_key, j.channel, j.status, j.skip_reason;
END $$;

-- The one-argument form every path of migration 027 calls: due now, marketing held by the quiet hours.
CREATE OR REPLACE FUNCTION loyalty_enqueue_messages(p_messages loyalty_message[])
RETURNS TABLE (id bigint, idempotency_key text, channel text, status text, skip_reason text)
LANGUAGE sql AS $$
  SELECT * FROM loyalty_enqueue_messages(p_messages, false, NULL)
$$;
