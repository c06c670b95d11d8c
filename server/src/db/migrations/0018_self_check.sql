CREATE TABLE "camera_check" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"camera_id" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"ok" boolean NOT NULL,
	"latency_ms" integer,
	"error" text,
	"detail" jsonb,
	"media_path" text
);
--> statement-breakpoint
CREATE TABLE "camera_health" (
	"camera_id" integer PRIMARY KEY NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_evidence_at" timestamp with time zone,
	"last_evidence_kind" text,
	"last_failure_at" timestamp with time zone,
	"last_error" text,
	"engine_id" integer
);
--> statement-breakpoint
CREATE TABLE "camera_outage" (
	"id" serial PRIMARY KEY NOT NULL,
	"camera_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"cause" text NOT NULL,
	"error" text,
	"duration_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "engine_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"engine_id" integer,
	"outcome" text NOT NULL,
	"status" integer NOT NULL,
	"reason" text,
	"raw" jsonb NOT NULL,
	"result" jsonb,
	"camera_id" integer,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "image_check" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"record_id" bigint NOT NULL,
	"camera_id" integer,
	"camera_name" text DEFAULT '' NOT NULL,
	"image_type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"path" text,
	"problem" text,
	"bytes" integer,
	"mime" text,
	"width" integer,
	"height" integer
);
--> statement-breakpoint
CREATE TABLE "maintenance_window" (
	"id" serial PRIMARY KEY NOT NULL,
	"camera_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_pileup" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"peak_depth" integer DEFAULT 0 NOT NULL,
	"peak_age_seconds" integer DEFAULT 0 NOT NULL,
	"peak_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"duration_seconds" integer,
	"drain_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "queue_sample" (
	"queue" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"depth" integer NOT NULL,
	"oldest_age_seconds" integer,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "queue_sample_queue_at_pk" PRIMARY KEY("queue","at")
);
--> statement-breakpoint
CREATE TABLE "server_instance" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"status" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_check" ADD CONSTRAINT "camera_check_camera_id_camera_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."camera"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_health" ADD CONSTRAINT "camera_health_camera_id_camera_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."camera"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_health" ADD CONSTRAINT "camera_health_engine_id_engine_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."engine"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_outage" ADD CONSTRAINT "camera_outage_camera_id_camera_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."camera"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engine_message" ADD CONSTRAINT "engine_message_engine_id_engine_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."engine"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_window" ADD CONSTRAINT "maintenance_window_camera_id_camera_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."camera"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_window" ADD CONSTRAINT "maintenance_window_created_by_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camera_check_camera_idx" ON "camera_check" USING btree ("camera_id","checked_at");--> statement-breakpoint
CREATE INDEX "camera_check_time_idx" ON "camera_check" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "camera_outage_camera_idx" ON "camera_outage" USING btree ("camera_id","started_at");--> statement-breakpoint
CREATE INDEX "camera_outage_time_idx" ON "camera_outage" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "camera_outage_open_uq" ON "camera_outage" USING btree ("camera_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "engine_message_received_idx" ON "engine_message" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "engine_message_kind_idx" ON "engine_message" USING btree ("kind","outcome","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "image_check_record_uq" ON "image_check" USING btree ("source","record_id","image_type");--> statement-breakpoint
CREATE INDEX "image_check_camera_idx" ON "image_check" USING btree ("source","camera_id","occurred_at");--> statement-breakpoint
CREATE INDEX "maintenance_window_time_idx" ON "maintenance_window" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "queue_pileup_time_idx" ON "queue_pileup" USING btree ("opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_pileup_open_uq" ON "queue_pileup" USING btree ("queue") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "queue_sample_time_idx" ON "queue_sample" USING btree ("at");