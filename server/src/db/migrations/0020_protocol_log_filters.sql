CREATE INDEX "engine_message_kind_time_idx" ON "engine_message" USING btree ("kind","received_at","id");--> statement-breakpoint
CREATE INDEX "engine_message_outcome_time_idx" ON "engine_message" USING btree ("outcome","received_at","id");--> statement-breakpoint
CREATE INDEX "engine_message_engine_time_idx" ON "engine_message" USING btree ("engine_id","received_at","id");--> statement-breakpoint
CREATE INDEX "engine_message_camera_time_idx" ON "engine_message" USING btree ("camera_id","received_at","id") WHERE camera_id is not null;--> statement-breakpoint
CREATE INDEX "engine_message_reason_time_idx" ON "engine_message" USING btree ("reason","received_at","id") WHERE reason is not null;