CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"location_id" uuid NOT NULL,
	"visited_on" date NOT NULL,
	"outcome" text NOT NULL,
	"amount" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "visits_outcome_check" CHECK ("visits"."outcome" in ('found', 'nothing')),
	CONSTRAINT "visits_amount_check" CHECK ("visits"."amount" is null or ("visits"."outcome" = 'found' and "visits"."amount" in ('few', 'some', 'many')))
);
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_location_recent_idx" ON "visits" USING btree ("location_id","visited_on" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
