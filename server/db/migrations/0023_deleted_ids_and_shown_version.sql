-- Ids once used stay taken for photos, visits and visit photos too, as for spots (ADR 0070, extending ADR 0053):
-- a create with an id someone else used answers alike whether what it named still exists, is hidden or was deleted.
-- Each table keeps the id and the owner of its spot, with no foreign key (the spot, the visit, the owner may be gone).
CREATE TABLE "deleted_location_photo_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deleted_visit_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deleted_visit_photo_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
-- A spot's id is now written before its row goes, no longer after the statement (migration 0015): the cascade that
-- takes the spot's visits along runs after the row is gone, and the visits' trigger finds the owner here.
DROP TRIGGER locations_deleted_ids ON locations;
--> statement-breakpoint
DROP FUNCTION foray_locations_deleted_ids();
--> statement-breakpoint
CREATE FUNCTION foray_locations_deleted_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_location_ids (id, user_id) VALUES (OLD.id, OLD.user_id) ON CONFLICT (id) DO NOTHING;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_deleted_id BEFORE DELETE ON locations
  FOR EACH ROW EXECUTE FUNCTION foray_locations_deleted_id();
--> statement-breakpoint
-- A visit's, before its row goes too, for its photos' sake. Its spot is there when the visit alone is deleted; when
-- the spot's deletion takes the visit along, the spot is already gone and its id was kept above. An owner found
-- nowhere (it cannot happen) is nobody's: the id is then refused to everyone.
CREATE FUNCTION foray_visits_deleted_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_visit_ids (id, user_id)
  VALUES (OLD.id, coalesce((SELECT user_id FROM locations WHERE id = OLD.location_id),
                           (SELECT user_id FROM deleted_location_ids WHERE id = OLD.location_id), ''))
  ON CONFLICT (id) DO NOTHING;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visits_deleted_id BEFORE DELETE ON visits
  FOR EACH ROW EXECUTE FUNCTION foray_visits_deleted_id();
--> statement-breakpoint
-- Photos take nothing along, so once per statement: one insert however many go (an account's, a spot's).
CREATE FUNCTION foray_location_photos_deleted_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_location_photo_ids (id, user_id)
  SELECT d.id, coalesce(l.user_id, g.user_id, '')
  FROM deleted d
  LEFT JOIN locations l ON l.id = d.location_id
  LEFT JOIN deleted_location_ids g ON g.id = d.location_id
  ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER location_photos_deleted_ids AFTER DELETE ON location_photos REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION foray_location_photos_deleted_ids();
--> statement-breakpoint
CREATE FUNCTION foray_visit_photos_deleted_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_visit_photo_ids (id, user_id)
  SELECT d.id, coalesce(l.user_id, g.user_id, '')
  FROM deleted d
  LEFT JOIN visits v ON v.id = d.visit_id
  LEFT JOIN locations l ON l.id = v.location_id
  LEFT JOIN deleted_visit_ids g ON g.id = d.visit_id
  ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visit_photos_deleted_ids AFTER DELETE ON visit_photos REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION foray_visit_photos_deleted_ids();
--> statement-breakpoint
-- What others see of a spot's version and last change (ADR 0070): they move only when a field others are shown
-- changes, so a move inside an approximate spot's cell tells them nothing. Every spot so far starts where it is, so
-- a device's kept copy of someone else's spot stays current.
ALTER TABLE "locations" ADD COLUMN "shown_version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "shown_updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL;
--> statement-breakpoint
UPDATE locations SET shown_version = version, shown_updated_at = updated_at;
--> statement-breakpoint
-- Named to run after locations_shown (BEFORE triggers run in the order of their names), so it compares the shown
-- point that trigger has just written. What others are shown of the row: its fields, the shown point, whether it is
-- public, its precision, and the accuracy of an exact spot only (spot-json.ts). A change of which circles hold it is
-- in another table and moves only the owner's version. The app never writes these columns; a write that tries is
-- undone here.
CREATE FUNCTION foray_locations_shown_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.shown_version := NEW.version;
    NEW.shown_updated_at := NEW.updated_at;
  ELSIF (OLD.type, OLD.mushroom_types, OLD.finder, OLD.date_found, OLD.notes, OLD.shown_latitude, OLD.shown_longitude,
         OLD.is_public, OLD.precision, CASE WHEN OLD.precision = 'exact' THEN OLD.accuracy_m END)
        IS DISTINCT FROM
        (NEW.type, NEW.mushroom_types, NEW.finder, NEW.date_found, NEW.notes, NEW.shown_latitude, NEW.shown_longitude,
         NEW.is_public, NEW.precision, CASE WHEN NEW.precision = 'exact' THEN NEW.accuracy_m END) THEN
    NEW.shown_version := OLD.shown_version + 1;
    -- The edit's own time; a write that leaves updated_at as it was gets the present, never the time of an earlier
    -- change others were not shown.
    NEW.shown_updated_at := CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at
                                 ELSE date_trunc('milliseconds', clock_timestamp()) END;
  ELSE
    NEW.shown_version := OLD.shown_version;
    NEW.shown_updated_at := OLD.shown_updated_at;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_shown_version BEFORE INSERT OR UPDATE ON locations
  FOR EACH ROW EXECUTE FUNCTION foray_locations_shown_version();
