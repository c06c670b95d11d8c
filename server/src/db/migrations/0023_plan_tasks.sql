CREATE TABLE "plan_task" (
	"code" text PRIMARY KEY NOT NULL,
	"cron" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_outcome" text,
	"last_error" text DEFAULT '' NOT NULL,
	"last_duration_ms" integer,
	"failing_since" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"running_by" text,
	"running_since" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_task_run" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"trigger" text NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"outcome" text DEFAULT 'running' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "plan_task_run_code_time_idx" ON "plan_task_run" USING btree ("code","started_at","id");--> statement-breakpoint
CREATE INDEX "plan_task_run_time_idx" ON "plan_task_run" USING btree ("started_at","id");