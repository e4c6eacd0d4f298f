CREATE TABLE "adv_markup_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adv_markup_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"adv_id" integer NOT NULL,
	"ratio" numeric(7, 4),
	"start_date" date,
	"end_date" date,
	"role" text,
	"effective_at" timestamp with time zone NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adv_markup_versions_ratio_chk" CHECK ("adv_markup_versions"."ratio" is null or ("adv_markup_versions"."ratio" >= 0 and "adv_markup_versions"."start_date" is not null))
);
--> statement-breakpoint
CREATE TABLE "org_commission_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "org_commission_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"show_commission" boolean NOT NULL,
	"use_commission" boolean NOT NULL,
	"commission_rate" numeric(7, 4) NOT NULL,
	"effective_time" timestamp with time zone,
	"effective_at" timestamp with time zone NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_commission_versions_rate_chk" CHECK ("org_commission_versions"."commission_rate" >= 0)
);
--> statement-breakpoint
ALTER TABLE "adv_markup_versions" ADD CONSTRAINT "adv_markup_versions_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adv_markup_versions" ADD CONSTRAINT "adv_markup_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_commission_versions" ADD CONSTRAINT "org_commission_versions_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_commission_versions" ADD CONSTRAINT "org_commission_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adv_markup_versions_adv" ON "adv_markup_versions" USING btree ("adv_id","effective_at");--> statement-breakpoint
CREATE INDEX "org_commission_versions_org" ON "org_commission_versions" USING btree ("org_id","effective_at");--> statement-breakpoint
-- The settings as they stand become the first versions, in force from the beginning (no day changes).
INSERT INTO "adv_markup_versions" ("adv_id", "ratio", "start_date", "end_date", "role", "effective_at", "changed_at")
SELECT "adv_id", "ratio", "start_date", "end_date", "role", '1970-01-01T00:00:00Z', "created_at" FROM "adv_markups";--> statement-breakpoint
INSERT INTO "org_commission_versions" ("org_id", "show_commission", "use_commission", "commission_rate", "effective_time", "effective_at", "changed_at")
SELECT "org_id", "show_commission", "use_commission", "commission_rate", "commission_effective_at",
	coalesce("commission_effective_at", '1970-01-01T00:00:00Z'), "updated_at"
FROM "orgs" WHERE "show_commission" OR "use_commission" OR "commission_rate" <> 0 OR "commission_effective_at" IS NOT NULL;
