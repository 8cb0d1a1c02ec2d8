CREATE TABLE "next_edition_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "photos_url" text;--> statement-breakpoint
ALTER TABLE "next_edition_signups" ADD CONSTRAINT "next_edition_signups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "next_edition_signups_consented_at" ON "next_edition_signups" USING btree ("consented_at");