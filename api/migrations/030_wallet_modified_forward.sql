-- Apple Wallet's Last-Modified moves forward on every change of a pass (decision 072). HTTP dates have whole
-- seconds, and a device sends back as If-Modified-Since the Last-Modified it was given: a second change within the
-- same second as the first had the same Last-Modified, so the device was told 304 and kept the old balance. A change
-- now stamps the pass with now() or, when that is within the second of its last stamp, with the next whole second:
-- every change gets a later whole second than the one before (a burst of changes runs a few seconds ahead of the
-- clock, and the clock catches up). Otherwise as in migration 025.

CREATE OR REPLACE FUNCTION wallet_pass_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM wallet_passes) THEN
    RETURN NULL;
  END IF;
  WITH changed AS (
    SELECT n.id FROM new_cards n JOIN old_cards o ON o.id = n.id
     WHERE o.points IS DISTINCT FROM n.points OR o.customer_name IS DISTINCT FROM n.customer_name
  ), touched AS (
    UPDATE wallet_passes p SET modified_at = greatest(now(), date_trunc('second', p.modified_at) + interval '1 second')
      FROM changed WHERE p.card_id = changed.id RETURNING p.serial_number
  )
  INSERT INTO wallet_push_jobs (serial_number, device_library_id, push_token)
  SELECT r.serial_number, r.device_library_id, r.push_token
    FROM touched
    CROSS JOIN LATERAL (SELECT d.serial_number, d.device_library_id, d.push_token FROM wallet_registrations d
                         WHERE d.serial_number = touched.serial_number
                         ORDER BY d.created_at DESC, d.device_library_id DESC LIMIT 10) r
  ON CONFLICT (serial_number, device_library_id) WHERE status = 'queued' DO NOTHING;
  RETURN NULL;
END $$;
