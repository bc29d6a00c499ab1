-- Marketing consent per channel (docs/decisions/025-marketing-consent-per-channel.md).
-- A card's holder agrees to offers on some of WhatsApp, SMS and email: `marketing_channels`, a set kept in
-- one canonical form (whatsapp, sms, email order, each at most once), so `$channel = ANY(marketing_channels)`
-- and `marketing_channels && $channels` are the whole rule in SQL. The old single checkbox said "offers and
-- news" without a channel: a card that had it agreed to all three.
-- `marketing_consent` stays for readers of the old flag, now computed from the channels (generated: the two
-- can never disagree, and nothing writes it any more).

-- The channels of `channels` in canonical order, each once; unknown values and NULLs left out.
CREATE FUNCTION loyalty_marketing_channels(channels text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(k.channel ORDER BY k.ord), '{}'::text[])
    FROM unnest(ARRAY['whatsapp', 'sms', 'email']) WITH ORDINALITY AS k(channel, ord)
   WHERE k.channel = ANY(channels)
$$;

ALTER TABLE loyalty_cards ADD COLUMN marketing_channels text[] NOT NULL DEFAULT '{}'
  CONSTRAINT loyalty_cards_marketing_channels_known CHECK (marketing_channels = loyalty_marketing_channels(marketing_channels));

UPDATE loyalty_cards SET marketing_channels = ARRAY['whatsapp', 'sms', 'email'] WHERE marketing_consent;

ALTER TABLE loyalty_cards DROP COLUMN marketing_consent;
ALTER TABLE loyalty_cards ADD COLUMN marketing_consent boolean GENERATED ALWAYS AS (cardinality(marketing_channels) > 0) STORED;
