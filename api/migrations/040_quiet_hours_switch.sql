-- The deployment's switch for the quiet hours (docs/decisions/082-quiet-hours-a-deployment-switch.md): QUIET_HOURS
-- (default true) written here by every API instance at start. Off, a held message is due when it is due: for a
-- demo shown in the evening and for the journeys and drills, which run at any hour of CI's day; the API's tests
-- prove the hold under a clock they control.
CREATE TABLE platform_settings (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  quiet_hours boolean NOT NULL DEFAULT true
);
INSERT INTO platform_settings DEFAULT VALUES;

-- The window's rule of migration 035 keeps its body under a new name; the old name asks the switch first.
ALTER FUNCTION loyalty_quiet_release(text, timestamptz) RENAME TO loyalty_window_release;

CREATE FUNCTION loyalty_quiet_release(p_business_id text, p_at timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN coalesce((SELECT quiet_hours FROM platform_settings), true) THEN loyalty_window_release(p_business_id, p_at) ELSE p_at END
$$;
