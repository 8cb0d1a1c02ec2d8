CREATE TABLE "walk_up_clashes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_digest" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"race_option_id" uuid,
	"clashing_registration_id" uuid,
	"clashing_reference" text NOT NULL,
	"submitted" jsonb,
	"taken_by_id" text,
	"taken_by_name" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	CONSTRAINT "walk_up_clashes_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "walk_ups" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"device_id" text,
	"taken_by_id" text,
	"taken_by_name" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"offline" boolean NOT NULL,
	"over_capacity" boolean DEFAULT false NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "walk_up_clashes" ADD CONSTRAINT "walk_up_clashes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_up_clashes" ADD CONSTRAINT "walk_up_clashes_race_option_id_race_options_id_fk" FOREIGN KEY ("race_option_id") REFERENCES "public"."race_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_up_clashes" ADD CONSTRAINT "walk_up_clashes_clashing_registration_id_registrations_id_fk" FOREIGN KEY ("clashing_registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_up_clashes" ADD CONSTRAINT "walk_up_clashes_taken_by_id_user_id_fk" FOREIGN KEY ("taken_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_ups" ADD CONSTRAINT "walk_ups_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_ups" ADD CONSTRAINT "walk_ups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_ups" ADD CONSTRAINT "walk_ups_taken_by_id_user_id_fk" FOREIGN KEY ("taken_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "walk_up_clashes_open" ON "walk_up_clashes" USING btree ("event_id") WHERE "walk_up_clashes"."done_at" is null;--> statement-breakpoint
CREATE INDEX "walk_ups_over_capacity" ON "walk_ups" USING btree ("event_id") WHERE "walk_ups"."over_capacity";