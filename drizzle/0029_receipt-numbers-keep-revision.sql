-- Taking a receipt number (every payment) updates the event's row, and raised its revision: every registration
-- or walk-up in flight was then refused as outdated and retried, and a few cash payments at the check-in table
-- at once could exhaust the retries. The revision tracks the event as people read it: an update that only
-- takes receipt numbers leaves it as it was; any other update raises it, as before.
CREATE OR REPLACE FUNCTION "events_raise_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.last_receipt_number IS DISTINCT FROM OLD.last_receipt_number
    AND NEW.revision = OLD.revision
    AND (to_jsonb(NEW) - 'last_receipt_number') = (to_jsonb(OLD) - 'last_receipt_number') THEN
    RETURN NEW;
  END IF;
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END
$$;
