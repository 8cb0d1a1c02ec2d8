CREATE TABLE "mobile_changes" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"new_mobile" text NOT NULL,
	"code_digest" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mobile_changes" ADD CONSTRAINT "mobile_changes_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;