CREATE TABLE "stats_cumulative" (
	"adv_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"object_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(24, 6) DEFAULT '0' NOT NULL,
	"installs" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(24, 6) DEFAULT '0' NOT NULL,
	"revenue_final" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "stats_cumulative_pk" PRIMARY KEY("adv_id","level","object_id","day")
);
--> statement-breakpoint
CREATE TABLE "stats_lifetime" (
	"adv_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"object_id" integer NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(24, 6) DEFAULT '0' NOT NULL,
	"installs" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(24, 6) DEFAULT '0' NOT NULL,
	"revenue_final" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "stats_lifetime_pk" PRIMARY KEY("adv_id","level","object_id")
);
--> statement-breakpoint
CREATE INDEX "stats_cumulative_day" ON "stats_cumulative" USING btree ("adv_id","level","day","object_id");--> statement-breakpoint
-- The running totals of the facts already stored (the same statements as rebuildRunningTotals in
-- src/modules/statistics/running-totals.ts, for every account).
WITH d AS (
	SELECT adv_id, 1::smallint AS level, campaign_id AS object_id, day, sum(impressions) AS impressions, sum(clicks) AS clicks,
		sum(cost) AS cost, sum(installs) AS installs, sum(revenue) AS revenue, sum(revenue_final) AS revenue_final
	FROM stats_daily_ad GROUP BY 1, 2, 3, 4
	UNION ALL
	SELECT adv_id, 2::smallint, adgroup_id, day, sum(impressions), sum(clicks), sum(cost), sum(installs), sum(revenue), sum(revenue_final)
	FROM stats_daily_ad GROUP BY 1, 2, 3, 4
	UNION ALL
	SELECT adv_id, 3::smallint, creative_id, day, sum(impressions), sum(clicks), sum(cost), sum(installs), sum(revenue), sum(revenue_final)
	FROM stats_daily_ad GROUP BY 1, 2, 3, 4
),
span AS (SELECT adv_id, level, object_id, min(day) AS first_day, max(day) AS last_day FROM d GROUP BY 1, 2, 3),
cumulative AS (
	INSERT INTO "stats_cumulative" (adv_id, level, object_id, day, impressions, clicks, cost, installs, revenue, revenue_final)
	SELECT s.adv_id, s.level, s.object_id, g.day,
		sum(coalesce(d.impressions, 0)) OVER w, sum(coalesce(d.clicks, 0)) OVER w, sum(coalesce(d.cost, 0)) OVER w,
		sum(coalesce(d.installs, 0)) OVER w, sum(coalesce(d.revenue, 0)) OVER w, sum(coalesce(d.revenue_final, 0)) OVER w
	FROM span s
	CROSS JOIN LATERAL (SELECT s.first_day + i AS day FROM generate_series(0, s.last_day - s.first_day) i) g
	LEFT JOIN d ON d.adv_id = s.adv_id AND d.level = s.level AND d.object_id = s.object_id AND d.day = g.day
	WINDOW w AS (PARTITION BY s.adv_id, s.level, s.object_id ORDER BY g.day)
	ORDER BY 1, 2, 4, 3
)
INSERT INTO "stats_lifetime" (adv_id, level, object_id, first_day, last_day, impressions, clicks, cost, installs, revenue, revenue_final)
SELECT d.adv_id, d.level, d.object_id, min(d.day), max(d.day), sum(d.impressions), sum(d.clicks), sum(d.cost), sum(d.installs),
	sum(d.revenue), sum(d.revenue_final)
FROM d GROUP BY 1, 2, 3;
