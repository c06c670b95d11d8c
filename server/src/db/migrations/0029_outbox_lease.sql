DROP INDEX "outbound_delivery_due_idx";--> statement-breakpoint
ALTER TABLE "outbound_outbox" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "outbound_outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbound_delivery_due_idx" ON "outbound_delivery" USING btree ("state","next_attempt_at") WHERE "outbound_delivery"."state" in ('pending', 'sending');