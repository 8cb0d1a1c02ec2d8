-- Every writer of an entry (the app's queries, raw SQL, an admin's psql) marks when it changed, so a phone
-- prepared for race morning can ask for what changed since its roster's time (issue 37). clock_timestamp():
-- a long transaction's rows are marked when written, not when the transaction began. An update that sets
-- changed_at itself keeps its value (a repair, or a test dating changes in the past).
CREATE FUNCTION registrations_mark_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.changed_at IS NOT DISTINCT FROM OLD.changed_at THEN
    NEW.changed_at := clock_timestamp();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER registrations_mark_changed BEFORE UPDATE ON registrations
  FOR EACH ROW EXECUTE FUNCTION registrations_mark_changed();
