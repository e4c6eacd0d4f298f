CREATE TABLE "stats_sources" (
	"adv_id" integer NOT NULL,
	"source" text NOT NULL,
	"key" text NOT NULL,
	"facts" integer NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stats_sources_pk" PRIMARY KEY("adv_id","source","key")
);
--> statement-breakpoint
ALTER TABLE "tracking_touches" ADD COLUMN "price" numeric(20, 6);--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_install_click_uq" ON "tracking_events" USING btree ("click_id") WHERE "tracking_events"."event_id" = 'install' and "tracking_events"."click_id" is not null;