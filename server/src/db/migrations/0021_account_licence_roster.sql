CREATE TABLE "duty_shift" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"weekdays" integer[] DEFAULT '{}'::int[] NOT NULL,
	"start_minute" integer DEFAULT 0 NOT NULL,
	"end_minute" integer DEFAULT 0 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duty_shift_scene" (
	"shift_id" integer NOT NULL,
	"scene_id" integer NOT NULL,
	CONSTRAINT "duty_shift_scene_shift_id_scene_id_pk" PRIMARY KEY("shift_id","scene_id")
);
--> statement-breakpoint
CREATE TABLE "installation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"installation_id" text NOT NULL,
	"licensee" text DEFAULT '' NOT NULL,
	"licensed_channels" integer DEFAULT 0 NOT NULL,
	"expires_on" text,
	"license_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_single_row" CHECK ("installation"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "language" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "duty_shift" ADD CONSTRAINT "duty_shift_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_shift_scene" ADD CONSTRAINT "duty_shift_scene_shift_id_duty_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."duty_shift"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_shift_scene" ADD CONSTRAINT "duty_shift_scene_scene_id_scene_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scene"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duty_shift_account_idx" ON "duty_shift" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "duty_shift_scene_scene_idx" ON "duty_shift_scene" USING btree ("scene_id");