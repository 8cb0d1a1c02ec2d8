CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"registration_id" uuid,
	"waitlist_id" uuid,
	"to" text NOT NULL,
	"kind" text NOT NULL,
	"public_action" boolean DEFAULT false NOT NULL,
	"body" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"gateway_id" text,
	"delivery_detail" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sms" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sms_password_encrypted" text;--> statement-breakpoint
ALTER TABLE "entry_links" ADD COLUMN "short" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "notify_by" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "sms_reminders_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "notify_by" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_due" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" in ('queued', 'accepted');--> statement-breakpoint
CREATE INDEX "sms_outbox_event" ON "sms_outbox" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_recipient" ON "sms_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_registration" ON "sms_outbox" USING btree ("registration_id");