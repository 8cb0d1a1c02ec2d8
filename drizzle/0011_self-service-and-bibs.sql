CREATE TABLE "entry_links" (
	"token_digest" text PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tshirt_changes_until" date;--> statement-breakpoint
ALTER TABLE "race_options" ADD COLUMN "bib_from" integer;--> statement-breakpoint
ALTER TABLE "race_options" ADD COLUMN "bib_to" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "bib" integer;--> statement-breakpoint
ALTER TABLE "entry_links" ADD CONSTRAINT "entry_links_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_links_registration" ON "entry_links" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_event_bib" ON "registrations" USING btree ("event_id","bib");--> statement-breakpoint
ALTER TABLE "race_options" ADD CONSTRAINT "race_options_bib_range" CHECK (("race_options"."bib_from" is null and "race_options"."bib_to" is null) or ("race_options"."bib_from" between 1 and "race_options"."bib_to"));