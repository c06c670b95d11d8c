CREATE TABLE "alarm_action" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alarm_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"account_id" integer,
	"account_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_rollup" (
	"day" date NOT NULL,
	"scene_id" integer NOT NULL,
	"camera_id" integer NOT NULL,
	"algorithm_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"alarm_state" smallint NOT NULL,
	"priority" integer NOT NULL,
	"false_positive" boolean NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "alarm_rollup_day_scene_id_camera_id_algorithm_id_area_id_factory_id_alarm_state_priority_false_positive_pk" PRIMARY KEY("day","scene_id","camera_id","algorithm_id","area_id","factory_id","alarm_state","priority","false_positive")
);
--> statement-breakpoint
CREATE TABLE "engine" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engine_name_unique" UNIQUE("name"),
	CONSTRAINT "engine_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "video_alarm" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"engine_id" integer,
	"engine_event_id" text,
	"alarm_time" timestamp with time zone NOT NULL,
	"alarm_state" smallint DEFAULT 1 NOT NULL,
	"priority" integer NOT NULL,
	"algorithm_id" integer,
	"video_alarm_type_name" text DEFAULT '' NOT NULL,
	"scene_id" integer,
	"scene_name" text DEFAULT '' NOT NULL,
	"camera_id" integer,
	"camera_name" text DEFAULT '' NOT NULL,
	"area_id" integer,
	"area_name" text DEFAULT '' NOT NULL,
	"factory_id" integer,
	"factory_name" text DEFAULT '' NOT NULL,
	"alarm_result" text DEFAULT '' NOT NULL,
	"extra_info_name" text DEFAULT '' NOT NULL,
	"extra_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"history_assignment_id" integer,
	"job_number" text DEFAULT '' NOT NULL,
	"state_comments" text DEFAULT '' NOT NULL,
	"alarm_image" text DEFAULT '' NOT NULL,
	"alarm_image_draw" text DEFAULT '' NOT NULL,
	"alarm_video" text DEFAULT '' NOT NULL,
	"false_positive" boolean DEFAULT false NOT NULL,
	"handler_id" integer,
	"handler" text DEFAULT '' NOT NULL,
	"handle_time" timestamp with time zone,
	"approver_id" integer,
	"approver" text DEFAULT '' NOT NULL,
	"approve_time" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_alarm_engine_event_uq" UNIQUE("engine_id","engine_event_id")
);
--> statement-breakpoint
ALTER TABLE "alarm_action" ADD CONSTRAINT "alarm_action_alarm_id_video_alarm_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."video_alarm"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_action" ADD CONSTRAINT "alarm_action_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_alarm" ADD CONSTRAINT "video_alarm_engine_id_engine_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."engine"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_alarm" ADD CONSTRAINT "video_alarm_algorithm_id_algorithm_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithm"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_alarm" ADD CONSTRAINT "video_alarm_scene_id_scene_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scene"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_alarm" ADD CONSTRAINT "video_alarm_camera_id_camera_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."camera"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_alarm" ADD CONSTRAINT "video_alarm_area_id_plant_node_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."plant_node"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_alarm" ADD CONSTRAINT "video_alarm_factory_id_plant_node_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."plant_node"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_alarm" ADD CONSTRAINT "video_alarm_handler_id_account_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_alarm" ADD CONSTRAINT "video_alarm_approver_id_account_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_action_alarm_idx" ON "alarm_action" USING btree ("alarm_id","created_at");--> statement-breakpoint
CREATE INDEX "video_alarm_time_idx" ON "video_alarm" USING btree ("alarm_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_alarm_scene_time_idx" ON "video_alarm" USING btree ("scene_id","alarm_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_alarm_state_time_idx" ON "video_alarm" USING btree ("alarm_state","alarm_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_alarm_camera_time_idx" ON "video_alarm" USING btree ("camera_id","alarm_time" DESC NULLS LAST);