CREATE TABLE "visit_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"photo_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_photos" ADD CONSTRAINT "visit_photos_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_photos_visit_position_idx" ON "visit_photos" USING btree ("visit_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_photos_photo_key_idx" ON "visit_photos" USING btree ("photo_key");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_photos_thumbnail_key_idx" ON "visit_photos" USING btree ("thumbnail_key");