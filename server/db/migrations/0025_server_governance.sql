CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"subject_id" text,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "server_policy" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"signup_policy" text NOT NULL,
	"signup_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"photo_quota_mb" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_policy_one_row" CHECK ("server_policy"."id" = 1),
	CONSTRAINT "server_policy_signup_policy_check" CHECK ("server_policy"."signup_policy" in ('open', 'invite', 'approval', 'closed')),
	CONSTRAINT "server_policy_photo_quota_mb_check" CHECK ("server_policy"."photo_quota_mb" is null or "server_policy"."photo_quota_mb" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "photo_quota_mb" integer;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "photo_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_role_idx" ON "user" USING btree ("role");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role_check" CHECK ("user"."role" in ('admin', 'user'));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_status_check" CHECK ("user"."status" in ('active', 'pending', 'disabled'));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_photo_quota_mb_check" CHECK ("user"."photo_quota_mb" is null or "user"."photo_quota_mb" >= 0);--> statement-breakpoint
-- A server that already had accounts keeps the sign-up it had (anyone may join) until an administrator changes it;
-- a new server has no row until its first start writes SIGNUP_POLICY's (ADR 0077).
INSERT INTO "server_policy" ("id", "signup_policy") SELECT 1, 'open' WHERE EXISTS (SELECT 1 FROM "user");
--> statement-breakpoint
-- At least one administrator remains once there is one: a change or deletion that would leave none is refused
-- (SQLSTATE FA001, answered 409 LAST_ADMIN). The lock makes two such changes at once wait for each other, so two
-- administrators cannot each remove the other.
CREATE FUNCTION foray_keep_an_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role = 'admin' AND OLD.status = 'active'
     AND (TG_OP = 'DELETE' OR NEW.role <> 'admin' OR NEW.status <> 'active') THEN
    PERFORM pg_advisory_xact_lock(hashtext('foray_administrators'));
    IF NOT EXISTS (SELECT 1 FROM "user" WHERE role = 'admin' AND status = 'active' AND id <> OLD.id) THEN
      RAISE EXCEPTION 'the server must keep at least one administrator' USING ERRCODE = 'FA001';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_keep_an_admin BEFORE UPDATE OF role, status OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION foray_keep_an_admin();
