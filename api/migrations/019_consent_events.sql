-- Consent with evidence (docs/decisions/047-consent-events.md): every consent given or withdrawn
-- is a row, never changed. `loyalty_cards.marketing_channels` (migration 012) stays as the current state that
-- campaigns read (`$channel = ANY(marketing_channels)`); it is written only together with the rows that
-- explain it (api/src/repositories/consents.ts, `setMarketingConsent`, in the same transaction).
CREATE TABLE consent_events (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  card_id         text NOT NULL REFERENCES loyalty_cards (id) ON DELETE CASCADE,
  business_id     text NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  purpose         text NOT NULL CONSTRAINT consent_events_purpose_known CHECK (purpose IN ('service', 'marketing')),
  -- NULL for the service (privacy notice) consent; the marketing channel otherwise.
  channel         text CONSTRAINT consent_events_channel_known CHECK (channel IN ('whatsapp', 'sms', 'email')),
  granted         boolean NOT NULL,
  -- The version of the text the customer saw (api/src/consent-wording.ts); 'unknown' for rows of migration 019.
  wording_version text NOT NULL CONSTRAINT consent_events_wording_not_blank CHECK (btrim(wording_version) <> ''),
  source          text NOT NULL CONSTRAINT consent_events_source_known
                    CHECK (source IN ('signup', 'customer_page', 'stop_reply', 'admin', 'import', 'lapse', 'migration')),
  -- The admin who recorded it (source 'admin'); NULL otherwise. The account's deletion keeps the row.
  actor_user_id   text REFERENCES users (id) ON DELETE SET NULL,
  occurred_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT consent_events_channel_for_purpose CHECK ((purpose = 'service') = (channel IS NULL))
);

-- A card's history newest first; the last grant of a channel (the lapse rule).
CREATE INDEX consent_events_card_idx ON consent_events (card_id, occurred_at DESC, id DESC);

-- Append-only: the app inserts, never updates. A DELETE is allowed only as the cascade of a card's or
-- business's deletion (erasure), which the FKs do; a direct UPDATE is refused here.
CREATE FUNCTION consent_events_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent_events is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER consent_events_append_only BEFORE UPDATE ON consent_events
  FOR EACH ROW EXECUTE FUNCTION consent_events_refuse_update();

-- Backfill: what each existing card says today, dated at the card's creation (when it was given, decision 025).
INSERT INTO consent_events (card_id, business_id, purpose, channel, granted, wording_version, source, occurred_at)
SELECT c.id, c.business_id, 'service', NULL, true, 'unknown', 'migration', c.created_at
  FROM loyalty_cards c WHERE c.privacy_ack;

INSERT INTO consent_events (card_id, business_id, purpose, channel, granted, wording_version, source, occurred_at)
SELECT c.id, c.business_id, 'marketing', ch.channel, true, 'unknown', 'migration', c.created_at
  FROM loyalty_cards c CROSS JOIN LATERAL unnest(c.marketing_channels) WITH ORDINALITY AS ch(channel, ord)
 ORDER BY c.created_at, c.id, ch.ord;
