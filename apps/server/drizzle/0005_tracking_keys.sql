ALTER TABLE "tracking_hourly" ADD COLUMN "key_hash" text;--> statement-breakpoint
ALTER TABLE "tracking_log" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "tracking_log" ADD COLUMN "params" jsonb;