CREATE TABLE "alarm_setting" (
	"id" integer PRIMARY KEY NOT NULL,
	"policy" jsonb NOT NULL,
	"sound_name" text DEFAULT '' NOT NULL,
	"sound_data" text DEFAULT '' NOT NULL,
	"sound_size" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_setting_single_row" CHECK ("alarm_setting"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "alarm_template" (
	"channel" text NOT NULL,
	"lang" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_template_pk" PRIMARY KEY("channel","lang")
);
