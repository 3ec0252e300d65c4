ALTER TABLE "location_photos" ADD COLUMN "stored_bytes" bigint;--> statement-breakpoint
ALTER TABLE "visit_photos" ADD COLUMN "stored_bytes" bigint;--> statement-breakpoint
CREATE INDEX "location_photos_unmeasured_idx" ON "location_photos" USING btree ("id") WHERE stored_bytes is null;--> statement-breakpoint
CREATE INDEX "visit_photos_unmeasured_idx" ON "visit_photos" USING btree ("id") WHERE stored_bytes is null;--> statement-breakpoint
-- An account's photo bytes (ADR 0081): the sum of its photos' stored_bytes, kept by the triggers below as photos come
-- and go, never recounted on an upload. Until now nothing kept it and no photo had its size: every sum starts at 0,
-- and the start's backfill measures each older photo's files, its update adding them in (server/photos/photo-sizes.ts).
UPDATE "user" SET photo_bytes = 0 WHERE photo_bytes <> 0;
--> statement-breakpoint
-- Photos added or removed, once per statement (an import adds hundreds, an account's deletion removes them all): their
-- owner is their spot's. A photo taken away with its spot (or its visit) finds no spot here: the spot's (the visit's)
-- own deletion subtracted them before it went.
CREATE FUNCTION foray_location_photos_bytes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "user" u SET photo_bytes = u.photo_bytes + c.bytes
    FROM (SELECT l.user_id, sum(p.stored_bytes)::bigint AS bytes FROM added p JOIN locations l ON l.id = p.location_id
          WHERE p.stored_bytes IS NOT NULL GROUP BY l.user_id) c
    WHERE u.id = c.user_id AND c.bytes <> 0;
  ELSE
    UPDATE "user" u SET photo_bytes = u.photo_bytes - c.bytes
    FROM (SELECT l.user_id, sum(p.stored_bytes)::bigint AS bytes FROM removed p JOIN locations l ON l.id = p.location_id
          WHERE p.stored_bytes IS NOT NULL GROUP BY l.user_id) c
    WHERE u.id = c.user_id AND c.bytes <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER location_photos_bytes_added AFTER INSERT ON location_photos REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION foray_location_photos_bytes();
--> statement-breakpoint
CREATE TRIGGER location_photos_bytes_removed AFTER DELETE ON location_photos REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION foray_location_photos_bytes();
--> statement-breakpoint
CREATE FUNCTION foray_visit_photos_bytes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "user" u SET photo_bytes = u.photo_bytes + c.bytes
    FROM (SELECT l.user_id, sum(p.stored_bytes)::bigint AS bytes FROM added p JOIN visits v ON v.id = p.visit_id
          JOIN locations l ON l.id = v.location_id WHERE p.stored_bytes IS NOT NULL GROUP BY l.user_id) c
    WHERE u.id = c.user_id AND c.bytes <> 0;
  ELSE
    UPDATE "user" u SET photo_bytes = u.photo_bytes - c.bytes
    FROM (SELECT l.user_id, sum(p.stored_bytes)::bigint AS bytes FROM removed p JOIN visits v ON v.id = p.visit_id
          JOIN locations l ON l.id = v.location_id WHERE p.stored_bytes IS NOT NULL GROUP BY l.user_id) c
    WHERE u.id = c.user_id AND c.bytes <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visit_photos_bytes_added AFTER INSERT ON visit_photos REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION foray_visit_photos_bytes();
--> statement-breakpoint
CREATE TRIGGER visit_photos_bytes_removed AFTER DELETE ON visit_photos REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION foray_visit_photos_bytes();
--> statement-breakpoint
-- A size measured (the backfill) or changed: the difference, for that one row.
CREATE FUNCTION foray_photo_bytes_measured() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  IF TG_TABLE_NAME = 'location_photos' THEN
    SELECT user_id INTO owner FROM locations WHERE id = NEW.location_id;
  ELSE
    SELECT l.user_id INTO owner FROM visits v JOIN locations l ON l.id = v.location_id WHERE v.id = NEW.visit_id;
  END IF;
  UPDATE "user" SET photo_bytes = photo_bytes + coalesce(NEW.stored_bytes, 0) - coalesce(OLD.stored_bytes, 0)
  WHERE id = owner;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER location_photos_bytes_measured AFTER UPDATE OF stored_bytes ON location_photos
  FOR EACH ROW WHEN (OLD.stored_bytes IS DISTINCT FROM NEW.stored_bytes) EXECUTE FUNCTION foray_photo_bytes_measured();
--> statement-breakpoint
CREATE TRIGGER visit_photos_bytes_measured AFTER UPDATE OF stored_bytes ON visit_photos
  FOR EACH ROW WHEN (OLD.stored_bytes IS DISTINCT FROM NEW.stored_bytes) EXECUTE FUNCTION foray_photo_bytes_measured();
--> statement-breakpoint
-- A spot's deletion subtracts its photos and its visits' photos while they can still be read, then cascades; a visit's
-- its own photos. When the spot's deletion takes the visit along, the spot is gone and the visit finds no owner here.
CREATE FUNCTION foray_locations_photo_bytes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bytes bigint;
BEGIN
  SELECT coalesce((SELECT sum(stored_bytes) FROM location_photos WHERE location_id = OLD.id), 0)
       + coalesce((SELECT sum(p.stored_bytes) FROM visit_photos p JOIN visits v ON v.id = p.visit_id
                   WHERE v.location_id = OLD.id), 0)
  INTO bytes;
  IF bytes <> 0 THEN
    UPDATE "user" SET photo_bytes = photo_bytes - bytes WHERE id = OLD.user_id;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_photo_bytes BEFORE DELETE ON locations
  FOR EACH ROW EXECUTE FUNCTION foray_locations_photo_bytes();
--> statement-breakpoint
CREATE FUNCTION foray_visits_photo_bytes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bytes bigint;
BEGIN
  SELECT coalesce(sum(stored_bytes), 0) INTO bytes FROM visit_photos WHERE visit_id = OLD.id;
  IF bytes <> 0 THEN
    UPDATE "user" u SET photo_bytes = u.photo_bytes - bytes FROM locations l
    WHERE l.id = OLD.location_id AND u.id = l.user_id;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visits_photo_bytes BEFORE DELETE ON visits
  FOR EACH ROW EXECUTE FUNCTION foray_visits_photo_bytes();
--> statement-breakpoint
-- Counts every account's sum afresh from its photos' known sizes: after a bulk load with the triggers off (a bench), or
-- to check the kept sums (they must agree).
CREATE FUNCTION foray_photo_bytes_recount() RETURNS void LANGUAGE sql AS $$
  UPDATE "user" u SET photo_bytes = coalesce(c.bytes, 0)
  FROM "user" x
  LEFT JOIN (
    SELECT user_id, sum(bytes)::bigint AS bytes FROM (
      SELECT l.user_id, p.stored_bytes AS bytes FROM location_photos p JOIN locations l ON l.id = p.location_id
      UNION ALL
      SELECT l.user_id, p.stored_bytes FROM visit_photos p JOIN visits v ON v.id = p.visit_id
      JOIN locations l ON l.id = v.location_id
    ) a WHERE bytes IS NOT NULL GROUP BY user_id
  ) c ON c.user_id = x.id
  WHERE u.id = x.id AND u.photo_bytes IS DISTINCT FROM coalesce(c.bytes, 0);
$$;
