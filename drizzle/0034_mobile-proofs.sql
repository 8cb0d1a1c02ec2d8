CREATE TABLE "mobile_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile" text NOT NULL,
	"code_digest" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"proof_digest" text,
	"proof_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_proofs_proof_digest_unique" UNIQUE("proof_digest")
);
--> statement-breakpoint
CREATE INDEX "mobile_proofs_mobile" ON "mobile_proofs" USING btree ("mobile","created_at");