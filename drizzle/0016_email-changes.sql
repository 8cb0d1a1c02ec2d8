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
ALTER TABLE "registrations" ADD COLUMN "email_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;