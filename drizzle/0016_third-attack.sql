ALTER TYPE "public"."payment_status" ADD VALUE 'part_paid' BEFORE 'paid';--> statement-breakpoint
CREATE TABLE "paynow_unchecked_messages" (
	"hour" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"count" integer NOT NULL,
	"last_received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paynow_unchecked_messages_hour_source_pk" PRIMARY KEY("hour","source")
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"new_email" text NOT NULL,
	"token_digest" text NOT NULL,
	"asked_by" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_changes_token_digest_unique" UNIQUE("token_digest")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "public_action" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_notices" ADD COLUMN "registration_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_notices" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_notices" ADD COLUMN "last_received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "payment_notices" SET "last_received_at" = "received_at";--> statement-breakpoint
ALTER TABLE "statement_imports" ADD COLUMN "staging" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "email_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notices" ADD CONSTRAINT "payment_notices_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notices_attempt" ON "payment_notices" USING btree ("online_payment_id","source","problem");