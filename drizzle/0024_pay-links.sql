CREATE TABLE "pay_links" (
	"token_digest" text PRIMARY KEY NOT NULL,
	"registration_id" uuid,
	"group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_links_one_target" CHECK (("pay_links"."registration_id" is null) <> ("pay_links"."group_id" is null))
);
--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "by_pay_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_group_id_registration_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."registration_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_links_registration" ON "pay_links" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "pay_links_group" ON "pay_links" USING btree ("group_id");