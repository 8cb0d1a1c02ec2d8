CREATE TYPE "public"."waitlist_status" AS ENUM('waiting', 'offered', 'registered', 'expired', 'removed');--> statement-breakpoint
CREATE SEQUENCE "public"."waitlist_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "check_in_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_actions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"discipline" "discipline" NOT NULL,
	"race_option_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"next_of_kin_mobile" text NOT NULL,
	"age" smallint NOT NULL,
	"gender" text,
	"tshirt_size" text NOT NULL,
	"terms_version" integer NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"listed_in_search" boolean DEFAULT true NOT NULL,
	"idempotency_key" text,
	"request_digest" text,
	"status" "waitlist_status" DEFAULT 'waiting' NOT NULL,
	"offer_token_digest" text,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"registration_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "waitlist_entries_offer_token_digest_unique" UNIQUE("offer_token_digest")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_offer_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "check_in_code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "tshirt_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "tshirt_collected_by" text;--> statement-breakpoint
ALTER TABLE "check_in_actions" ADD CONSTRAINT "check_in_actions_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_actions" ADD CONSTRAINT "check_in_actions_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_race_option_id_race_options_id_fk" FOREIGN KEY ("race_option_id") REFERENCES "public"."race_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_actions_registration" ON "check_in_actions" USING btree ("registration_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_event_reference" ON "waitlist_entries" USING btree ("event_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_same_person" ON "waitlist_entries" USING btree ("event_id","discipline",lower("first_name"),lower("last_name"),lower("email")) WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_race_queue" ON "waitlist_entries" USING btree ("race_option_id","created_at") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_check_in_code_unique" UNIQUE("check_in_code");