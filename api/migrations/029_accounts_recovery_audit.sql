-- Issue 35, accounts (docs/decisions/071-accounts-recovery-audit-redirect.md): password recovery links, disabled
-- users, the audit of user management, and the operator's name kept on the ledger after the operator is deleted.

-- A disabled user cannot log in; disabling bumps its token_version, so its sessions end at once.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;

-- One-time password reset links: the token (32 random bytes) is issued when the e-mail is sent (decision 058)
-- and only its SHA-256 is kept; 30 minutes from the request, used once.
CREATE TABLE password_reset_links (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text CONSTRAINT password_reset_links_token_hash UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX password_reset_links_user_idx ON password_reset_links (user_id);

-- Who changed which user, how and when. Names and e-mails are copied: the row outlives both users.
CREATE TABLE user_audit_events (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at           timestamptz NOT NULL DEFAULT now(),
  actor_id     text REFERENCES users (id) ON DELETE SET NULL,
  actor_email  text,
  action       text NOT NULL CONSTRAINT user_audit_events_action_known
                 CHECK (action IN ('role_changed', 'disabled', 'enabled', 'deleted', 'reset_link_sent', 'password_reset')),
  target_id    text,
  target_email text NOT NULL,
  detail       text
);
CREATE INDEX user_audit_events_at_idx ON user_audit_events (at DESC, id DESC);
CREATE INDEX user_audit_events_actor_idx ON user_audit_events (actor_id);

-- The operator's name as it was, written when the operator is deleted (author_id then becomes NULL).
ALTER TABLE points_ledger ADD COLUMN author_name text;
