ALTER TABLE "audience_members" ADD COLUMN "gen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "members_gen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "upload_gen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "build_error" text;--> statement-breakpoint
ALTER TABLE "audience_members" DROP CONSTRAINT "audience_members_pk";
--> statement-breakpoint
ALTER TABLE "audience_members" ADD CONSTRAINT "audience_members_pk" PRIMARY KEY("audience_id","gen","member_hash");