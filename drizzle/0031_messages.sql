CREATE TABLE "message_recipients" (
	"message_id" uuid NOT NULL,
	"registration_id" uuid,
	"waitlist_id" uuid,
	"mail_id" bigint,
	"sms_id" bigint
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"audience" jsonb NOT NULL,
	"by_mail" boolean NOT NULL,
	"by_sms" boolean NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sms_text" text NOT NULL,
	"state" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" text,
	"created_by_name" text,
	"entrants" integer DEFAULT 0 NOT NULL,
	"not_by_mail" integer DEFAULT 0 NOT NULL,
	"not_by_sms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "race_pack_days_before" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "what_to_bring" text DEFAULT 'Your QR code (on your phone or printed), water, and comfortable shoes.' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_waitlist_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_sms_id_sms_outbox_id_fk" FOREIGN KEY ("sms_id") REFERENCES "public"."sms_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_entry" ON "message_recipients" USING btree ("message_id","registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_waiting" ON "message_recipients" USING btree ("message_id","waitlist_id");--> statement-breakpoint
CREATE INDEX "message_recipients_mail" ON "message_recipients" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "message_recipients_sms" ON "message_recipients" USING btree ("sms_id");--> statement-breakpoint
CREATE INDEX "messages_due" ON "messages" USING btree ("send_at") WHERE "messages"."state" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "messages_race_pack" ON "messages" USING btree ("event_id") WHERE "messages"."kind" = 'race-pack';