CREATE TABLE "registration_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"idempotency_key" text,
	"request_digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_groups_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
DROP INDEX "receipts_event_number";--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "registration_groups" ADD CONSTRAINT "registration_groups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_groups_event_code" ON "registration_groups" USING btree ("event_id","code");--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_group_id_registration_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."registration_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_group_id_registration_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."registration_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_group" ON "registrations" USING btree ("group_id") WHERE "registrations"."group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_event_number" ON "receipts" USING btree ("event_id","number","registration_id");