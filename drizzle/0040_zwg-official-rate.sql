ALTER TABLE "events" ADD COLUMN "zwg_follows_rate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "zwg_rate" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "zwg_rate_date" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "zwg_rate_kind" text DEFAULT 'selling' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "zwg_round_to" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "quote_honour_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "quote_usd" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "quote_zwg" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "quote_rate" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "quote_rate_date" date;