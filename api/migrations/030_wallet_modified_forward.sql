-- Apple Wallet's Last-Modified moves forward on every change of a pass (decision 072). HTTP dates have whole
-- seconds, and a device sends back as If-Modified-Since the Last-Modified it was given: a second change within the
-- same second as the first had the same Last-Modified, so the device was told 304 and kept the old balance. A change
-- now stamps the pass with now() or, when that is within the second of its last stamp, with the next whole second:
-- every change gets a later whole second than the one before (a burst of changes runs a few seconds ahead of the
-- clock, and the clock catches up). A row trigger on the pass does it, whatever statement changes the stamp
-- (today the card's change trigger of migration 025, which stays as it is).

CREATE FUNCTION wallet_pass_modified_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.modified_at := greatest(NEW.modified_at, date_trunc('second', OLD.modified_at) + interval '1 second');
  RETURN NEW;
END $$;

CREATE TRIGGER wallet_passes_modified_forward
  BEFORE UPDATE OF modified_at ON wallet_passes
  FOR EACH ROW EXECUTE FUNCTION wallet_pass_modified_forward();
