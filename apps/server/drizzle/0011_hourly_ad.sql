CREATE TABLE "stats_hourly_ad" (
	"adv_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"adgroup_id" integer NOT NULL,
	"creative_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(24, 6) DEFAULT '0' NOT NULL,
	"installs" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(24, 6) DEFAULT '0' NOT NULL,
	"revenue_final" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "stats_hourly_ad_pk" PRIMARY KEY("adv_id","hour","campaign_id","adgroup_id","creative_id")
);
--> statement-breakpoint
INSERT INTO "stats_hourly_ad" ("adv_id", "campaign_id", "adgroup_id", "creative_id", "hour", "bids", "wins", "impressions", "clicks", "cost", "installs", "revenue", "revenue_final")
SELECT "adv_id", "campaign_id", "adgroup_id", "creative_id", "hour", sum("bids"), sum("wins"), sum("impressions"), sum("clicks"), sum("cost"), sum("installs"), sum("revenue"), sum("revenue_final")
FROM "stats_hourly" GROUP BY "adv_id", "campaign_id", "adgroup_id", "creative_id", "hour";
