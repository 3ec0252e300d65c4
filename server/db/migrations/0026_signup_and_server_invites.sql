CREATE TABLE "server_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_by" text,
	"email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_invites_token_unique" UNIQUE("token"),
	CONSTRAINT "server_invites_uses_check" CHECK ("server_invites"."uses" >= 0 and ("server_invites"."max_uses" is null or "server_invites"."max_uses" >= 1))
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "server_invites" ADD CONSTRAINT "server_invites_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_invites_created_idx" ON "server_invites" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_language_check" CHECK ("user"."language" is null or "user"."language" in ('en', 'lt'));