CREATE TABLE "alarm_rollup_scene_hour" (
	"hour" timestamp with time zone NOT NULL,
	"scene_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"factory_id" integer NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "alarm_rollup_scene_hour_pk" PRIMARY KEY("hour","scene_id","area_id","factory_id")
);
--> statement-breakpoint
INSERT INTO "alarm_rollup_scene_hour" ("hour", "scene_id", "area_id", "factory_id", "count")
SELECT date_trunc('hour', "alarm_time" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', coalesce("scene_id", 0), coalesce("area_id", 0),
  coalesce("factory_id", 0), count(*)
FROM "video_alarm"
GROUP BY 1, 2, 3, 4;
