CREATE TABLE "email_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"link" text,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"avatar" text,
	"language" text DEFAULT 'en-US' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"is_operator" boolean DEFAULT false NOT NULL,
	"v" smallint DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "adv_markups" (
	"adv_id" integer PRIMARY KEY NOT NULL,
	"ratio" numeric(7, 4) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"role" text DEFAULT 'advertiser' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adv_markups_ratio_chk" CHECK ("adv_markups"."ratio" >= 0)
);
--> statement-breakpoint
CREATE TABLE "adv_members" (
	"adv_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"adv_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adv_members_adv_id_user_id_pk" PRIMARY KEY("adv_id","user_id"),
	CONSTRAINT "adv_members_role_chk" CHECK ("adv_members"."adv_role" in ('role_admin', 'role_admin_client', 'role_operator', 'role_analyst'))
);
--> statement-breakpoint
CREATE TABLE "advertisers" (
	"adv_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advertisers_adv_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1000001 CACHE 1),
	"org_id" integer NOT NULL,
	"adv_name" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"avatar" text,
	"company_name" text DEFAULT '' NOT NULL,
	"profession" text DEFAULT 'other' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"timezone" text DEFAULT '+00:00' NOT NULL,
	"target_location" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"license_no" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"telephone" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertisers_status_chk" CHECK ("advertisers"."status" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "org_members" (
	"org_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"org_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_members_org_id_user_id_pk" PRIMARY KEY("org_id","user_id"),
	CONSTRAINT "org_members_role_chk" CHECK ("org_members"."org_role" in ('org_admin', 'org_user'))
);
--> statement-breakpoint
CREATE TABLE "orgs" (
	"org_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orgs_org_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"org_name" text NOT NULL,
	"org_type" smallint NOT NULL,
	"org_status" smallint NOT NULL,
	"avatar" text,
	"company_name" text DEFAULT '' NOT NULL,
	"profession" text DEFAULT 'other' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"timezone" text DEFAULT '+00:00' NOT NULL,
	"target_location" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"license_no" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"telephone" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"show_commission" boolean DEFAULT false NOT NULL,
	"commission_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"use_commission" boolean DEFAULT false NOT NULL,
	"commission_effective_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orgs_type_chk" CHECK ("orgs"."org_type" in (1, 2)),
	CONSTRAINT "orgs_status_chk" CHECK ("orgs"."org_status" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"org_id" integer,
	"type" text NOT NULL,
	"code" integer DEFAULT 0 NOT NULL,
	"creat_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"adv_id" integer,
	"msg" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adv_markups" ADD CONSTRAINT "adv_markups_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adv_members" ADD CONSTRAINT "adv_members_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adv_members" ADD CONSTRAINT "adv_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orgs" ADD CONSTRAINT "orgs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_email_idx" ON "email_tokens" USING btree ("email","purpose");--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "login_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "adv_members_user_idx" ON "adv_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "advertisers_org_idx" ON "advertisers" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "org_members_user_idx" ON "org_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","created_at");