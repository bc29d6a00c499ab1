-- Points from the sale: the program's earning rule, promotions, and sales recorded once
-- (docs/decisions/075-points-from-the-sale.md).

-- The earning rule of a business. 'manual' (the default, what every shop did before): the counter types the
-- points. 'per_euro': `earn_points` for every `earn_every_cents` spent (1 punto ogni 1 € = 1 / 100), the number of
-- steps rounded down or to the nearest, nothing under `min_spend_cents`. 'per_visit': `visit_points` per visit,
-- with `visit_once_per_day` at most one visit per card and Italian day.
ALTER TABLE businesses
  ADD COLUMN earning_rule text NOT NULL DEFAULT 'manual' CHECK (earning_rule IN ('manual', 'per_euro', 'per_visit')),
  ADD COLUMN earn_points integer NOT NULL DEFAULT 1 CHECK (earn_points BETWEEN 1 AND 10000),
  ADD COLUMN earn_every_cents integer NOT NULL DEFAULT 100 CHECK (earn_every_cents BETWEEN 1 AND 10000000),
  ADD COLUMN earn_rounding text NOT NULL DEFAULT 'down' CHECK (earn_rounding IN ('down', 'nearest')),
  ADD COLUMN min_spend_cents integer CHECK (min_spend_cents BETWEEN 1 AND 10000000),
  ADD COLUMN visit_points integer NOT NULL DEFAULT 1 CHECK (visit_points BETWEEN 1 AND 10000),
  ADD COLUMN visit_once_per_day boolean NOT NULL DEFAULT true;

-- Extra points for a period, days of the week and hours (Italian time). Exactly one of `multiplier` (×) and
-- `bonus_points` (+N). Of the promotions that apply to a sale, the best multiplier and the sum of the bonuses
-- (capped) count, each promotion once (features/rewards/earning.ts).
CREATE TABLE promotions (
  id           text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  business_id  text NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (btrim(name) <> '' AND char_length(name) <= 200),
  multiplier   numeric(4, 2) CHECK (multiplier > 1 AND multiplier <= 10),
  bonus_points integer CHECK (bonus_points BETWEEN 1 AND 10000),
  starts_on    date,
  ends_on      date,
  -- ISO days of the week, 1 = Monday … 7 = Sunday; NULL: every day.
  weekdays     smallint[] CHECK (weekdays IS NULL OR (cardinality(weekdays) BETWEEN 1 AND 7 AND weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[])),
  start_time   time,
  end_time     time,
  active       boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT promotions_one_kind CHECK ((multiplier IS NULL) <> (bonus_points IS NULL)),
  CONSTRAINT promotions_dates_in_order CHECK (starts_on IS NULL OR ends_on IS NULL OR starts_on <= ends_on),
  CONSTRAINT promotions_hours_in_order CHECK ((start_time IS NULL) = (end_time IS NULL) AND (start_time IS NULL OR start_time < end_time))
);
CREATE INDEX promotions_business_idx ON promotions (business_id, created_at);

-- A sale's ledger row: the amount spent, how its points were computed (rule and promotions, `earning`), the
-- balance it left (a repeated submission answers the same) and the submission's idempotency key, once per card.
ALTER TABLE points_ledger
  ADD COLUMN amount_cents integer CHECK (amount_cents BETWEEN 1 AND 10000000),
  ADD COLUMN earning jsonb,
  ADD COLUMN balance_after numeric(12, 2),
  ADD COLUMN idempotency_key text CHECK (char_length(idempotency_key) BETWEEN 1 AND 200);
CREATE UNIQUE INDEX points_ledger_sale_once ON points_ledger (card_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
-- The 60-second check and the per-visit day look at a card's latest sales.
CREATE INDEX points_ledger_sales_idx ON points_ledger (card_id, created_at) WHERE earning IS NOT NULL;

-- A sale under the minimum spend earns nothing but is still a visit with its amount: a 'credit' of 0 points.
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_points_not_zero;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_points_not_zero CHECK (points <> 0 OR earning IS NOT NULL) NOT VALID;
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_sign_matches_kind;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_sign_matches_kind CHECK (
  (kind IN ('credit', 'birthday') AND points > 0)
  OR (kind = 'credit' AND points = 0 AND earning IS NOT NULL)
  OR (kind IN ('redemption', 'expiry', 'adjustment') AND points < 0)
);
