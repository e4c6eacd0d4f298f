CREATE TABLE "stats_daily_local" (
	"adv_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"adgroup_id" integer NOT NULL,
	"creative_id" integer NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"bundle" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"os" smallint DEFAULT 0 NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(24, 6) DEFAULT '0' NOT NULL,
	"installs" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(24, 6) DEFAULT '0' NOT NULL,
	"revenue_final" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "stats_daily_local_pk" PRIMARY KEY("adv_id","zone","day","campaign_id","adgroup_id","creative_id","bundle","country","os")
);
--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "local_stats_from" date DEFAULT '2000-01-01' NOT NULL;--> statement-breakpoint
-- The accounts' facts so far by day of their own zone (a fixed offset `+08:00`, or an IANA name).
INSERT INTO "stats_daily_local" ("adv_id", "zone", "day", "campaign_id", "adgroup_id", "creative_id", "bundle", "country", "os",
  "bids", "wins", "impressions", "clicks", "cost", "installs", "revenue", "revenue_final")
SELECT h.adv_id, a.timezone,
  CASE WHEN a.timezone ~ '^[+-][0-9][0-9]:[0-9][0-9]$'
    THEN ((h.hour AT TIME ZONE 'UTC') + a.timezone::interval)::date
    ELSE (h.hour AT TIME ZONE a.timezone)::date END,
  h.campaign_id, h.adgroup_id, h.creative_id, h.bundle, h.country, h.os,
  sum(h.bids), sum(h.wins), sum(h.impressions), sum(h.clicks), sum(h.cost), sum(h.installs), sum(h.revenue), sum(h.revenue_final)
FROM "stats_hourly" h JOIN "advertisers" a ON a.adv_id = h.adv_id
WHERE a.timezone NOT IN ('+00:00', '-00:00', 'UTC', 'Etc/UTC', 'Etc/GMT', 'GMT')
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
