CREATE TABLE "offline_analysis" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"video_path" text DEFAULT '' NOT NULL,
	"source_name" text NOT NULL,
	"format" text,
	"size" bigint,
	"duration_seconds" real,
	"algorithms" jsonb NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"engine_id" integer,
	"engine_name" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offline_analysis_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"analysis_id" bigint NOT NULL,
	"algorithm_id" integer,
	"algorithm_name" text DEFAULT '' NOT NULL,
	"offset_seconds" real NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"image_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_video_upload" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"format" text NOT NULL,
	"duration_seconds" real,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_analysis" ADD CONSTRAINT "offline_analysis_engine_id_engine_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."engine"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_analysis" ADD CONSTRAINT "offline_analysis_created_by_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_analysis_event" ADD CONSTRAINT "offline_analysis_event_analysis_id_offline_analysis_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."offline_analysis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_analysis_event" ADD CONSTRAINT "offline_analysis_event_algorithm_id_algorithm_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithm"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_video_upload" ADD CONSTRAINT "offline_video_upload_uploaded_by_account_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_analysis_created_idx" ON "offline_analysis" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "offline_analysis_state_idx" ON "offline_analysis" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "offline_analysis_event_analysis_idx" ON "offline_analysis_event" USING btree ("analysis_id","offset_seconds");--> statement-breakpoint
CREATE INDEX "offline_video_upload_created_idx" ON "offline_video_upload" USING btree ("created_at");