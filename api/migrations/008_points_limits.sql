-- The points a card holds and moves stay in range whoever writes them (a route, a seed, plain SQL).
-- The API checks the same limits first and answers 400 (POINTS_BALANCE_MAX in src/repositories/loyalty-cards.ts
-- is the 1000000000 below; keep them equal). A balance lies between 0 and 1 000 000 000, well inside
-- numeric(12,2); a ledger row moves something (0.004 used to be stored as a 0.00 row).
--
-- NOT VALID: rows written before this migration are not re-read, so a database that already holds such a
-- row (a 0.00 movement from before the two-decimal rule) still starts; every row inserted or updated from
-- now on is checked.
ALTER TABLE loyalty_cards ADD CONSTRAINT loyalty_cards_points_range CHECK (points BETWEEN 0 AND 1000000000) NOT VALID;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_points_not_zero CHECK (points <> 0) NOT VALID;
