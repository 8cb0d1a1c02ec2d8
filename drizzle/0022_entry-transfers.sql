CREATE TABLE "entry_charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"amount_usd" numeric(12, 2) NOT NULL,
	"amount_zwg" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_transfers" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"token_digest" text NOT NULL,
	"sent_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entry_transfers_token_digest_unique" UNIQUE("token_digest")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfers_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfers_until" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_fee_usd" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_fee_zwg" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_charges" ADD CONSTRAINT "entry_charges_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_transfers" ADD CONSTRAINT "entry_transfers_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_charges_registration" ON "entry_charges" USING btree ("registration_id");