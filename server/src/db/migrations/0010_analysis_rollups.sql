CREATE TABLE "alarm_rollup_hour" (
	"hour" timestamp with time zone NOT NULL,
	"scene_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"priority" integer NOT NULL,
	"alarm_state" smallint NOT NULL,
	"false_positive" boolean NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "alarm_rollup_hour_pk" PRIMARY KEY("hour","scene_id","area_id","factory_id","priority","alarm_state","false_positive")
);
--> statement-breakpoint
CREATE INDEX "alarm_action_account_idx" ON "alarm_action" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "alarm_rollup_open_idx" ON "alarm_rollup" USING btree ("alarm_state","scene_id") WHERE "alarm_rollup"."alarm_state" in (1, 4);--> statement-breakpoint
CREATE INDEX "video_alarm_handler_time_idx" ON "video_alarm" USING btree ("handler_id","alarm_time" DESC NULLS LAST) WHERE "video_alarm"."handler_id" is not null;--> statement-breakpoint
INSERT INTO "alarm_rollup_hour" ("hour", "scene_id", "area_id", "factory_id", "priority", "alarm_state", "false_positive", "count")
SELECT date_trunc('hour', "alarm_time" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', coalesce("scene_id", 0), coalesce("area_id", 0),
  coalesce("factory_id", 0), "priority", "alarm_state", "false_positive", count(*)
FROM "video_alarm"
GROUP BY 1, 2, 3, 4, 5, 6, 7;
