ALTER TABLE "dcs_alarm" ADD COLUMN "state_comments" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dcs_alarm" ADD COLUMN "handler_id" integer;--> statement-breakpoint
ALTER TABLE "dcs_alarm" ADD COLUMN "handler" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "dcs_alarm" ADD COLUMN "handle_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dcs_alarm" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dcs_alarm" ADD CONSTRAINT "dcs_alarm_handler_id_account_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;