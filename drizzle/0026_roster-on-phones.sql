CREATE TABLE "bib_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"race_option_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"bib_from" integer NOT NULL,
	"bib_to" integer NOT NULL,
	"prepared_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "walk_up_bib_block" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL;--> statement-breakpoint
ALTER TABLE "bib_blocks" ADD CONSTRAINT "bib_blocks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bib_blocks" ADD CONSTRAINT "bib_blocks_race_option_id_race_options_id_fk" FOREIGN KEY ("race_option_id") REFERENCES "public"."race_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bib_blocks" ADD CONSTRAINT "bib_blocks_prepared_by_user_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bib_blocks_race" ON "bib_blocks" USING btree ("race_option_id") WHERE "bib_blocks"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bib_blocks_device_race" ON "bib_blocks" USING btree ("race_option_id","device_id") WHERE "bib_blocks"."released_at" is null;--> statement-breakpoint
CREATE INDEX "registrations_changed_at" ON "registrations" USING btree ("changed_at");