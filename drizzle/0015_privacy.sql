CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"action" text NOT NULL,
	"subject" text,
	"filters" jsonb,
	"row_count" integer,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decided_by_name" text
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_on" text,
	"lease_until" timestamp with time zone,
	"last_finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "registrations_same_person";--> statement-breakpoint
DROP INDEX "waitlist_same_person";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "privacy_text" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "privacy_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "entry_retention_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "programme_retention_days" integer DEFAULT 730 NOT NULL;--> statement-breakpoint
ALTER TABLE "facilitators" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "men" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "men" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "men" ADD COLUMN "ended_as" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "guardian_mobile" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "guardian_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "guardian_mobile" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "guardian_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "erasure_requests_status" ON "erasure_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_same_person" ON "registrations" USING btree ("event_id","discipline",lower("first_name"),lower("last_name"),lower("email")) WHERE "registrations"."status" = 'active' and "registrations"."anonymised_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_same_person" ON "waitlist_entries" USING btree ("event_id","discipline",lower("first_name"),lower("last_name"),lower("email")) WHERE "waitlist_entries"."status" in ('waiting', 'offered') and "waitlist_entries"."anonymised_at" is null;--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.at < now() - interval '2 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
