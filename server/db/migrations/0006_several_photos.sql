CREATE TABLE "location_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"location_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"photo_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_photos" ADD CONSTRAINT "location_photos_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_photos_location_position_idx" ON "location_photos" USING btree ("location_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "location_photos_photo_key_idx" ON "location_photos" USING btree ("photo_key");--> statement-breakpoint
CREATE UNIQUE INDEX "location_photos_thumbnail_key_idx" ON "location_photos" USING btree ("thumbnail_key");--> statement-breakpoint
-- Each spot's one photo becomes the first of its collection; the files stay where they are, under the same keys.
-- A spot saved before thumbnails always came with their photo would name its photo twice: never seen, but safe.
INSERT INTO "location_photos" ("id", "location_id", "position", "photo_key", "thumbnail_key", "created_at")
SELECT gen_random_uuid(), "id", 0, "photo_key", coalesce("thumbnail_key", "photo_key"), "created_at"
FROM "locations" WHERE "photo_key" IS NOT NULL;--> statement-breakpoint
DROP INDEX "locations_photo_key_idx";--> statement-breakpoint
DROP INDEX "locations_thumbnail_key_idx";--> statement-breakpoint
ALTER TABLE "locations" DROP COLUMN "photo_key";--> statement-breakpoint
ALTER TABLE "locations" DROP COLUMN "thumbnail_key";
