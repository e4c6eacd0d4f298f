ALTER TABLE "uploaded_files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "duration" double precision;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "bitrate" double precision;