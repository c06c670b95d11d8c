CREATE TABLE "account_scene" (
	"account_id" integer NOT NULL,
	"scene_id" integer NOT NULL,
	CONSTRAINT "account_scene_account_id_scene_id_pk" PRIMARY KEY("account_id","scene_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_rule" (
	"account_id" integer NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"frequency" text DEFAULT 'realtime' NOT NULL,
	"interval_minutes" integer,
	"max_per_minute" integer,
	"max_per_five_minutes" integer,
	"max_per_hour" integer,
	"max_per_day" integer,
	"priorities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_rule_account_id_type_pk" PRIMARY KEY("account_id","type")
);
--> statement-breakpoint
CREATE TABLE "dcs_alarm" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"engine_id" integer,
	"engine_event_id" text,
	"dcs_point_id" integer,
	"tag" text DEFAULT '' NOT NULL,
	"point_name" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"value" double precision,
	"low_limit" double precision,
	"high_limit" double precision,
	"priority" integer DEFAULT 120002 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"area_id" integer,
	"area_name" text DEFAULT '' NOT NULL,
	"scene_id" integer,
	"scene_name" text DEFAULT '' NOT NULL,
	"alarm_time" timestamp with time zone NOT NULL,
	"alarm_state" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dcs_alarm_engine_event_uq" UNIQUE("engine_id","engine_event_id")
);
--> statement-breakpoint
CREATE TABLE "event_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"engine_id" integer,
	"engine_event_id" text,
	"event_name" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"event_img" text DEFAULT '' NOT NULL,
	"scene_id" integer,
	"scene_name" text DEFAULT '' NOT NULL,
	"camera_id" integer,
	"camera_name" text DEFAULT '' NOT NULL,
	"history_assignment_id" integer,
	"extra_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_record_engine_event_uq" UNIQUE("engine_id","engine_event_id")
);
--> statement-breakpoint
CREATE TABLE "history_assignment" (
	"id" serial PRIMARY KEY NOT NULL,
	"engine_id" integer,
	"engine_run_id" text,
	"job_number" text DEFAULT '' NOT NULL,
	"job_name" text DEFAULT '' NOT NULL,
	"scene_id" integer,
	"scene_name" text DEFAULT '' NOT NULL,
	"fixed_operation_id" integer,
	"area_id" integer,
	"area_name" text DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"detection" smallint DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "history_assignment_engine_run_uq" UNIQUE("engine_id","engine_run_id")
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "all_scenes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "account_scene" ADD CONSTRAINT "account_scene_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_scene" ADD CONSTRAINT "account_scene_scene_id_scene_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scene"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule" ADD CONSTRAINT "alarm_rule_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcs_alarm" ADD CONSTRAINT "dcs_alarm_engine_id_engine_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."engine"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcs_alarm" ADD CONSTRAINT "dcs_alarm_dcs_point_id_dcs_point_id_fk" FOREIGN KEY ("dcs_point_id") REFERENCES "public"."dcs_point"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcs_alarm" ADD CONSTRAINT "dcs_alarm_area_id_plant_node_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."plant_node"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcs_alarm" ADD CONSTRAINT "dcs_alarm_scene_id_scene_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scene"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_record" ADD CONSTRAINT "event_record_engine_id_engine_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."engine"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_record" ADD CONSTRAINT "event_record_scene_id_scene_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scene"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_record" ADD CONSTRAINT "event_record_camera_id_camera_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."camera"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_record" ADD CONSTRAINT "event_record_history_assignment_id_history_assignment_id_fk" FOREIGN KEY ("history_assignment_id") REFERENCES "public"."history_assignment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_assignment" ADD CONSTRAINT "history_assignment_engine_id_engine_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."engine"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_assignment" ADD CONSTRAINT "history_assignment_scene_id_scene_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scene"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_assignment" ADD CONSTRAINT "history_assignment_fixed_operation_id_fixed_operation_id_fk" FOREIGN KEY ("fixed_operation_id") REFERENCES "public"."fixed_operation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_assignment" ADD CONSTRAINT "history_assignment_area_id_plant_node_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."plant_node"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dcs_alarm_time_idx" ON "dcs_alarm" USING btree ("alarm_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "event_record_time_idx" ON "event_record" USING btree ("event_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "event_record_assignment_idx" ON "event_record" USING btree ("history_assignment_id","event_time");--> statement-breakpoint
CREATE INDEX "history_assignment_time_idx" ON "history_assignment" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_assignment_scene_idx" ON "history_assignment" USING btree ("scene_id","created_at" DESC NULLS LAST);