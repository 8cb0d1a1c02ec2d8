ALTER TABLE "events" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "name_text" text GENERATED ALWAYS AS (lower("registrations"."first_name" || ' ' || "registrations"."last_name")) STORED;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("registrations"."first_name" || ' ' || "registrations"."last_name" || ' ' || "registrations"."email" || ' ' || "registrations"."reference" || ' ' || "registrations"."mobile")) STORED;--> statement-breakpoint
CREATE FUNCTION "events_raise_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_revision" BEFORE UPDATE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "events_raise_revision"();--> statement-breakpoint
CREATE FUNCTION "race_options_raise_event_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "events" SET "revision" = "revision" + 1
    WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD.event_id ELSE NEW.event_id END;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "race_options_revision" AFTER INSERT OR UPDATE OR DELETE ON "race_options"
  FOR EACH ROW EXECUTE FUNCTION "race_options_raise_event_revision"();
