-- docs/decisions/046-csv-import.md: a signup takes over the card its shop imported with the same
-- e-mail and no account yet. This index finds that card without walking the shop's cards; it holds only the
-- cards without an account (imported ones), so it stays small and costs signups nothing.
CREATE INDEX loyalty_cards_unclaimed_email_idx ON loyalty_cards (business_id, lower(email)) WHERE user_id IS NULL AND email IS NOT NULL;
