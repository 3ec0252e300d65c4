-- A removal, or leaving, keeps who left and which of the circle's invitations were made before (ADR 0069): none of
-- those admits them again, only one made afterwards. made_order numbers invitations in the order they were made under
-- the circle's lock; the existing ones are numbered in no particular order, and as nobody has a departure yet, none
-- of them is refused to anyone.
CREATE TABLE "circle_departures" (
	"circle_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"invites_through" bigint NOT NULL,
	"left_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_departures_circle_id_user_id_pk" PRIMARY KEY("circle_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "circle_invites" ADD COLUMN "made_order" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_departures" ADD CONSTRAINT "circle_departures_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_departures" ADD CONSTRAINT "circle_departures_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_departures_user_idx" ON "circle_departures" USING btree ("user_id");