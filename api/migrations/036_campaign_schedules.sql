-- Scheduled campaigns (docs/decisions/077-campaign-reach-status-quiet-hours.md): a campaign keeps the
-- send it is scheduled for — when, on which channel, with which text — until the task 'campaign-schedules'
-- starts it (the same enqueue as «Invia ora», due at the scheduled time, so the quiet hours hold it) or the shop
-- cancels it. Starting clears the three columns in the statement that claims the campaign: it starts once.
ALTER TABLE campaigns
  ADD COLUMN scheduled_at timestamptz,
  ADD COLUMN scheduled_channel text CHECK (scheduled_channel IN ('whatsapp', 'sms', 'email')),
  ADD COLUMN scheduled_message text,
  ADD CONSTRAINT campaigns_schedule_whole CHECK ((scheduled_at IS NULL) = (scheduled_channel IS NULL) AND (scheduled_at IS NULL) = (scheduled_message IS NULL));

CREATE INDEX campaigns_scheduled_idx ON campaigns (scheduled_at) WHERE scheduled_at IS NOT NULL;

INSERT INTO scheduled_tasks (name, interval_ms) VALUES ('campaign-schedules', 60000);
