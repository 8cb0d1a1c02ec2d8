ALTER TABLE "registrations" ALTER COLUMN "listed_in_search" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "listed_in_search" SET DEFAULT false;