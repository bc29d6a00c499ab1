-- One card per (business, client) so a repeated signup returns the same card; indexes that keep
-- the paged card list and the overview statistics fast on a business with 100 000 cards.

-- The public signup and POST /users create at most one card for a user in a business.
CREATE UNIQUE INDEX loyalty_cards_business_user_key ON loyalty_cards (business_id, user_id) WHERE user_id IS NOT NULL;

-- Overview tiles, buckets and the active/inactive filter read only (business_id, points): index-only scans.
CREATE INDEX loyalty_cards_business_points_idx ON loyalty_cards (business_id, points);

-- "Points per month" of a business: the ledger rows of its cards in the last 6 months.
CREATE INDEX points_ledger_created_idx ON points_ledger (created_at, card_id);

-- Users by role (GET /business/admins).
CREATE INDEX users_role_idx ON users (role, created_at);
