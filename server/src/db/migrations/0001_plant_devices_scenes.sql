CREATE TABLE "algorithm" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"instance" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"levels" jsonb DEFAULT '[120002,120003]'::jsonb NOT NULL,
	"default_level" integer DEFAULT 120002 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "algorithm_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "algorithm_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "algorithm_type_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "camera" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"camera_type_id" integer,
	"area_id" integer,
	"platform_id" integer,
	"ip" text DEFAULT '' NOT NULL,
	"video_port" integer,
	"control_port" integer,
	"agreement" text DEFAULT 'rtsp' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"device_serial" text DEFAULT '' NOT NULL,
	"device_code" text DEFAULT '' NOT NULL,
	"position_label" text DEFAULT '' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"moving" boolean DEFAULT false NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"main_stream_url" text DEFAULT '' NOT NULL,
	"sub_stream_url" text DEFAULT '' NOT NULL,
	"virtual" boolean DEFAULT false NOT NULL,
	"snapshot_path" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camera_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "camera_platform" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'nvr' NOT NULL,
	"ip" text NOT NULL,
	"port" integer NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camera_platform_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "camera_rotation_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"interval_seconds" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camera_rotation_group_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "camera_rotation_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"camera_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "camera_rotation_member_uq" UNIQUE("group_id","camera_id")
);
--> statement-breakpoint
CREATE TABLE "camera_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camera_type_combo_uq" UNIQUE("brand","model","type")
);
--> statement-breakpoint
CREATE TABLE "analysis_server" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"ip" text NOT NULL,
	"port" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_server_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "dcs_point" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"area_id" integer,
	"low_limit" double precision,
	"high_limit" double precision,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dcs_point_tag_unique" UNIQUE("tag")
);
--> statement-breakpoint
CREATE TABLE "iot_equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"protocol" text NOT NULL,
	"ip" text NOT NULL,
	"port" integer NOT NULL,
	"area_id" integer,
	"online" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_equipment_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "mail_server" (
	"id" integer PRIMARY KEY NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"port" integer DEFAULT 25 NOT NULL,
	"encrypted" boolean DEFAULT false NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"test_address" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"low_threshold" double precision,
	"high_threshold" double precision,
	"iot_equipment_id" integer,
	"area_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensor_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "plant_node" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"kind" text DEFAULT 'area' NOT NULL,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plant_node_sibling_name_uq" UNIQUE NULLS NOT DISTINCT("parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "detection_zone" (
	"id" serial PRIMARY KEY NOT NULL,
	"scene_camera_algorithm_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"points" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scene_camera" (
	"id" serial PRIMARY KEY NOT NULL,
	"scene_id" integer NOT NULL,
	"camera_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scene_camera_uq" UNIQUE("scene_id","camera_id")
);
--> statement-breakpoint
CREATE TABLE "scene_camera_algorithm" (
	"id" serial PRIMARY KEY NOT NULL,
	"scene_camera_id" integer NOT NULL,
	"algorithm_id" integer NOT NULL,
	"level" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scene_camera_algorithm_uq" UNIQUE("scene_camera_id","algorithm_id")
);
--> statement-breakpoint
CREATE TABLE "fixed_operation" (
	"id" serial PRIMARY KEY NOT NULL,
	"scene_id" integer NOT NULL,
	"job_type_id" integer NOT NULL,
	"workflow_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixed_operation_scene_id_unique" UNIQUE("scene_id")
);
--> statement-breakpoint
CREATE TABLE "job_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'fixed' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_type_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "scene" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'general' NOT NULL,
	"area_id" integer NOT NULL,
	"job_type_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scene_kind_name_uq" UNIQUE("kind","name")
);
--> statement-breakpoint
CREATE TABLE "temporary_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"scene_id" integer NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"operator" text DEFAULT '' NOT NULL,
	"team_leader" text DEFAULT '' NOT NULL,
	"guardian" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "temporary_job_scene_id_unique" UNIQUE("scene_id"),
	CONSTRAINT "temporary_job_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "workflow" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"workflow_type_id" integer,
	"chart" jsonb DEFAULT '{"nodes":[],"edges":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "workflow_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_type_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "algorithm" ADD CONSTRAINT "algorithm_type_id_algorithm_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."algorithm_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera" ADD CONSTRAINT "camera_camera_type_id_camera_type_id_fk" FOREIGN KEY ("camera_type_id") REFERENCES "public"."camera_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera" ADD CONSTRAINT "camera_area_id_plant_node_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."plant_node"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera" ADD CONSTRAINT "camera_platform_id_camera_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."camera_platform"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_rotation_member" ADD CONSTRAINT "camera_rotation_member_group_id_camera_rotation_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."camera_rotation_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_rotation_member" ADD CONSTRAINT "camera_rotation_member_camera_id_camera_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."camera"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dcs_point" ADD CONSTRAINT "dcs_point_area_id_plant_node_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."plant_node"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_equipment" ADD CONSTRAINT "iot_equipment_area_id_plant_node_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."plant_node"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor" ADD CONSTRAINT "sensor_iot_equipment_id_iot_equipment_id_fk" FOREIGN KEY ("iot_equipment_id") REFERENCES "public"."iot_equipment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor" ADD CONSTRAINT "sensor_area_id_plant_node_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."plant_node"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_node" ADD CONSTRAINT "plant_node_parent_id_plant_node_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."plant_node"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detection_zone" ADD CONSTRAINT "detection_zone_scene_camera_algorithm_id_scene_camera_algorithm_id_fk" FOREIGN KEY ("scene_camera_algorithm_id") REFERENCES "public"."scene_camera_algorithm"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_camera" ADD CONSTRAINT "scene_camera_scene_id_scene_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scene"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_camera" ADD CONSTRAINT "scene_camera_camera_id_camera_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."camera"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_camera_algorithm" ADD CONSTRAINT "scene_camera_algorithm_scene_camera_id_scene_camera_id_fk" FOREIGN KEY ("scene_camera_id") REFERENCES "public"."scene_camera"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_camera_algorithm" ADD CONSTRAINT "scene_camera_algorithm_algorithm_id_algorithm_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithm"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_operation" ADD CONSTRAINT "fixed_operation_scene_id_scene_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scene"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_operation" ADD CONSTRAINT "fixed_operation_job_type_id_job_type_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_operation" ADD CONSTRAINT "fixed_operation_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene" ADD CONSTRAINT "scene_area_id_plant_node_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."plant_node"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene" ADD CONSTRAINT "scene_job_type_id_job_type_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temporary_job" ADD CONSTRAINT "temporary_job_scene_id_scene_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scene"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow" ADD CONSTRAINT "workflow_workflow_type_id_workflow_type_id_fk" FOREIGN KEY ("workflow_type_id") REFERENCES "public"."workflow_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "algorithm_type_idx" ON "algorithm" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "camera_area_idx" ON "camera" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "camera_name_idx" ON "camera" USING btree ("name");--> statement-breakpoint
CREATE INDEX "dcs_point_area_idx" ON "dcs_point" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "iot_equipment_area_idx" ON "iot_equipment" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "sensor_area_idx" ON "sensor" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "sensor_equipment_idx" ON "sensor" USING btree ("iot_equipment_id");--> statement-breakpoint
CREATE INDEX "plant_node_parent_idx" ON "plant_node" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "detection_zone_owner_idx" ON "detection_zone" USING btree ("scene_camera_algorithm_id","sort");--> statement-breakpoint
CREATE INDEX "scene_camera_camera_idx" ON "scene_camera" USING btree ("camera_id");--> statement-breakpoint
CREATE INDEX "scene_area_idx" ON "scene" USING btree ("area_id");