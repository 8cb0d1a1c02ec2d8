CREATE TYPE "public"."discipline" AS ENUM('run', 'cycle');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('unpaid', 'paid', 'waived');--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('active', 'cancelled');--> statement-breakpoint
CREATE SEQUENCE "public"."registration_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"year" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"greeting" text NOT NULL,
	"contact_phone" text NOT NULL,
	"reference_prefix" text NOT NULL,
	"background_image" text,
	"logo_image" text,
	"terms_text" text NOT NULL,
	"terms_version" integer DEFAULT 1 NOT NULL,
	"registration_closes_at" timestamp with time zone,
	"payment" jsonb NOT NULL,
	"tshirt_sizes" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "race_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"discipline" "discipline" NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"capacity" integer,
	"fee_usd" numeric(10, 2),
	"fee_zwg" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"transport" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
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
	"payment_status" "payment_status" DEFAULT 'unpaid' NOT NULL,
	"status" "registration_status" DEFAULT 'active' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "race_options" ADD CONSTRAINT "race_options_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_race_option_id_race_options_id_fk" FOREIGN KEY ("race_option_id") REFERENCES "public"."race_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "race_options_event_discipline_label" ON "race_options" USING btree ("event_id","discipline","label");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_event_reference" ON "registrations" USING btree ("event_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_same_person" ON "registrations" USING btree ("event_id","discipline",lower("first_name"),lower("last_name"),lower("email")) WHERE "registrations"."status" = 'active';--> statement-breakpoint
CREATE INDEX "registrations_race_active" ON "registrations" USING btree ("race_option_id") WHERE "registrations"."status" = 'active';--> statement-breakpoint
CREATE INDEX "registrations_created_at" ON "registrations" USING btree ("created_at");