CREATE TABLE "dataset" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"algorithm_id" integer,
	"classes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dataset_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "dataset_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"image" text NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"false_alarm_record_id" integer,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dataset_item_image_uq" UNIQUE("dataset_id","sha256")
);
--> statement-breakpoint
CREATE TABLE "dataset_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"number" integer NOT NULL,
	"item_count" integer NOT NULL,
	"negatives" integer NOT NULL,
	"class_counts" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dataset_version_number_uq" UNIQUE("dataset_id","number")
);
--> statement-breakpoint
CREATE TABLE "dataset_version_item" (
	"version_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"labels" jsonb NOT NULL,
	CONSTRAINT "dataset_version_item_version_id_item_id_pk" PRIMARY KEY("version_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "false_alarm_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" bigint NOT NULL,
	"alarm_time" timestamp with time zone NOT NULL,
	"algorithm_id" integer,
	"algorithm_name" text DEFAULT '' NOT NULL,
	"algorithm_version_id" integer,
	"scene_id" integer,
	"camera_id" integer,
	"camera_name" text DEFAULT '' NOT NULL,
	"frame" text NOT NULL,
	"frame_width" integer DEFAULT 0 NOT NULL,
	"frame_height" integer DEFAULT 0 NOT NULL,
	"detections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"marked_by_id" integer,
	"marked_by" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewer" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "false_alarm_record_alarm_id_unique" UNIQUE("alarm_id")
);
--> statement-breakpoint
CREATE TABLE "training_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"algorithm_id" integer NOT NULL,
	"base_version_id" integer,
	"dataset_version_id" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"epoch" integer DEFAULT 0 NOT NULL,
	"epochs" integer DEFAULT 10 NOT NULL,
	"metrics" jsonb,
	"result_version_id" integer,
	"error" text DEFAULT '' NOT NULL,
	"trainer" text DEFAULT 'builtin' NOT NULL,
	"queue_job_id" text,
	"created_by_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dataset" ADD CONSTRAINT "dataset_algorithm_id_algorithm_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithm"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset" ADD CONSTRAINT "dataset_created_by_id_account_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_item" ADD CONSTRAINT "dataset_item_dataset_id_dataset_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."dataset"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_item" ADD CONSTRAINT "dataset_item_false_alarm_record_id_false_alarm_record_id_fk" FOREIGN KEY ("false_alarm_record_id") REFERENCES "public"."false_alarm_record"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_version" ADD CONSTRAINT "dataset_version_dataset_id_dataset_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."dataset"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_version" ADD CONSTRAINT "dataset_version_created_by_id_account_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_version_item" ADD CONSTRAINT "dataset_version_item_version_id_dataset_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."dataset_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_version_item" ADD CONSTRAINT "dataset_version_item_item_id_dataset_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."dataset_item"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "false_alarm_record" ADD CONSTRAINT "false_alarm_record_alarm_id_video_alarm_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."video_alarm"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "false_alarm_record" ADD CONSTRAINT "false_alarm_record_algorithm_id_algorithm_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithm"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "false_alarm_record" ADD CONSTRAINT "false_alarm_record_algorithm_version_id_algorithm_version_id_fk" FOREIGN KEY ("algorithm_version_id") REFERENCES "public"."algorithm_version"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "false_alarm_record" ADD CONSTRAINT "false_alarm_record_marked_by_id_account_id_fk" FOREIGN KEY ("marked_by_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "false_alarm_record" ADD CONSTRAINT "false_alarm_record_reviewer_id_account_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_job" ADD CONSTRAINT "training_job_algorithm_id_algorithm_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithm"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_job" ADD CONSTRAINT "training_job_base_version_id_algorithm_version_id_fk" FOREIGN KEY ("base_version_id") REFERENCES "public"."algorithm_version"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_job" ADD CONSTRAINT "training_job_dataset_version_id_dataset_version_id_fk" FOREIGN KEY ("dataset_version_id") REFERENCES "public"."dataset_version"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_job" ADD CONSTRAINT "training_job_result_version_id_algorithm_version_id_fk" FOREIGN KEY ("result_version_id") REFERENCES "public"."algorithm_version"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_job" ADD CONSTRAINT "training_job_created_by_id_account_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_log" ADD CONSTRAINT "training_log_job_id_training_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."training_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dataset_item_dataset_idx" ON "dataset_item" USING btree ("dataset_id","removed","id");--> statement-breakpoint
CREATE INDEX "false_alarm_record_state_idx" ON "false_alarm_record" USING btree ("state","alarm_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "false_alarm_record_algorithm_idx" ON "false_alarm_record" USING btree ("algorithm_id","algorithm_version_id");--> statement-breakpoint
CREATE INDEX "training_job_algorithm_idx" ON "training_job" USING btree ("algorithm_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "training_log_job_idx" ON "training_log" USING btree ("job_id","id");