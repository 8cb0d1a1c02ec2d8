ALTER TABLE "events" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Every edition made before drafts existed was taking registrations: it stays published. Only a fresh install
-- (seeded after this) and a new edition start as drafts.
UPDATE "events" SET "published_at" = now();
