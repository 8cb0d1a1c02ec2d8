CREATE TYPE "public"."gift_status" AS ENUM('unpaid', 'paid', 'lapsed');--> statement-breakpoint
CREATE SEQUENCE "public"."gift_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"giver_name" text NOT NULL,
	"giver_email" text,
	"giver_mobile" text,
	"show_name" boolean DEFAULT false NOT NULL,
	"registration_id" uuid,
	"status" "gift_status" DEFAULT 'unpaid' NOT NULL,
	"paid_by" text,
	"paid_at" timestamp with time zone,
	"receipt_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"anonymised_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cause_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cause_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cause_image" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cause_goal_usd" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "gifts_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_reference" ON "gifts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "gifts_event_status" ON "gifts" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "gifts_registration" ON "gifts" USING btree ("registration_id");