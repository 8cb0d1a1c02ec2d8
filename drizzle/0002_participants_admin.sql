CREATE TABLE "registration_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "payment_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "payment_currency" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "payer_reference" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "waiver_reason" text;--> statement-breakpoint
ALTER TABLE "registration_history" ADD CONSTRAINT "registration_history_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_history" ADD CONSTRAINT "registration_history_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_history_registration" ON "registration_history" USING btree ("registration_id","at");