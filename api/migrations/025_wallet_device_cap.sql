-- At most 10 devices per Apple Wallet pass, and at most that many pushes per change (decision 059). Anyone holding
-- a pass could register any number of devices for it (one pass gathered 1 400), and each balance change then queued
-- a push for every one. The API now keeps a pass's 10 newest registrations (wallet/repository.ts, DEVICES_PER_PASS);
-- here the registrations already beyond that go, with the pushes still queued for them, and the trigger of migration
-- 014 queues pushes for a pass's 10 newest devices only, however its registrations came to be.

DELETE FROM wallet_registrations r
 USING (SELECT device_library_id, serial_number,
               row_number() OVER (PARTITION BY serial_number ORDER BY created_at DESC, device_library_id DESC) AS newest
          FROM wallet_registrations) ranked
 WHERE ranked.newest > 10 AND r.device_library_id = ranked.device_library_id AND r.serial_number = ranked.serial_number;

DELETE FROM wallet_push_jobs j
 WHERE j.status = 'queued'
   AND NOT EXISTS (SELECT 1 FROM wallet_registrations r WHERE r.serial_number = j.serial_number AND r.device_library_id = j.device_library_id);

-- As in migration 014, but each changed pass's devices are its 10 newest (the index on serial_number finds them).
CREATE OR REPLACE FUNCTION wallet_pass_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM wallet_passes) THEN
    RETURN NULL;
  END IF;
  WITH changed AS (
    SELECT n.id FROM new_cards n JOIN old_cards o ON o.id = n.id
     WHERE o.points IS DISTINCT FROM n.points OR o.customer_name IS DISTINCT FROM n.customer_name
  ), touched AS (
    UPDATE wallet_passes p SET modified_at = now() FROM changed WHERE p.card_id = changed.id RETURNING p.serial_number
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
