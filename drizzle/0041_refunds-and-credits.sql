CREATE TABLE "credit_note_numbers" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"method" text,
	"refunded_on" date NOT NULL,
	"reference" text,
	"credit_note_number" integer NOT NULL,
	"online_payment_id" uuid,
	"recorded_by" text,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_on" date,
	"email_digest" text,
	"mobile_digest" text,
	"used_at" timestamp with time zone,
	"used_on_registration_id" uuid,
	CONSTRAINT "refunds_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_note_numbers" ADD CONSTRAINT "credit_note_numbers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_online_payment_id_online_payments_id_fk" FOREIGN KEY ("online_payment_id") REFERENCES "public"."online_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_used_on_registration_id_registrations_id_fk" FOREIGN KEY ("used_on_registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_event_credit_note" ON "refunds" USING btree ("event_id","credit_note_number");--> statement-breakpoint
CREATE INDEX "refunds_registration" ON "refunds" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_online_payment" ON "refunds" USING btree ("online_payment_id") WHERE "refunds"."online_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "refunds_open_credit_email" ON "refunds" USING btree ("email_digest") WHERE "refunds"."kind" = 'credit' and "refunds"."used_at" is null;--> statement-breakpoint
CREATE INDEX "refunds_open_credit_mobile" ON "refunds" USING btree ("mobile_digest") WHERE "refunds"."kind" = 'credit' and "refunds"."used_at" is null;