ALTER TABLE "online_payments" ALTER COLUMN "registration_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "pay_token_digest" text;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "gift_id" uuid;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_pay_token" ON "gifts" USING btree ("pay_token_digest");--> statement-breakpoint
CREATE INDEX "online_payments_gift" ON "online_payments" USING btree ("gift_id") WHERE "online_payments"."gift_id" is not null;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_entry_or_gift" CHECK (("online_payments"."registration_id" is null) <> ("online_payments"."gift_id" is null));