CREATE TABLE "finish_bibs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"race_option_id" uuid NOT NULL,
	"phone_id" text NOT NULL,
	"seq" integer NOT NULL,
	"bib" integer NOT NULL,
	"entered_at" timestamp (3) with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "finish_bibs_phone_seq" UNIQUE("phone_id","seq")
);
--> statement-breakpoint
CREATE TABLE "finish_taps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"race_option_id" uuid NOT NULL,
	"phone_id" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"tapped_at" timestamp (3) with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "finish_taps_phone_seq" UNIQUE("phone_id","seq")
);
--> statement-breakpoint
ALTER TABLE "finish_bibs" ADD CONSTRAINT "finish_bibs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finish_bibs" ADD CONSTRAINT "finish_bibs_race_option_id_race_options_id_fk" FOREIGN KEY ("race_option_id") REFERENCES "public"."race_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finish_taps" ADD CONSTRAINT "finish_taps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finish_taps" ADD CONSTRAINT "finish_taps_race_option_id_race_options_id_fk" FOREIGN KEY ("race_option_id") REFERENCES "public"."race_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finish_bibs_race" ON "finish_bibs" USING btree ("race_option_id");--> statement-breakpoint
CREATE INDEX "finish_taps_race" ON "finish_taps" USING btree ("race_option_id");