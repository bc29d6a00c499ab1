-- Credentials reach only their owner (docs/decisions/058-credentials-reach-only-their-owner.md).

-- 1. A message carrying a credential (a customer's access link) is queued with the placeholder «•••» where the
--    token goes and `credential` naming what to issue ('customer-link:<link id>'). The worker issues the token
--    just before calling the driver, storing only its hash, and never writes it back: no row ever holds it.
ALTER TABLE messaging_jobs ADD COLUMN credential text;
-- The erasure's confirmation goes to the contact being erased: its recipient is kept only until it is sent.
ALTER TABLE messaging_jobs ADD COLUMN forget_recipient boolean NOT NULL DEFAULT false;
-- A link has a token (and its hash) only once the message carrying it is sent.
ALTER TABLE customer_login_links ALTER COLUMN token_hash DROP NOT NULL;

-- 2. Links written before this: their tokens out of every stored body, and a link still waiting is not sent
--    (it would now carry no token; the customer asks for a new one).
UPDATE messaging_jobs SET status = 'skipped', skip_reason = 'credential_withdrawn', updated_at = now()
 WHERE status = 'queued' AND idempotency_key LIKE 'customer-link:%';
UPDATE messaging_jobs SET body = regexp_replace(body, '([?&]token=)[A-Za-z0-9_-]+', '\1•••', 'g')
 WHERE body LIKE '%/my-card?token=%';
UPDATE outbox_messages SET body = regexp_replace(body, '([?&]token=)[A-Za-z0-9_-]+', '\1•••', 'g')
 WHERE body LIKE '%/my-card?token=%';

-- 3. Customer sessions end on the server: a session's token names its row (claim `jti`), and a request is
--    served only while the row is there. «Esci» deletes it, an erasure deletes the contact's, and a new
--    session clears the expired ones.
CREATE TABLE customer_sessions (
  id            text PRIMARY KEY,
  contact_kind  text NOT NULL CONSTRAINT customer_sessions_kind_known CHECK (contact_kind IN ('email', 'phone')),
  contact_value text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL
);
CREATE INDEX customer_sessions_contact_idx ON customer_sessions (contact_kind, contact_value);
CREATE INDEX customer_sessions_expires_idx ON customer_sessions (expires_at);

-- 4. The erasure finds a card's messages (and deleting a card with a long history no longer reads every message).
CREATE INDEX messaging_jobs_card_idx ON messaging_jobs (card_id) WHERE card_id IS NOT NULL;
CREATE INDEX outbox_messages_card_idx ON outbox_messages (card_id) WHERE card_id IS NOT NULL;
