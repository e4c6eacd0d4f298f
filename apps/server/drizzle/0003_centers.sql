CREATE TABLE "partner_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"partner_org_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_requests_not_self" CHECK ("partner_requests"."org_id" <> "partner_requests"."partner_org_id"),
	CONSTRAINT "partner_requests_status_chk" CHECK ("partner_requests"."status" in ('pending', 'accepted', 'declined', 'cancelled'))
);
--> statement-breakpoint
DROP INDEX "adv_members_org_idx";--> statement-breakpoint
ALTER TABLE "adv_members" DROP CONSTRAINT "adv_members_adv_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "notices" ALTER COLUMN "msg" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "adv_members" ADD CONSTRAINT "adv_members_adv_id_user_id_org_id_pk" PRIMARY KEY("adv_id","user_id","org_id");--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_partner_org_id_orgs_org_id_fk" FOREIGN KEY ("partner_org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_requests_org_idx" ON "partner_requests" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "partner_requests_partner_idx" ON "partner_requests" USING btree ("partner_org_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_requests_pending_uq" ON "partner_requests" USING btree ("org_id","partner_org_id") WHERE "partner_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "org_members_org_joined_idx" ON "org_members" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "adv_members_org_idx" ON "adv_members" USING btree ("org_id","user_id");