ALTER TYPE "public"."payment_status" ADD VALUE 'part_paid' BEFORE 'paid';--> statement-breakpoint
ALTER TABLE "payment_notices" ADD COLUMN "registration_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_notices" ADD CONSTRAINT "payment_notices_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;