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
	"org_id" integer NOT NULL,
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
	"review_reason" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
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
CREATE TABLE "activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adv_shares" (
	"adv_id" integer NOT NULL,
	"partner_org_id" integer NOT NULL,
	"adv_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adv_shares_adv_id_partner_org_id_pk" PRIMARY KEY("adv_id","partner_org_id")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"email" text NOT NULL,
	"org_role" text NOT NULL,
	"advs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" text,
	"accepted_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_partners" (
	"org_id" integer NOT NULL,
	"partner_org_id" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_partners_org_id_partner_org_id_pk" PRIMARY KEY("org_id","partner_org_id"),
	CONSTRAINT "org_partners_not_self" CHECK ("org_partners"."org_id" <> "org_partners"."partner_org_id")
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"name" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"uploaded_by" text,
	"org_id" integer,
	"adv_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"license_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_by" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adv_markups" ADD CONSTRAINT "adv_markups_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adv_members" ADD CONSTRAINT "adv_members_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adv_members" ADD CONSTRAINT "adv_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adv_members" ADD CONSTRAINT "adv_members_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orgs" ADD CONSTRAINT "orgs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adv_shares" ADD CONSTRAINT "adv_shares_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adv_shares" ADD CONSTRAINT "adv_shares_partner_org_id_orgs_org_id_fk" FOREIGN KEY ("partner_org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_partners" ADD CONSTRAINT "org_partners_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_partners" ADD CONSTRAINT "org_partners_partner_org_id_orgs_org_id_fk" FOREIGN KEY ("partner_org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_partners" ADD CONSTRAINT "org_partners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_email_idx" ON "email_tokens" USING btree ("email","purpose");--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "login_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "adv_members_org_idx" ON "adv_members" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "adv_members_user_idx" ON "adv_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "advertisers_org_idx" ON "advertisers" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "org_members_user_idx" ON "org_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_org_idx" ON "activity_log" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_action_idx" ON "activity_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "adv_shares_partner_idx" ON "adv_shares" USING btree ("partner_org_id");--> statement-breakpoint
CREATE INDEX "invitations_org_idx" ON "invitations" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_uq" ON "invitations" USING btree ("org_id","email") WHERE "invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "org_partners_partner_idx" ON "org_partners" USING btree ("partner_org_id");--> statement-breakpoint
CREATE INDEX "uploaded_files_org_idx" ON "uploaded_files" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "uploaded_files_adv_idx" ON "uploaded_files" USING btree ("adv_id");--> statement-breakpoint
CREATE INDEX "verifications_org_idx" ON "verifications" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verifications_pending_uq" ON "verifications" USING btree ("org_id") WHERE "verifications"."status" = 'pending';