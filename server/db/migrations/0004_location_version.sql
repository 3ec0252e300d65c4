ALTER TABLE "locations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Spots recorded before editing existed were last changed when they were made (sharing aside, which kept no time).
UPDATE "locations" SET "updated_at" = "created_at";
