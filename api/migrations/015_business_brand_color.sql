-- The shop's colour on its wallet passes (Apple's backgroundColor, Google's hexBackgroundColor).
-- NULL: the dashboard's dark blue (#1e3a8a). Lower-case #rrggbb only, so every consumer reads it alike.
ALTER TABLE businesses ADD COLUMN brand_color text CHECK (brand_color ~ '^#[0-9a-f]{6}$');
