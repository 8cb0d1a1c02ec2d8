CREATE TABLE "paynow_unchecked_messages" (
	"hour" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"count" integer NOT NULL,
	"last_received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paynow_unchecked_messages_hour_source_pk" PRIMARY KEY("hour","source")
);
--> statement-breakpoint
ALTER TABLE "payment_notices" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_notices" ADD COLUMN "last_received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_notices_attempt" ON "payment_notices" USING btree ("online_payment_id","source","problem");