CREATE TABLE "ai_model" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"task" text NOT NULL,
	"classes" jsonb NOT NULL,
	"input_width" integer NOT NULL,
	"input_height" integer NOT NULL,
	"format" text NOT NULL,
	"version" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"file" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_model_name_version_uq" UNIQUE("name","version")
);
--> statement-breakpoint
CREATE TABLE "algorithm_deployment" (
	"id" serial PRIMARY KEY NOT NULL,
	"algorithm_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"previous_version_id" integer,
	"action" text NOT NULL,
	"override" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"actor" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algorithm_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"algorithm_id" integer NOT NULL,
	"number" integer NOT NULL,
	"model_id" integer,
	"artefact" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"params" jsonb NOT NULL,
	"metrics" jsonb,
	"source" text NOT NULL,
	"training_job_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "algorithm_version_number_uq" UNIQUE("algorithm_id","number")
);
--> statement-breakpoint
ALTER TABLE "video_alarm" ADD COLUMN "algorithm_version_id" integer;--> statement-breakpoint
ALTER TABLE "algorithm" ADD COLUMN "model_id" integer;--> statement-breakpoint
ALTER TABLE "algorithm" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "algorithm" ADD COLUMN "wizard_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "algorithm" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "algorithm" ADD COLUMN "live_version_id" integer;--> statement-breakpoint
ALTER TABLE "ai_model" ADD CONSTRAINT "ai_model_created_by_id_account_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_deployment" ADD CONSTRAINT "algorithm_deployment_algorithm_id_algorithm_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithm"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_deployment" ADD CONSTRAINT "algorithm_deployment_version_id_algorithm_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."algorithm_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_deployment" ADD CONSTRAINT "algorithm_deployment_previous_version_id_algorithm_version_id_fk" FOREIGN KEY ("previous_version_id") REFERENCES "public"."algorithm_version"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_deployment" ADD CONSTRAINT "algorithm_deployment_actor_id_account_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_version" ADD CONSTRAINT "algorithm_version_algorithm_id_algorithm_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithm"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_version" ADD CONSTRAINT "algorithm_version_model_id_ai_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_model"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_version" ADD CONSTRAINT "algorithm_version_created_by_id_account_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "algorithm_deployment_algorithm_idx" ON "algorithm_deployment" USING btree ("algorithm_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "video_alarm" ADD CONSTRAINT "video_alarm_algorithm_version_id_algorithm_version_id_fk" FOREIGN KEY ("algorithm_version_id") REFERENCES "public"."algorithm_version"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm" ADD CONSTRAINT "algorithm_model_id_ai_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_model"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm" ADD CONSTRAINT "algorithm_live_version_id_algorithm_version_id_fk" FOREIGN KEY ("live_version_id") REFERENCES "public"."algorithm_version"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_alarm_algorithm_version_idx" ON "video_alarm" USING btree ("algorithm_version_id") WHERE "video_alarm"."algorithm_version_id" is not null;--> statement-breakpoint
-- Versions are immutable (issue 13 §3): a new version is a new row, never an edit.
CREATE FUNCTION "algorithm_version_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'algorithm_version % is immutable', OLD.id USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
CREATE TRIGGER "algorithm_version_no_update" BEFORE UPDATE ON "algorithm_version"
  FOR EACH ROW EXECUTE FUNCTION "algorithm_version_immutable"();
