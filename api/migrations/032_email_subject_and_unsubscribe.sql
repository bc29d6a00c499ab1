-- E-mail as mail clients expect, one-click opt-out (docs/decisions/074-email-and-one-click-opt-out.md).
--
-- A campaign's e-mail subject: required by the API for a campaign with the e-mail channel; NULL for campaigns
-- made before it (their e-mails take the campaign's name as subject).
ALTER TABLE campaigns ADD COLUMN subject text CHECK (subject IS NULL OR (btrim(subject) <> '' AND length(subject) <= 200));

-- A withdrawal through a marketing e-mail's unsubscribe link or its List-Unsubscribe-Post (RFC 8058) is a
-- consent event with its own source.
ALTER TABLE consent_events DROP CONSTRAINT consent_events_source_known;
ALTER TABLE consent_events ADD CONSTRAINT consent_events_source_known
  CHECK (source IN ('signup', 'customer_page', 'stop_reply', 'admin', 'import', 'lapse', 'migration', 'unsubscribe'));
