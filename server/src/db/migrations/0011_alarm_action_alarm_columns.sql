-- The alarm's time, level and scene on each of its actions (My desk › Alarm statistics reads one
-- account's actions without joining the alarms): added empty, filled from the alarms, then required.
ALTER TABLE "alarm_action" ADD COLUMN "alarm_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarm_action" ADD COLUMN "priority" integer;--> statement-breakpoint
ALTER TABLE "alarm_action" ADD COLUMN "scene_id" integer;--> statement-breakpoint
UPDATE "alarm_action" AS a SET "alarm_time" = v."alarm_time", "priority" = v."priority", "scene_id" = v."scene_id"
FROM "video_alarm" AS v WHERE v."id" = a."alarm_id";--> statement-breakpoint
ALTER TABLE "alarm_action" ALTER COLUMN "alarm_time" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_action" ALTER COLUMN "priority" SET NOT NULL;
