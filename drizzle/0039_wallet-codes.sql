ALTER TABLE "online_payments" ADD COLUMN "authorization_code" text;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "authorization_expires" text;