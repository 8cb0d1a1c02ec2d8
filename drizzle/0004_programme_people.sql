CREATE TABLE "facilitators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"marital_status" text,
	"church" text,
	"age" smallint,
	"address" text,
	"status" text DEFAULT 'applicant' NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "men" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"marital_status" text,
	"church" text,
	"age" smallint,
	"address" text,
	"status" text DEFAULT 'active' NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facilitators" ADD CONSTRAINT "facilitators_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "men" ADD CONSTRAINT "men_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facilitators_email" ON "facilitators" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "facilitators_user" ON "facilitators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "facilitators_status" ON "facilitators" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "men_email" ON "men" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "men_user" ON "men" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "men_last_name" ON "men" USING btree (lower("last_name"));