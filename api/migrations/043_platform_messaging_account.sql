-- The platform's messaging account (docs/decisions/086-platform-messaging-account.md): the Twilio account and the
-- SMTP server the super admin configures for the shops that have no provider of their own. Secrets are stored
-- encrypted (AES-256-GCM, the same key as the shops' tokens) with only their last four characters in clear.
ALTER TABLE platform_settings
  ADD COLUMN twilio_account_sid            text,
  ADD COLUMN twilio_auth_token_encrypted   text,
  ADD COLUMN twilio_auth_token_last4       text,
  ADD COLUMN twilio_sms_from               text,
  ADD COLUMN sms_shop_name_sender          boolean NOT NULL DEFAULT false,
  ADD COLUMN twilio_whatsapp_from          text,
  ADD COLUMN smtp_host                     text,
  ADD COLUMN smtp_port                     integer CHECK (smtp_port BETWEEN 1 AND 65535),
  ADD COLUMN smtp_secure                   boolean NOT NULL DEFAULT false,
  ADD COLUMN smtp_user                     text,
  ADD COLUMN smtp_password_encrypted       text,
  ADD COLUMN smtp_password_last4           text,
  ADD COLUMN email_from                    text,
  ADD COLUMN messaging_account_updated_at  timestamptz;

-- Which account sent each message: 'shop' (its own credentials), 'platform' (the account above); NULL when nothing
-- left the machine (test mode) or for rows written before this column. The monthly usage is counted from here.
ALTER TABLE outbox_messages ADD COLUMN account text CHECK (account IN ('shop', 'platform'));
