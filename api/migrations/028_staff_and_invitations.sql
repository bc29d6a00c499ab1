-- Decision 070: the people who work a shop's counter. A user may be a member of businesses it does not own:
-- `staff` («Operatore di cassa»: find a card, add points, redeem) or `admin` (a co-admin: the owner's rights on
-- that shop). Owners keep `businesses.owner_id`; a member row is what every other person's access reads.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('client', 'staff', 'admin', 'super_admin'));

CREATE TABLE business_members (
  business_id text NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role        text NOT NULL CONSTRAINT business_members_role_known CHECK (role IN ('admin', 'staff')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (business_id, user_id)
);
-- A session loads the user's memberships; deleting a user cascades here.
CREATE INDEX business_members_user_idx ON business_members (user_id);

-- An invitation: one open link per invited user. Only the SHA-256 of the link's token is kept; «Invia di nuovo»
-- replaces it (the old link stops working), accepting or «Annulla invito» deletes the row. Valid 72 hours.
-- The user it invites has no password until it accepts.
CREATE TABLE user_invitations (
  user_id     text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- The current sending (a random id): its message's credential; a resend replaces it.
  send_id     text NOT NULL CONSTRAINT user_invitations_send_id UNIQUE,
  -- hex SHA-256 of the token sent in the link; NULL until the message leaves (decision 058: issued at send time).
  token_hash  text CONSTRAINT user_invitations_token_hash UNIQUE,
  invited_by  text REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX user_invitations_invited_by_idx ON user_invitations (invited_by) WHERE invited_by IS NOT NULL;
