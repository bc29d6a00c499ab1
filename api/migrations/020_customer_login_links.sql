-- The customer's page (docs/decisions/048-customer-api.md): the customer's one-time access links.
-- A link is sent to an e-mail or phone that some card carries; only the SHA-256 of its token is kept, so a
-- copy of the database opens nothing. A link lasts 15 minutes and is exchanged once for a customer session
-- (`UPDATE … SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`).
CREATE TABLE customer_login_links (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contact_kind  text NOT NULL CONSTRAINT customer_login_links_kind_known CHECK (contact_kind IN ('email', 'phone')),
  -- Lower-case e-mail or E.164 phone, as the cards store them.
  contact_value text NOT NULL CONSTRAINT customer_login_links_contact_not_blank CHECK (btrim(contact_value) <> ''),
  -- hex SHA-256 of the token sent in the link.
  token_hash    text NOT NULL CONSTRAINT customer_login_links_token_hash UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);
-- Erasure and housekeeping find a contact's links.
CREATE INDEX customer_login_links_contact_idx ON customer_login_links (contact_kind, contact_value);
