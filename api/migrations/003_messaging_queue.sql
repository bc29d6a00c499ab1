-- Messaging: the durable job queue, the opt-out list, and outbox_messages as the log of every message
-- whatever the driver. See docs/decisions/005-messaging-job-queue.md.

-- NULL driver = the configuration's default (MESSAGING_DRIVER); a row created by the settings screen
-- must not pin a business to 'outbox'.
ALTER TABLE messaging_settings ALTER COLUMN driver DROP NOT NULL;
ALTER TABLE messaging_settings ALTER COLUMN driver DROP DEFAULT;

-- One row per message to send (one per campaign recipient and channel). Worked with
-- SELECT … FOR UPDATE SKIP LOCKED; 'sending' rows whose lease ran out are claimed again.
CREATE TABLE messaging_jobs (
  id                  bigserial PRIMARY KEY,
  business_id         text NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  -- A deleted campaign takes its pending jobs with it.
  campaign_id         text REFERENCES campaigns (id) ON DELETE CASCADE,
  card_id             text REFERENCES loyalty_cards (id) ON DELETE SET NULL,
  channel             text NOT NULL CHECK (channel IN ('whatsapp', 'sms', 'email')),
  -- E.164 phone or lower-case e-mail; '' for a campaign recipient without a contact for the channel.
  recipient           text NOT NULL,
  body                text NOT NULL,
  -- 'campaign:<id>:<channel>:<recipient>' or 'card:<id>:whatsapp:<key>': enqueueing twice is a no-op.
  idempotency_key     text NOT NULL,
  status              text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'skipped')),
  -- Why a recipient was skipped: 'opt_out' (STOP), 'no_consent', 'no_contact'.
  skip_reason         text,
  attempts            integer NOT NULL DEFAULT 0,
  next_run_at         timestamptz NOT NULL DEFAULT now(),
  -- Set while 'sending': who holds the job and until when.
  lock_token          text,
  locked_until        timestamptz,
  last_error          text,
  provider_message_id text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  sent_at             timestamptz,
  CONSTRAINT messaging_jobs_idempotency_key UNIQUE (idempotency_key)
);
CREATE INDEX messaging_jobs_due_idx ON messaging_jobs (next_run_at, id) WHERE status IN ('queued', 'sending');
CREATE INDEX messaging_jobs_campaign_idx ON messaging_jobs (campaign_id, status);

-- Contacts that asked not to be messaged by a business (a STOP reply): phone (E.164) or lower-case e-mail.
CREATE TABLE messaging_opt_outs (
  business_id text NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  contact     text NOT NULL,
  source      text NOT NULL DEFAULT 'stop',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (business_id, contact)
);

-- outbox_messages becomes the log of every message: which driver took it, the provider's id and status.
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_status_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_status_check
  CHECK (status IN ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'));
ALTER TABLE outbox_messages
  ADD COLUMN driver              text NOT NULL DEFAULT 'outbox',
  ADD COLUMN provider_message_id text,
  ADD COLUMN error               text,
  -- The job it came from: at most one logged message per job (NULL for connection tests).
  ADD COLUMN job_id              bigint REFERENCES messaging_jobs (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX outbox_messages_job_key ON outbox_messages (job_id);
CREATE INDEX outbox_messages_created_idx ON outbox_messages (created_at DESC, id DESC);
