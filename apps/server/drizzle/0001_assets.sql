CREATE TABLE "api_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"adv_id" integer NOT NULL,
	"pixel_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text,
	"token_hint" text NOT NULL,
	"token_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_sources_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "app_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"adv_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"event_type" text NOT NULL,
	"event_id" text NOT NULL,
	"event_name" text NOT NULL,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_events_type_chk" CHECK ("app_events"."type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" text PRIMARY KEY NOT NULL,
	"adv_id" integer NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"bundle_id" text NOT NULL,
	"os" smallint NOT NULL,
	"download_type" smallint NOT NULL,
	"download_link" text NOT NULL,
	"partner" text NOT NULL,
	"partner_app_id" text NOT NULL,
	"partner_click_url" text DEFAULT '' NOT NULL,
	"partner_impression_url" text DEFAULT '' NOT NULL,
	"postback_token" text NOT NULL,
	"last_event_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apps_postback_token_unique" UNIQUE("postback_token"),
	CONSTRAINT "apps_os_chk" CHECK ("apps"."os" in (1, 2)),
	CONSTRAINT "apps_download_type_chk" CHECK ("apps"."download_type" in (1, 3))
);
--> statement-breakpoint
CREATE TABLE "custom_event_ids" (
	"event_key" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"adv_id" integer NOT NULL,
	"app_id" text,
	"pixel_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_event_ids_owner_chk" CHECK (("custom_event_ids"."app_id" is null) <> ("custom_event_ids"."pixel_id" is null))
);
--> statement-breakpoint
CREATE TABLE "pixel_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pixel_id" text NOT NULL,
	"adv_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"event_type" text NOT NULL,
	"event_id" text NOT NULL,
	"event_name" text NOT NULL,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pixel_events_type_chk" CHECK ("pixel_events"."type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "pixels" (
	"id" text PRIMARY KEY NOT NULL,
	"adv_id" integer NOT NULL,
	"name" text NOT NULL,
	"conversion_type" smallint NOT NULL,
	"mode" smallint NOT NULL,
	"installed_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"reset_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "pixels_mode_chk" CHECK ("pixels"."mode" in (1, 2)),
	CONSTRAINT "pixels_conversion_type_chk" CHECK ("pixels"."conversion_type" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "api_sources" ADD CONSTRAINT "api_sources_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_sources" ADD CONSTRAINT "api_sources_pixel_id_pixels_id_fk" FOREIGN KEY ("pixel_id") REFERENCES "public"."pixels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_sources" ADD CONSTRAINT "api_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_events" ADD CONSTRAINT "app_events_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_events" ADD CONSTRAINT "app_events_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_event_ids" ADD CONSTRAINT "custom_event_ids_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_event_ids" ADD CONSTRAINT "custom_event_ids_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_event_ids" ADD CONSTRAINT "custom_event_ids_pixel_id_pixels_id_fk" FOREIGN KEY ("pixel_id") REFERENCES "public"."pixels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pixel_events" ADD CONSTRAINT "pixel_events_pixel_id_pixels_id_fk" FOREIGN KEY ("pixel_id") REFERENCES "public"."pixels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pixel_events" ADD CONSTRAINT "pixel_events_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pixels" ADD CONSTRAINT "pixels_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pixels" ADD CONSTRAINT "pixels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_sources_adv_idx" ON "api_sources" USING btree ("adv_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_sources_pixel_live_uq" ON "api_sources" USING btree ("pixel_id") WHERE "api_sources"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "app_events_app_event_uq" ON "app_events" USING btree ("app_id","event_id");--> statement-breakpoint
CREATE INDEX "app_events_adv_idx" ON "app_events" USING btree ("adv_id");--> statement-breakpoint
CREATE INDEX "apps_adv_idx" ON "apps" USING btree ("adv_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_adv_bundle_uq" ON "apps" USING btree ("adv_id","os","bundle_id");--> statement-breakpoint
CREATE INDEX "custom_event_ids_app_idx" ON "custom_event_ids" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "custom_event_ids_pixel_idx" ON "custom_event_ids" USING btree ("pixel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pixel_events_pixel_event_uq" ON "pixel_events" USING btree ("pixel_id","event_id");--> statement-breakpoint
CREATE INDEX "pixel_events_adv_idx" ON "pixel_events" USING btree ("adv_id");--> statement-breakpoint
CREATE INDEX "pixels_adv_idx" ON "pixels" USING btree ("adv_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pixels_adv_name_uq" ON "pixels" USING btree ("adv_id",lower("name")) WHERE "pixels"."deleted_at" is null;