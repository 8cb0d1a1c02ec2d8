CREATE TABLE "online_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"method" text NOT NULL,
	"phone" text,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"merchant_trace" text NOT NULL,
	"poll_url" text,
	"browser_url" text,
	"instructions" text,
	"paynow_reference" text,
	"status" text DEFAULT 'Created' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone,
	CONSTRAINT "online_payments_merchant_trace_unique" UNIQUE("merchant_trace")
);
--> statement-breakpoint
CREATE TABLE "payment_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"problem" text NOT NULL,
	"payload" jsonb NOT NULL,
	"online_payment_id" uuid,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text
);
--> statement-breakpoint
CREATE TABLE "payment_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"registration_id" uuid NOT NULL,
	"amount" numeric(12, 2),
	"currency" text,
	"method" text NOT NULL,
	"paid_on" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "online_payment" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "paynow_key_encrypted" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminder_days_after" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminder_days_before_close" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "last_receipt_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notices" ADD CONSTRAINT "payment_notices_online_payment_id_online_payments_id_fk" FOREIGN KEY ("online_payment_id") REFERENCES "public"."online_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_payments_registration" ON "online_payments" USING btree ("registration_id","created_at");--> statement-breakpoint
CREATE INDEX "online_payments_polling" ON "online_payments" USING btree ("next_poll_at") WHERE "online_payments"."next_poll_at" is not null;--> statement-breakpoint
CREATE INDEX "payment_notices_received" ON "payment_notices" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "payment_reminders_registration" ON "payment_reminders" USING btree ("registration_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reminders_once" ON "payment_reminders" USING btree ("registration_id","kind") WHERE "payment_reminders"."kind" <> 'by-admin';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_event_number" ON "receipts" USING btree ("event_id","number");--> statement-breakpoint
CREATE INDEX "receipts_registration" ON "receipts" USING btree ("registration_id");