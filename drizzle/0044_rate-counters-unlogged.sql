-- Counters written on most public requests and worthless after a crash: no write-ahead log for them.
ALTER TABLE "rate_counters" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "sign_in_failures" SET UNLOGGED;
