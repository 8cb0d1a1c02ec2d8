ALTER TABLE "events" ADD COLUMN "event_date" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "venue" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "race_options" ADD COLUMN "start_time" text;--> statement-breakpoint
-- Payment options gain a ZWG mobile-money code, the note on how a payment is matched, and the order entrants
-- see them in (mobile money first when it is set, as the app showed them until now).
UPDATE "events" SET "payment" = jsonb_set(
  "payment" || jsonb_build_object('order', CASE WHEN btrim(coalesce("payment"->'mobileMoney'->>'number', '')) <> ''
    THEN '["mobileMoney","usd","zwg","cash"]'::jsonb ELSE '["usd","zwg","cash","mobileMoney"]'::jsonb END),
  '{mobileMoney}', ("payment"->'mobileMoney') || '{"zwgCodePattern":"","matchingNote":""}'::jsonb);
