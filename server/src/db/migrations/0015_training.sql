CREATE TABLE "job_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"owner" text,
	"lease_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_job" ADD COLUMN "trainer_engine_id" integer;--> statement-breakpoint
CREATE INDEX "job_queue_claim_idx" ON "job_queue" USING btree ("queue","state","run_after","id");--> statement-breakpoint
CREATE INDEX "job_queue_lease_idx" ON "job_queue" USING btree ("state","lease_until");--> statement-breakpoint
ALTER TABLE "training_job" ADD CONSTRAINT "training_job_trainer_engine_id_engine_id_fk" FOREIGN KEY ("trainer_engine_id") REFERENCES "public"."engine"("id") ON DELETE set null ON UPDATE no action;