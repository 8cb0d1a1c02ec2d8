CREATE TABLE "programme_years" (
	"starts_on" date PRIMARY KEY NOT NULL,
	"started_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workout_sessions" ADD COLUMN "start_time" text;--> statement-breakpoint
ALTER TABLE "workout_sessions" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "programme_years" ADD CONSTRAINT "programme_years_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;