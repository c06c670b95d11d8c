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
ALTER TABLE "dcs_point" ADD CONSTRAINT "dcs_point_area_id_plant_node_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."plant_node"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_equipment" ADD CONSTRAINT "iot_equipment_area_id_plant_node_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."plant_node"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor" ADD CONSTRAINT "sensor_iot_equipment_id_iot_equipment_id_fk" FOREIGN KEY ("iot_equipment_id") REFERENCES "public"."iot_equipment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor" ADD CONSTRAINT "sensor_area_id_plant_node_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."plant_node"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dcs_point_area_idx" ON "dcs_point" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "iot_equipment_area_idx" ON "iot_equipment" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "sensor_area_idx" ON "sensor" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "sensor_equipment_idx" ON "sensor" USING btree ("iot_equipment_id");