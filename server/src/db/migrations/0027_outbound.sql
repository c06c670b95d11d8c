CREATE TABLE "outbound_delivery" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"receiver_id" bigint NOT NULL,
	"alarm_id" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"owner" text,
	"lease_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alarm_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_receiver" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"timeout_ms" integer DEFAULT 5000 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"broker_url" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"topic_template" text DEFAULT '' NOT NULL,
	"levels" integer[] DEFAULT '{}' NOT NULL,
	"plant_ids" bigint[] DEFAULT '{}' NOT NULL,
	"area_ids" bigint[] DEFAULT '{}' NOT NULL,
	"scene_ids" bigint[] DEFAULT '{}' NOT NULL,
	"algorithm_ids" bigint[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_delivery" ADD CONSTRAINT "outbound_delivery_receiver_id_outbound_receiver_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."outbound_receiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_delivery_key" ON "outbound_delivery" USING btree ("receiver_id","alarm_id");--> statement-breakpoint
CREATE INDEX "outbound_delivery_due_idx" ON "outbound_delivery" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbound_delivery_time_idx" ON "outbound_delivery" USING btree ("created_at","id");