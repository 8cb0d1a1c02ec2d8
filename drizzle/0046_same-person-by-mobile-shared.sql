DROP INDEX "registrations_event_mobile";--> statement-breakpoint
DROP INDEX "waitlist_event_mobile";--> statement-breakpoint
CREATE INDEX "registrations_event_mobile" ON "registrations" USING btree ("event_id","mobile",lower("first_name"),lower("last_name")) WHERE "registrations"."status" = 'active' and "registrations"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "waitlist_event_mobile" ON "waitlist_entries" USING btree ("event_id","mobile",lower("first_name"),lower("last_name")) WHERE "waitlist_entries"."status" in ('waiting', 'offered') and "waitlist_entries"."anonymised_at" is null;--> statement-breakpoint
-- Entries that both have an email are never the same person by this rule (the unique index tells them apart), so
-- they take the mobile's lock shared and go side by side; one without an email takes it alone, and so waits for,
-- and then sees, every entry with that mobile (issue 44: many entries may share one mobile, e.g. a family's or a
-- volunteer's at the table, and they had queued one behind another).
CREATE OR REPLACE FUNCTION same_person_by_mobile() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found boolean;
  lock_key bigint;
BEGIN
  IF NEW.anonymised_at IS NOT NULL THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'registrations' THEN
    IF NEW.status <> 'active' THEN
      RETURN NULL;
    END IF;
  ELSIF NEW.status NOT IN ('waiting', 'offered') THEN
    RETURN NULL;
  END IF;
  lock_key := hashtextextended('same-person ' || NEW.event_id || ' ' || NEW.mobile, 0);
  IF NEW.email IS NULL THEN
    PERFORM pg_advisory_xact_lock(lock_key);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(lock_key);
  END IF;
  IF TG_TABLE_NAME = 'registrations' THEN
    SELECT true INTO found FROM registrations other
      WHERE other.event_id = NEW.event_id AND other.mobile = NEW.mobile AND other.id <> NEW.id
        AND other.status = 'active' AND other.anonymised_at IS NULL
        AND other.discipline = NEW.discipline
        AND (other.email IS NULL OR NEW.email IS NULL)
        AND lower(other.first_name) = lower(NEW.first_name) AND lower(other.last_name) = lower(NEW.last_name)
        AND abs(other.age - NEW.age) <= 1
      LIMIT 1;
  ELSE
    SELECT true INTO found FROM waitlist_entries other
      WHERE other.event_id = NEW.event_id AND other.mobile = NEW.mobile AND other.id <> NEW.id
        AND other.status IN ('waiting', 'offered') AND other.anonymised_at IS NULL
        AND other.discipline = NEW.discipline
        AND (other.email IS NULL OR NEW.email IS NULL)
        AND lower(other.first_name) = lower(NEW.first_name) AND lower(other.last_name) = lower(NEW.last_name)
        AND abs(other.age - NEW.age) <= 1
      LIMIT 1;
  END IF;
  IF found THEN
    RAISE EXCEPTION 'the same person is already entered (by mobile)'
      USING ERRCODE = 'unique_violation', CONSTRAINT = TG_ARGV[0];
  END IF;
  RETURN NULL;
END;
$$;
