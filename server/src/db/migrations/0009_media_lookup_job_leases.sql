ALTER TABLE "export_file" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "export_file" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_file" ADD COLUMN "failure" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "export_file" ADD COLUMN "filters" jsonb;--> statement-breakpoint
ALTER TABLE "offline_analysis" ADD COLUMN "owner" text;--> statement-breakpoint
CREATE INDEX "video_alarm_image_idx" ON "video_alarm" USING btree ("alarm_image") WHERE "video_alarm"."alarm_image" <> '';--> statement-breakpoint
CREATE INDEX "video_alarm_image_draw_idx" ON "video_alarm" USING btree ("alarm_image_draw") WHERE "video_alarm"."alarm_image_draw" <> '';--> statement-breakpoint
CREATE INDEX "video_alarm_video_idx" ON "video_alarm" USING btree ("alarm_video") WHERE "video_alarm"."alarm_video" <> '';--> statement-breakpoint
CREATE INDEX "event_record_img_idx" ON "event_record" USING btree ("event_img") WHERE "event_record"."event_img" <> '';--> statement-breakpoint
CREATE INDEX "offline_analysis_event_image_idx" ON "offline_analysis_event" USING btree ("image_path");