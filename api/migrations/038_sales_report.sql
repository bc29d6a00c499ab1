-- The overview's sales report (docs/decisions/079-sales-report.md), fast on a shop with 100 000 cards and a
-- million ledger rows.

-- Each card's visits (sales, decision 075) by Italian day: the first, the next day after it, the latest. The sale's
-- own card update keeps them (features/rewards/repository.ts, recordSale), so the report's customers and returns
-- read one index of the cards instead of sorting every sale of the period.
ALTER TABLE loyalty_cards
  ADD COLUMN first_visit_on date,
  ADD COLUMN return_visit_on date,
  ADD COLUMN last_visit_on date,
  ADD CONSTRAINT loyalty_cards_visits_in_order CHECK (
    (first_visit_on IS NULL) = (last_visit_on IS NULL)
    AND (return_visit_on IS NULL OR (first_visit_on < return_visit_on AND return_visit_on <= last_visit_on))
  );

WITH days AS (
  SELECT DISTINCT card_id, (created_at AT TIME ZONE 'Europe/Rome')::date AS day FROM points_ledger WHERE earning IS NOT NULL
), ranked AS (
  SELECT card_id, day, row_number() OVER (PARTITION BY card_id ORDER BY day) AS n FROM days
), visits AS (
  SELECT card_id, min(day) AS first_day, min(day) FILTER (WHERE n = 2) AS return_day, max(day) AS last_day FROM ranked GROUP BY card_id
)
UPDATE loyalty_cards c SET first_visit_on = v.first_day, return_visit_on = v.return_day, last_visit_on = v.last_day
  FROM visits v WHERE v.card_id = c.id;

CREATE INDEX loyalty_cards_visits_idx ON loyalty_cards (business_id, last_visit_on) INCLUDE (first_visit_on, return_visit_on)
  WHERE last_visit_on IS NOT NULL;

-- The sales and redemptions of a period, with what the report sums: read from the index alone.
CREATE INDEX points_ledger_report_idx ON points_ledger (created_at, card_id) INCLUDE (amount_cents, kind)
  WHERE earning IS NOT NULL OR kind = 'redemption';
