CREATE TABLE "ad_group_events" (
	"adgroup_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"bid" numeric(20, 4) NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_group_events_pk" PRIMARY KEY("adgroup_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "ad_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 3000001 CACHE 1),
	"adv_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"name" text NOT NULL,
	"bidding_type" smallint NOT NULL,
	"billing_type" smallint NOT NULL,
	"bid_price" numeric(20, 4) NOT NULL,
	"budget_type" smallint,
	"budget" numeric(20, 4),
	"schedule_type" smallint DEFAULT 0 NOT NULL,
	"start_date" date,
	"end_date" date,
	"dayparting_type" smallint DEFAULT 0 NOT NULL,
	"dayparting" text,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_os_version" text DEFAULT '' NOT NULL,
	"audience_include" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"audience_exclude" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"bundle_mode" smallint DEFAULT 0 NOT NULL,
	"bundles" text[] DEFAULT '{}'::text[] NOT NULL,
	"overbids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_arbitrage" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_groups_budget_chk" CHECK (("ad_groups"."budget_type" is null) = ("ad_groups"."budget" is null))
);
--> statement-breakpoint
CREATE TABLE "audience_members" (
	"audience_id" integer NOT NULL,
	"member_hash" text NOT NULL,
	CONSTRAINT "audience_members_pk" PRIMARY KEY("audience_id","member_hash")
);
--> statement-breakpoint
CREATE TABLE "audiences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audiences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 5000001 CACHE 1),
	"adv_id" integer NOT NULL,
	"name" text NOT NULL,
	"source_type" smallint NOT NULL,
	"app_id" text,
	"pixel_id" text,
	"event_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"lookback_days" smallint,
	"status" smallint DEFAULT 1 NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"built_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 2000001 CACHE 1),
	"adv_id" integer NOT NULL,
	"name" text NOT NULL,
	"campaign_type" text NOT NULL,
	"promote_goal" text NOT NULL,
	"os" smallint NOT NULL,
	"link_type" smallint NOT NULL,
	"app_id" text,
	"pixel_id" text,
	"landing_url" text,
	"budget_type" smallint,
	"budget" numeric(20, 4),
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_os_chk" CHECK ("campaigns"."os" in (1, 2)),
	CONSTRAINT "campaigns_link_type_chk" CHECK ("campaigns"."link_type" in (1, 2)),
	CONSTRAINT "campaigns_budget_chk" CHECK (("campaigns"."budget_type" is null) = ("campaigns"."budget" is null))
);
--> statement-breakpoint
CREATE TABLE "change_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"adv_id" integer NOT NULL,
	"object_type" smallint NOT NULL,
	"object_id" integer NOT NULL,
	"action" text NOT NULL,
	"field" text DEFAULT '' NOT NULL,
	"before" text,
	"after" text,
	"user_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creatives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "creatives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 4000001 CACHE 1),
	"adv_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"adgroup_id" integer NOT NULL,
	"name" text NOT NULL,
	"creative_type" text NOT NULL,
	"materials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"html" text,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"call_to_action" text DEFAULT '' NOT NULL,
	"click_url" text DEFAULT '' NOT NULL,
	"impression_url" text DEFAULT '' NOT NULL,
	"review_status" smallint DEFAULT 0 NOT NULL,
	"reject_code" integer,
	"reject_reason" text,
	"committed_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_cohort" (
	"adv_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"adgroup_id" integer NOT NULL,
	"creative_id" integer NOT NULL,
	"install_day" date NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"os" smallint DEFAULT 0 NOT NULL,
	"day_n" smallint NOT NULL,
	"retained" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "stats_cohort_pk" PRIMARY KEY("adv_id","install_day","campaign_id","adgroup_id","creative_id","country","os","day_n")
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"adv_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"adgroup_id" integer NOT NULL,
	"creative_id" integer NOT NULL,
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
	CONSTRAINT "stats_daily_pk" PRIMARY KEY("adv_id","day","campaign_id","adgroup_id","creative_id","bundle","country","os")
);
--> statement-breakpoint
CREATE TABLE "stats_daily_ad" (
	"adv_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"adgroup_id" integer NOT NULL,
	"creative_id" integer NOT NULL,
	"day" date NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(24, 6) DEFAULT '0' NOT NULL,
	"installs" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(24, 6) DEFAULT '0' NOT NULL,
	"revenue_final" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "stats_daily_ad_pk" PRIMARY KEY("adv_id","day","campaign_id","adgroup_id","creative_id")
);
--> statement-breakpoint
CREATE TABLE "stats_hourly" (
	"adv_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"adgroup_id" integer NOT NULL,
	"creative_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
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
	CONSTRAINT "stats_hourly_pk" PRIMARY KEY("adv_id","hour","campaign_id","adgroup_id","creative_id","bundle","country","os")
);
--> statement-breakpoint
ALTER TABLE "ad_group_events" ADD CONSTRAINT "ad_group_events_adgroup_id_ad_groups_id_fk" FOREIGN KEY ("adgroup_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_groups" ADD CONSTRAINT "ad_groups_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_groups" ADD CONSTRAINT "ad_groups_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_groups" ADD CONSTRAINT "ad_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_members" ADD CONSTRAINT "audience_members_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_pixel_id_pixels_id_fk" FOREIGN KEY ("pixel_id") REFERENCES "public"."pixels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_log" ADD CONSTRAINT "change_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_adgroup_id_ad_groups_id_fk" FOREIGN KEY ("adgroup_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_groups_adv_idx" ON "ad_groups" USING btree ("adv_id","campaign_id","id");--> statement-breakpoint
CREATE INDEX "ad_groups_campaign_idx" ON "ad_groups" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "audiences_adv_idx" ON "audiences" USING btree ("adv_id","id");--> statement-breakpoint
CREATE INDEX "campaigns_adv_idx" ON "campaigns" USING btree ("adv_id","id");--> statement-breakpoint
CREATE INDEX "change_log_object_idx" ON "change_log" USING btree ("adv_id","object_type","object_id","id");--> statement-breakpoint
CREATE INDEX "creatives_adv_idx" ON "creatives" USING btree ("adv_id","adgroup_id","id");--> statement-breakpoint
CREATE INDEX "creatives_adgroup_idx" ON "creatives" USING btree ("adgroup_id");--> statement-breakpoint
CREATE INDEX "creatives_review_idx" ON "creatives" USING btree ("review_status","committed_at") WHERE "creatives"."review_status" = 1;