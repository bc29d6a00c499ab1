-- A campaign's recipients as a segment of the business's cards that the server resolves when the
-- campaign is sent (docs/decisions/023-server-audiences.md), instead of a list of contacts the browser
-- copied out of every card. `segment` is { kind: 'all'|'active'|'inactive'|'consent'|'cards', min_points?, q? };
-- kind 'cards' means the card ids in `targets`. NULL: a campaign written before, or by an API client with
-- a `recipients` list, which is sent as before. `recipient_count`: the cards the segment held when the
-- campaign was created (NULL for a recipients list: its length is the count).
ALTER TABLE campaigns ADD COLUMN segment jsonb CHECK (segment IS NULL OR jsonb_typeof(segment) = 'object');
ALTER TABLE campaigns ADD COLUMN recipient_count integer CHECK (recipient_count >= 0);
