-- One way a message enters the queue (docs/decisions/068-one-enqueue-path-one-jobs-plugin.md).
--
-- Before this, four statements wrote messaging_jobs, each with its own copy of when a message is skipped: the
-- campaign send, the single message (welcome, access links, Easy SMS), the service message of migration 013
-- and the bonus of migration 009. From here on every one of them calls loyalty_enqueue_messages, which holds
-- the rule once:
--
--   no_contact       no recipient at all;
--   invalid_contact  a recipient the channel's provider cannot take (not E.164; an e-mail without its shape);
--   opt_out          the contact sent STOP to the business;
--   no_consent       a marketing message to a contact no card of the business agreed to offers for;
--   otherwise        'queued', for the worker to send.
--
-- A skipped message still gets its row (with its reason) so the shop's counts stay true; the idempotency key is
-- unique, so a message whose key was already used is never enqueued again (ON CONFLICT DO NOTHING).
--
-- One difference follows from one rule: a bonus to a phone kept as written because it is no valid number
-- (migration 011) was queued and then refused by the provider; it is now skipped as 'invalid_contact', like a
-- campaign's, and the card shows its bonus as due.

-- What a caller asks to enqueue. `marketing_consent`: NULL for a service message (no marketing consent is
-- needed); true or false for a marketing one, whether the contact agreed to offers on the channel.
CREATE TYPE loyalty_message AS (
  business_id       text,
  card_id           text,
  campaign_id       text,
  channel           text,
  recipient         text,
  body              text,
  idempotency_key   text,
  marketing_consent boolean,
  credential        text,
  forget_recipient  boolean
);

-- Why a message to `p_recipient` on `p_channel` is not sent, or NULL when it is. The rule above; the bonus
-- plan reads it too, so the threshold change's preview counts exactly what the change enqueues.
CREATE FUNCTION loyalty_message_skip_reason(p_business_id text, p_channel text, p_recipient text, p_marketing_consent boolean)
RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF coalesce(p_recipient, '') = '' THEN
    RETURN 'no_contact';
  ELSIF NOT (CASE WHEN p_channel = 'email' THEN p_recipient ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' ELSE p_recipient ~ '^\+[1-9][0-9]{5,14}$' END) THEN
    RETURN 'invalid_contact';
  ELSIF EXISTS (SELECT 1 FROM messaging_opt_outs o WHERE o.business_id = p_business_id AND o.contact = p_recipient) THEN
    RETURN 'opt_out';
  ELSIF p_marketing_consent IS FALSE THEN
    RETURN 'no_consent';
  END IF;
  RETURN NULL;
END $$;

-- Enqueues the messages, in the order given (the jobs' ids follow it), each 'queued' or 'skipped' with its
-- reason. Answers the rows it wrote; a message whose key was already used writes nothing and is not answered.
CREATE FUNCTION loyalty_enqueue_messages(p_messages loyalty_message[])
RETURNS TABLE (id bigint, idempotency_key text, channel text, status text, skip_reason text)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  INSERT INTO messaging_jobs AS j (business_id, card_id, campaign_id, channel, recipient, body, idempotency_key, status, skip_reason, credential, forget_recipient)
  SELECT m.business_id, m.card_id, m.campaign_id, m.channel, m.recipient, m.body, m.idempotency_key,
         CASE WHEN r.reason IS NULL THEN 'queued' ELSE 'skipped' END, r.reason, m.credential, coalesce(m.forget_recipient, false)
    FROM unnest(p_messages) WITH ORDINALITY AS m(business_id, card_id, campaign_id, channel, recipient, body, idempotency_key,
                                                 marketing_consent, credential, forget_recipient, ord)
   CROSS JOIN LATERAL (SELECT loyalty_message_skip_reason(m.business_id, m.channel, m.recipient, m.marketing_consent) AS reason) r
   ORDER BY m.ord
  ON CONFLICT ON CONSTRAINT messaging_jobs_idempotency_key DO NOTHING
  RETURNING j.id, j.idempotency_key, j.channel, j.status, j.skip_reason;
END $$;

-- Where a service message about a card goes: WhatsApp if the business has it on and the card a valid phone,
-- else SMS likewise, else e-mail if on and the card has an address. No row: no channel reaches the holder.
CREATE FUNCTION loyalty_card_service_contact(p_card_id text)
RETURNS TABLE (business_id text, channel text, recipient text)
LANGUAGE sql STABLE AS $$
  SELECT c.business_id, ch.channel, ch.recipient
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
$$;

-- Kept with its signature for an instance of the previous version still running during a rolling restart;
-- the API now enqueues through loyalty_enqueue_messages itself (features/messaging/enqueue.ts).
CREATE OR REPLACE FUNCTION loyalty_enqueue_service_message(p_card_id text, p_body text, p_key text) RETURNS text
LANGUAGE sql AS $$
  SELECT e.status
    FROM loyalty_card_service_contact(p_card_id) c
   CROSS JOIN LATERAL loyalty_enqueue_messages(ARRAY[ROW(c.business_id, p_card_id, NULL, c.channel, c.recipient, p_body, p_key, NULL, NULL, false)::loyalty_message]) e
$$;

-- The bonus plan of migration 009, its skip reason now the rule's (a service message: no consent needed).
CREATE OR REPLACE FUNCTION loyalty_bonus_plan(p_business_id text, p_threshold integer, p_card_id text)
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
    CROSS JOIN LATERAL (SELECT loyalty_message_skip_reason(b.id, 'whatsapp', ph.phone, NULL) AS reason) r
    CROSS JOIN LATERAL loyalty_bonus_levels(c.bonus_level, c.points, p_threshold) AS l(level)
   WHERE b.id = p_business_id
     AND (p_card_id IS NULL OR c.id = p_card_id)
     AND c.points >= p_threshold
$$;

-- The bonus record of migration 009, its jobs now enqueued by loyalty_enqueue_messages (the plan's order:
-- card, then multiple). The rest is unchanged: the cards' bonus_level, bonus_due and last_bonus_at move in the
-- same statement, and it answers what it did.
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
        )) e
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
