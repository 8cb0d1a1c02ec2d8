DROP INDEX "registrations_event_mobile";--> statement-breakpoint
DROP INDEX "waitlist_event_mobile";--> statement-breakpoint
CREATE INDEX "registrations_mobile_names" ON "registrations" USING btree ("mobile",lower("first_name"),lower("last_name"),"event_id") WHERE "registrations"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "waitlist_mobile_names" ON "waitlist_entries" USING btree ("mobile",lower("first_name"),lower("last_name"),"event_id") WHERE "waitlist_entries"."anonymised_at" is null;--> statement-breakpoint
-- The same-person check keeps one plan per connection again: planning it at each entry (0047) cost about 0.4 ms of
-- the database's time per registration, a third of the whole insert (issue 44). A kept plan must be right however
-- few entries the table had when it was made, so only one is possible: the query compares the event as text,
-- which no index of the event's entries can serve, and the one index of mobiles and names leads with its other
-- three columns; a scan of the whole table is ruled out for this function alone.
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
    SELECT coalesce(bool_or(other.status = 'active'), false) INTO found FROM registrations other
      WHERE other.mobile = NEW.mobile
        AND lower(other.first_name) = lower(NEW.first_name) AND lower(other.last_name) = lower(NEW.last_name)
        AND other.event_id::text = NEW.event_id::text
        AND other.anonymised_at IS NULL AND other.id <> NEW.id
        AND other.discipline = NEW.discipline
        AND (other.email IS NULL OR NEW.email IS NULL)
        AND abs(other.age - NEW.age) <= 1;
  ELSE
    SELECT coalesce(bool_or(other.status IN ('waiting', 'offered')), false) INTO found FROM waitlist_entries other
      WHERE other.mobile = NEW.mobile
        AND lower(other.first_name) = lower(NEW.first_name) AND lower(other.last_name) = lower(NEW.last_name)
        AND other.event_id::text = NEW.event_id::text
        AND other.anonymised_at IS NULL AND other.id <> NEW.id
        AND other.discipline = NEW.discipline
        AND (other.email IS NULL OR NEW.email IS NULL)
        AND abs(other.age - NEW.age) <= 1;
  END IF;
  IF found THEN
    RAISE EXCEPTION 'the same person is already entered (by mobile)'
      USING ERRCODE = 'unique_violation', CONSTRAINT = TG_ARGV[0];
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION same_person_by_mobile() RESET plan_cache_mode;
--> statement-breakpoint
ALTER FUNCTION same_person_by_mobile() SET enable_seqscan = off;
