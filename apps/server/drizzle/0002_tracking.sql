CREATE TABLE "instance_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dedup_key" text NOT NULL,
	"source" text NOT NULL,
	"adv_id" integer NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"pixel_id" text DEFAULT '' NOT NULL,
	"event_id" text NOT NULL,
	"event_name" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"request_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"click_id" text,
	"attributed" boolean NOT NULL,
	"campaign_id" text DEFAULT '' NOT NULL,
	"adgroup_id" text DEFAULT '' NOT NULL,
	"creative_id" text DEFAULT '' NOT NULL,
	"bundle" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"os" smallint DEFAULT 0 NOT NULL,
	"user_key" text NOT NULL,
	"value" numeric(20, 6),
	"currency" text,
	"url" text,
	"partner" text,
	"payload" jsonb
);
--> statement-breakpoint
CREATE TABLE "tracking_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"basis" smallint NOT NULL,
	"adv_id" integer NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"pixel_id" text DEFAULT '' NOT NULL,
	"kind" smallint NOT NULL,
	"event_id" text DEFAULT '' NOT NULL,
	"campaign_id" text DEFAULT '' NOT NULL,
	"adgroup_id" text DEFAULT '' NOT NULL,
	"creative_id" text DEFAULT '' NOT NULL,
	"bundle" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"os" smallint DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"uv" bigint DEFAULT 0 NOT NULL,
	"attributed" bigint DEFAULT 0 NOT NULL,
	"value" numeric DEFAULT '0' NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tracking_hourly_pk" PRIMARY KEY("hour","basis","adv_id","app_id","pixel_id","kind","event_id","campaign_id","adgroup_id","creative_id","bundle","country","os")
);
--> statement-breakpoint
CREATE TABLE "tracking_hourly_users" (
	"key_hash" text NOT NULL,
	"user_key" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "tracking_hourly_users_pk" PRIMARY KEY("key_hash","user_key")
);
--> statement-breakpoint
CREATE TABLE "tracking_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"adv_id" integer NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"pixel_id" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"accepted" boolean NOT NULL,
	"reason" text,
	"event" text NOT NULL,
	"event_id" text,
	"value" text,
	"currency" text,
	"click_id" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "tracking_touches" (
	"click_id" text PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"adv_id" integer NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"pixel_id" text DEFAULT '' NOT NULL,
	"campaign_id" text DEFAULT '' NOT NULL,
	"adgroup_id" text DEFAULT '' NOT NULL,
	"creative_id" text DEFAULT '' NOT NULL,
	"bundle" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"os" smallint DEFAULT 0 NOT NULL,
	"idfa" text,
	"gaid" text,
	"ip" text,
	"user_agent" text,
	"destination" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_dedup_uq" ON "tracking_events" USING btree ("dedup_key");--> statement-breakpoint
CREATE INDEX "tracking_events_pixel_idx" ON "tracking_events" USING btree ("pixel_id","event_time") WHERE "tracking_events"."pixel_id" <> '';--> statement-breakpoint
CREATE INDEX "tracking_events_app_idx" ON "tracking_events" USING btree ("app_id","event_time") WHERE "tracking_events"."app_id" <> '';--> statement-breakpoint
CREATE INDEX "tracking_events_click_idx" ON "tracking_events" USING btree ("click_id") WHERE "tracking_events"."click_id" is not null;--> statement-breakpoint
CREATE INDEX "tracking_hourly_pixel_idx" ON "tracking_hourly" USING btree ("pixel_id","hour") WHERE "tracking_hourly"."pixel_id" <> '';--> statement-breakpoint
CREATE INDEX "tracking_hourly_app_idx" ON "tracking_hourly" USING btree ("app_id","hour") WHERE "tracking_hourly"."app_id" <> '';--> statement-breakpoint
CREATE INDEX "tracking_hourly_adv_idx" ON "tracking_hourly" USING btree ("adv_id","hour");--> statement-breakpoint
CREATE INDEX "tracking_hourly_users_hour_idx" ON "tracking_hourly_users" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "tracking_log_pixel_idx" ON "tracking_log" USING btree ("pixel_id","id") WHERE "tracking_log"."pixel_id" <> '';--> statement-breakpoint
CREATE INDEX "tracking_log_app_idx" ON "tracking_log" USING btree ("app_id","id") WHERE "tracking_log"."app_id" <> '';--> statement-breakpoint
CREATE INDEX "tracking_log_received_idx" ON "tracking_log" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "tracking_touches_adv_idx" ON "tracking_touches" USING btree ("adv_id","created_at");