ALTER TABLE "events" ADD COLUMN "description_markdown" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "description_html" text DEFAULT '' NOT NULL;