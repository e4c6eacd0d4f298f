CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"kind" smallint NOT NULL,
	"org_id" integer,
	"request" jsonb,
	"memo" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_reference_uq" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"wallet_id" bigint NOT NULL,
	"amount" numeric(24, 6) NOT NULL,
	"balance_after" numeric(24, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_amount_chk" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "spend_charges" (
	"adv_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"cost" numeric(24, 6) DEFAULT '0' NOT NULL,
	"fee" numeric(24, 6) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spend_charges_adv_id_hour_pk" PRIMARY KEY("adv_id","hour")
);
--> statement-breakpoint
CREATE TABLE "topup_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "topup_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"org_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(24, 6) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"received_amount" numeric(24, 6),
	"note" text DEFAULT '' NOT NULL,
	"request_key" text NOT NULL,
	"requested_by" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topup_requests_reference_uq" UNIQUE("reference"),
	CONSTRAINT "topup_requests_status_chk" CHECK ("topup_requests"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_kind" smallint NOT NULL,
	"org_id" integer,
	"adv_id" integer,
	"currency" text NOT NULL,
	"balance" numeric(24, 6) DEFAULT '0' NOT NULL,
	"credit_limit" numeric(24, 6) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_owner_chk" CHECK ((owner_kind = 1 and org_id is not null and adv_id is null)
      or (owner_kind = 2 and org_id is not null and adv_id is not null)
      or (owner_kind in (3, 4) and org_id is null and adv_id is null)),
	CONSTRAINT "wallets_credit_chk" CHECK ("wallets"."credit_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "low_balance_alert" numeric(24, 6);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_charges" ADD CONSTRAINT "spend_charges_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_adv_id_advertisers_adv_id_fk" FOREIGN KEY ("adv_id") REFERENCES "public"."advertisers"("adv_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_org_idx" ON "ledger_entries" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_wallet_idx" ON "ledger_postings" USING btree ("wallet_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_requests_key_uq" ON "topup_requests" USING btree ("org_id","request_key");--> statement-breakpoint
CREATE INDEX "topup_requests_org_idx" ON "topup_requests" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "topup_requests_status_idx" ON "topup_requests" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_center_uq" ON "wallets" USING btree ("org_id","currency") WHERE owner_kind = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_account_uq" ON "wallets" USING btree ("adv_id") WHERE owner_kind = 2;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_platform_uq" ON "wallets" USING btree ("owner_kind","currency") WHERE owner_kind in (3, 4);--> statement-breakpoint
CREATE INDEX "wallets_org_idx" ON "wallets" USING btree ("org_id");--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_low_balance_alert_chk" CHECK ("advertisers"."low_balance_alert" >= 0);