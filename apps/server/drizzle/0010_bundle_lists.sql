CREATE TABLE "bundle_list_usage" (
	"list_id" integer NOT NULL,
	"adgroup_id" integer NOT NULL,
	"mode" smallint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundle_list_usage_pk" PRIMARY KEY("list_id","adgroup_id")
);
--> statement-breakpoint
CREATE TABLE "bundle_lists" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"adv_id" integer NOT NULL,
	"name" text NOT NULL,
	"items" text[] DEFAULT '{}' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bundle_lists" ADD CONSTRAINT "bundle_lists_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_lists" ADD CONSTRAINT "bundle_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_lists_name_uq" ON "bundle_lists" USING btree ("adv_id","name");--> statement-breakpoint
CREATE INDEX "bundle_lists_adv_idx" ON "bundle_lists" USING btree ("adv_id","id");