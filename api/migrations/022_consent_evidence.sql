-- docs/decisions/050-consents-in-import-and-at-the-counter.md: a consent brought in by a CSV import
-- was given before it is recorded. `occurred_at` stays "when it was given or withdrawn" (the 24-month lapse counts
-- from it); `recorded_at` is when the row was written, and `evidence` the proof the file gave (its "fonte consenso"
-- text, e.g. "modulo cartaceo in negozio"). Rows written before this migration keep recorded_at NULL: for them
-- the recording time is occurred_at (the app's clock at the time; migration 019's backfill dated at the card's creation).
ALTER TABLE consent_events ADD COLUMN recorded_at timestamptz;
ALTER TABLE consent_events ALTER COLUMN recorded_at SET DEFAULT now();
ALTER TABLE consent_events ADD COLUMN evidence text
  CONSTRAINT consent_events_evidence_length CHECK (evidence IS NULL OR (btrim(evidence) <> '' AND char_length(evidence) <= 200));
