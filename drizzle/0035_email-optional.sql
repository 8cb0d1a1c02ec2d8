ALTER TABLE "registrations" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" drop column "search_text";--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("registrations"."first_name" || ' ' || "registrations"."last_name" || ' ' || coalesce("registrations"."email", '') || ' ' || "registrations"."reference" || ' ' || "registrations"."mobile")) STORED;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "registrations_event_mobile" ON "registrations" USING btree ("event_id","mobile") WHERE "registrations"."status" = 'active' and "registrations"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "waitlist_event_mobile" ON "waitlist_entries" USING btree ("event_id","mobile") WHERE "waitlist_entries"."status" in ('waiting', 'offered') and "waitlist_entries"."anonymised_at" is null;--> statement-breakpoint
-- The same person where either has no email (issue 40): same event, discipline and mobile, the same first and
-- last name, an age within a year. A unique index cannot say "within a year", so a trigger does, under an
-- advisory lock on the mobile so that two such entries at once are told apart; it answers as the unique
-- index does (23505 naming its constraint, TG_ARGV[0]), and the callers treat both alike.
CREATE FUNCTION same_person_by_mobile() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found boolean;
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
  PERFORM pg_advisory_xact_lock(hashtextextended('same-person ' || NEW.event_id || ' ' || NEW.mobile, 0));
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
--> statement-breakpoint
CREATE TRIGGER registrations_same_person_by_mobile
  AFTER INSERT OR UPDATE OF event_id, discipline, first_name, last_name, email, mobile, age, status, anonymised_at
  ON registrations FOR EACH ROW EXECUTE FUNCTION same_person_by_mobile('registrations_same_person');
--> statement-breakpoint
CREATE TRIGGER waitlist_same_person_by_mobile
  AFTER INSERT OR UPDATE OF event_id, discipline, first_name, last_name, email, mobile, age, status, anonymised_at
  ON waitlist_entries FOR EACH ROW EXECUTE FUNCTION same_person_by_mobile('waitlist_same_person');
