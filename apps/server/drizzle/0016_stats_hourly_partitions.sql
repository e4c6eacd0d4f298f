-- The full-grain hourly facts, partitioned by UTC day (issue 19): a day's partition is dropped whole
-- when the full grain's retention passes it (statistics/partitions.ts keeps them), instead of deleting
-- billions of rows. Facts for a day without a partition go to the default one until one is made.
ALTER TABLE "stats_hourly" RENAME TO "stats_hourly_old";--> statement-breakpoint
ALTER TABLE "stats_hourly_old" RENAME CONSTRAINT "stats_hourly_pk" TO "stats_hourly_old_pk";--> statement-breakpoint
CREATE TABLE "stats_hourly" (LIKE "stats_hourly_old" INCLUDING DEFAULTS) PARTITION BY RANGE ("hour");--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD CONSTRAINT "stats_hourly_pk" PRIMARY KEY ("adv_id", "hour", "campaign_id", "adgroup_id", "creative_id", "bundle", "country", "os");--> statement-breakpoint
CREATE TABLE "stats_hourly_default" PARTITION OF "stats_hourly" DEFAULT;--> statement-breakpoint
DO $$
DECLARE d date;
BEGIN
  FOR d IN SELECT DISTINCT ("hour" AT TIME ZONE 'UTC')::date FROM "stats_hourly_old" LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "stats_hourly" FOR VALUES FROM (%L) TO (%L)',
      'stats_hourly_d' || to_char(d, 'YYYYMMDD'),
      to_char(d, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char(d + 1, 'YYYY-MM-DD') || ' 00:00:00+00'
    );
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "stats_hourly" SELECT * FROM "stats_hourly_old";--> statement-breakpoint
DROP TABLE "stats_hourly_old";
