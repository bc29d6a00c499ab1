-- The initial schema. Ids are text (UUIDs by default) so fixed ids such as 'default-business-id' fit.
-- Emails are stored lower-case (enforced), which gives case-insensitive uniqueness without citext.

CREATE TABLE users (
  id            text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  email         text NOT NULL CHECK (email = lower(email) AND email <> ''),
  full_name     text NOT NULL,
  role          text NOT NULL CHECK (role IN ('client', 'admin', 'super_admin')),
  phone         text,
  -- NULL for clients: they get a card through the public signup and never log in.
  password_hash text,
  -- The business a client signed up at (or an admin's home business); set when the user is created.
  business_id   text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_created_at_idx ON users (created_at);

CREATE TABLE businesses (
  id               text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name             text NOT NULL CHECK (btrim(name) <> ''),
  address          text,
  phone            text,
  email            text,
  website          text,
  -- Messaging channels are switched on per business by the super admin.
  whatsapp_enabled smallint NOT NULL DEFAULT 0 CHECK (whatsapp_enabled IN (0, 1)),
  sms_enabled      smallint NOT NULL DEFAULT 0 CHECK (sms_enabled IN (0, 1)),
  email_enabled    smallint NOT NULL DEFAULT 0 CHECK (email_enabled IN (0, 1)),
  -- The admin who manages the business; ownership is what every admin route checks.
  owner_id         text REFERENCES users (id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX businesses_owner_idx ON businesses (owner_id, created_at);

ALTER TABLE users
  ADD CONSTRAINT users_business_fk FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE SET NULL;

CREATE TABLE loyalty_cards (
  id                text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  business_id       text NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  user_id           text REFERENCES users (id) ON DELETE SET NULL,
  -- 'LC-' + 8 digits, unique within the business.
  card_number       text NOT NULL,
  customer_name     text NOT NULL,
  customer_phone    text,
  email             text,
  birth_date        date,
  -- The balance; every change also writes a points_ledger row in the same transaction.
  points            numeric(12, 2) NOT NULL DEFAULT 0,
  privacy_ack       boolean NOT NULL DEFAULT false,
  marketing_consent boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT loyalty_cards_number_per_business UNIQUE (business_id, card_number)
);
CREATE INDEX loyalty_cards_business_created_idx ON loyalty_cards (business_id, created_at DESC);
CREATE INDEX loyalty_cards_user_idx ON loyalty_cards (user_id);

CREATE TABLE points_ledger (
  id          bigserial PRIMARY KEY,
  card_id     text NOT NULL REFERENCES loyalty_cards (id) ON DELETE CASCADE,
  points      numeric(12, 2) NOT NULL,
  description text NOT NULL,
  author_id   text REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX points_ledger_card_idx ON points_ledger (card_id, created_at);

CREATE TABLE campaigns (
  id          text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  business_id text NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (btrim(name) <> ''),
  description text NOT NULL DEFAULT '',
  status      text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'active', 'completed', 'cancelled')),
  targets     jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(targets) = 'array'),
  -- [{ customer_name?, customer_phone, email }]
  recipients  jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(recipients) = 'array'),
  -- subset of ["whatsapp", "sms", "email"]
  channels    jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(channels) = 'array'),
  created_by  text REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX campaigns_business_created_idx ON campaigns (business_id, created_at DESC);

-- Messaging provider settings per business. The auth token is stored encrypted; its last four
-- characters are kept apart so the settings screen can show a masked value without decrypting.
CREATE TABLE messaging_settings (
  business_id           text PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
  driver                text NOT NULL DEFAULT 'outbox' CHECK (driver IN ('outbox', 'twilio', 'smtp')),
  account_sid           text,
  auth_token_encrypted  text,
  auth_token_last4      text,
  phone_number          text,
  messaging_service_sid text,
  email_sender          text,
  updated_at            timestamptz NOT NULL DEFAULT now()
);

-- Every message the platform sends; the default 'outbox' driver stops here (a demo sends nothing out).
CREATE TABLE outbox_messages (
  id          bigserial PRIMARY KEY,
  business_id text NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  campaign_id text REFERENCES campaigns (id) ON DELETE SET NULL,
  card_id     text REFERENCES loyalty_cards (id) ON DELETE SET NULL,
  channel     text NOT NULL CHECK (channel IN ('whatsapp', 'sms', 'email')),
  recipient   text NOT NULL,
  body        text NOT NULL,
  status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_messages_business_idx ON outbox_messages (business_id, created_at DESC);

-- Failed logins per e-mail address, kept for unknown addresses too so the answers never reveal
-- whether an account exists. A row is removed on successful login; stale rows are pruned.
CREATE TABLE login_attempts (
  email          text PRIMARY KEY,
  failed_count   integer NOT NULL,
  last_failed_at timestamptz NOT NULL,
  locked_until   timestamptz
);
CREATE INDEX login_attempts_last_failed_idx ON login_attempts (last_failed_at);
