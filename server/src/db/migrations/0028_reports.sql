CREATE TABLE "report_definition" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"contents" jsonb NOT NULL,
	"plant_id" integer,
	"scope" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"interval_minutes" integer,
	"time_of_day" text DEFAULT '07:00' NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"day_of_month" integer DEFAULT 1 NOT NULL,
	"recipients" jsonb NOT NULL,
	"skip_when_no_alarms" boolean DEFAULT false NOT NULL,
	"next_due_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"last_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"definition_id" integer,
	"definition_name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"trigger" text NOT NULL,
	"resend_of" integer,
	"range_start" timestamp with time zone NOT NULL,
	"range_end" timestamp with time zone NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deliveries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"answer" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "report_record_time_idx" ON "report_record" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "report_record_definition_idx" ON "report_record" USING btree ("definition_id","created_at");