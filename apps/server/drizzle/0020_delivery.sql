CREATE TABLE "exchanges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchanges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"auction_type" smallint DEFAULT 2 NOT NULL,
	"currency" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanges_auction_type_chk" CHECK ("exchanges"."auction_type" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "tracking_touches" ADD COLUMN "exchange_id" integer;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_name_uq" ON "exchanges" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_token_uq" ON "exchanges" USING btree ("token_hash");--> statement-breakpoint
-- The bidder keeps its index of eligible ad groups in memory; a change to what it is built from tells
-- every bidder process at once (LISTEN scaler_delivery), whoever made it (console, operator, CLI).
CREATE OR REPLACE FUNCTION "scaler_delivery_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('scaler_delivery', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "campaigns_delivery_changed" AFTER INSERT OR UPDATE OR DELETE ON "campaigns" FOR EACH STATEMENT EXECUTE FUNCTION "scaler_delivery_changed"();--> statement-breakpoint
CREATE TRIGGER "ad_groups_delivery_changed" AFTER INSERT OR UPDATE OR DELETE ON "ad_groups" FOR EACH STATEMENT EXECUTE FUNCTION "scaler_delivery_changed"();--> statement-breakpoint
CREATE TRIGGER "ad_group_events_delivery_changed" AFTER INSERT OR UPDATE OR DELETE ON "ad_group_events" FOR EACH STATEMENT EXECUTE FUNCTION "scaler_delivery_changed"();--> statement-breakpoint
CREATE TRIGGER "creatives_delivery_changed" AFTER INSERT OR UPDATE OR DELETE ON "creatives" FOR EACH STATEMENT EXECUTE FUNCTION "scaler_delivery_changed"();--> statement-breakpoint
CREATE TRIGGER "advertisers_delivery_changed" AFTER INSERT OR UPDATE OR DELETE ON "advertisers" FOR EACH STATEMENT EXECUTE FUNCTION "scaler_delivery_changed"();--> statement-breakpoint
CREATE TRIGGER "audiences_delivery_changed" AFTER INSERT OR UPDATE OR DELETE ON "audiences" FOR EACH STATEMENT EXECUTE FUNCTION "scaler_delivery_changed"();--> statement-breakpoint
CREATE TRIGGER "exchanges_delivery_changed" AFTER INSERT OR UPDATE OR DELETE ON "exchanges" FOR EACH STATEMENT EXECUTE FUNCTION "scaler_delivery_changed"();--> statement-breakpoint
CREATE TRIGGER "wallets_delivery_changed" AFTER INSERT OR UPDATE OR DELETE ON "wallets" FOR EACH STATEMENT EXECUTE FUNCTION "scaler_delivery_changed"();
