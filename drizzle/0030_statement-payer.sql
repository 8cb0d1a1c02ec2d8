ALTER TABLE "statement_lines" ADD COLUMN "payer_phone" text;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "matched_by" text;