CREATE TABLE "user_default_circles" (
	"user_id" text NOT NULL,
	"circle_id" uuid NOT NULL,
	CONSTRAINT "user_default_circles_user_id_circle_id_pk" PRIMARY KEY("user_id","circle_id")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "default_precision" text DEFAULT 'exact' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_default_circles" ADD CONSTRAINT "user_default_circles_membership_fk" FOREIGN KEY ("circle_id","user_id") REFERENCES "public"."circle_members"("circle_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_default_precision_check" CHECK ("user"."default_precision" in ('exact', '1km', '10km'));