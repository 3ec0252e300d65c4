CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('spot', 'visit', 'photo')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('spam', 'wrong', 'offensive', 'dangerous', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "location_photos" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "owner_disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "withheld" boolean GENERATED ALWAYS AS (hidden_reason is not null or owner_disabled) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_photos" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_once_per_person_idx" ON "reports" USING btree ("reporter_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "reports_status_recent_idx" ON "reports" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_reporter_recent_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
-- Withheld content (ADR 0078): a spot hidden by an administrator or whose owner is disabled is shown to nobody but
-- its owner. Every kept count treats it as shared with nobody: out of the public cells, out of its circles' cells and
-- the circles' overlaps, out of the finds nearby; its owner's own cells count it at its true point, as they count a
-- private spot. So the functions of migrations 0015, 0016, 0019, 0020 and 0024 read "public" as `is_public and not
-- withheld`, and a share's copy of is_public (what circle cells skip) as `is_public or withheld`. A new spot is never
-- withheld (nothing writes hidden_reason or owner_disabled on insert), so the insert's statement trigger and
-- foray_share_new_spot stay as they are.
CREATE OR REPLACE FUNCTION foray_locations_map_cells() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_public boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_public AND NOT OLD.withheld;
  new_public boolean := TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_public AND NOT NEW.withheld;
BEGIN
  IF TG_OP = 'UPDATE' AND old_public = new_public AND OLD.latitude = NEW.latitude
     AND OLD.longitude = NEW.longitude AND OLD.type = NEW.type AND OLD.shown_latitude = NEW.shown_latitude
     AND OLD.shown_longitude = NEW.shown_longitude AND OLD.precision = NEW.precision THEN
    RETURN NULL;
  END IF;
  INSERT INTO map_cells AS c (level, cx, cy, shard, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT level, foray_tile_x(change.lng, level) AS cx, foray_tile_y(change.lat, level) AS cy, pg_backend_pid() % 8,
         sum(CASE WHEN change.kind = 'mushroom_spot' THEN change.delta ELSE 0 END)::integer,
         sum(CASE WHEN change.kind = 'car_park' THEN change.delta ELSE 0 END)::integer,
         sum(change.delta * change.lat), sum(change.delta * change.lng)
  FROM (
    SELECT OLD.shown_latitude AS lat, OLD.shown_longitude AS lng, OLD.type::text AS kind, -1 AS delta
    WHERE old_public
    UNION ALL
    SELECT NEW.shown_latitude, NEW.shown_longitude, NEW.type::text, 1
    WHERE new_public
  ) AS change, unnest(ARRAY[7, 10, 13, 16]) AS level
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (level, cx, cy, shard) DO UPDATE SET
    mushroom_spots = c.mushroom_spots + excluded.mushroom_spots,
    car_parks = c.car_parks + excluded.car_parks,
    sum_latitude = c.sum_latitude + excluded.sum_latitude,
    sum_longitude = c.sum_longitude + excluded.sum_longitude;
  INSERT INTO map_owner_cells AS c (user_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT change.owner, level, foray_tile_x(change.lng, level) AS cx, foray_tile_y(change.lat, level) AS cy,
         sum(CASE WHEN change.kind = 'mushroom_spot' THEN change.delta ELSE 0 END)::integer,
         sum(CASE WHEN change.kind = 'car_park' THEN change.delta ELSE 0 END)::integer,
         sum(change.delta * change.lat), sum(change.delta * change.lng)
  FROM (
    SELECT OLD.user_id AS owner, OLD.latitude AS lat, OLD.longitude AS lng, OLD.type::text AS kind, -1 AS delta
    WHERE TG_OP IN ('UPDATE', 'DELETE') AND (NOT old_public OR OLD.precision <> 'exact')
    UNION ALL
    SELECT OLD.user_id, OLD.shown_latitude, OLD.shown_longitude, OLD.type::text, 1
    WHERE old_public AND OLD.precision <> 'exact'
    UNION ALL
    SELECT NEW.user_id, NEW.latitude, NEW.longitude, NEW.type::text, 1
    WHERE TG_OP IN ('INSERT', 'UPDATE') AND (NOT new_public OR NEW.precision <> 'exact')
    UNION ALL
    SELECT NEW.user_id, NEW.shown_latitude, NEW.shown_longitude, NEW.type::text, -1
    WHERE new_public AND NEW.precision <> 'exact'
  ) AS change, unnest(ARRAY[7, 10, 13, 16]) AS level
  GROUP BY 1, 2, 3, 4
  HAVING sum(change.delta) <> 0 OR sum(change.delta * change.lat) <> 0 OR sum(change.delta * change.lng) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, level, cx, cy) DO UPDATE SET
    mushroom_spots = c.mushroom_spots + excluded.mushroom_spots,
    car_parks = c.car_parks + excluded.car_parks,
    sum_latitude = c.sum_latitude + excluded.sum_latitude,
    sum_longitude = c.sum_longitude + excluded.sum_longitude;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER locations_map_cells ON locations;
--> statement-breakpoint
CREATE TRIGGER locations_map_cells
  AFTER DELETE OR UPDATE OF is_public, latitude, longitude, type, precision, shown_latitude, shown_longitude,
    hidden_reason, owner_disabled ON locations
  FOR EACH ROW EXECUTE FUNCTION foray_locations_map_cells();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION foray_location_circles_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT l.user_id, l.type::text, l.is_public OR l.withheld, l.shown_latitude, l.shown_longitude
  INTO NEW.owner_id, NEW.type, NEW.is_public, NEW.shown_latitude, NEW.shown_longitude
  FROM locations l WHERE l.id = NEW.location_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION foray_locations_circle_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.is_public OR OLD.withheld) = (NEW.is_public OR NEW.withheld) AND OLD.type = NEW.type
     AND OLD.user_id = NEW.user_id
     AND OLD.shown_latitude = NEW.shown_latitude AND OLD.shown_longitude = NEW.shown_longitude THEN
    RETURN NULL;
  END IF;
  UPDATE location_circles
  SET owner_id = NEW.user_id, type = NEW.type::text, is_public = NEW.is_public OR NEW.withheld,
      shown_latitude = NEW.shown_latitude, shown_longitude = NEW.shown_longitude
  WHERE location_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER locations_circle_rows ON locations;
--> statement-breakpoint
CREATE TRIGGER locations_circle_rows
  AFTER UPDATE OF is_public, type, user_id, latitude, longitude, precision, shown_latitude, shown_longitude,
    hidden_reason, owner_disabled
  ON locations FOR EACH ROW EXECUTE FUNCTION foray_locations_circle_rows();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION foray_map_cells_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM map_cells;
  INSERT INTO map_cells (level, cx, cy, shard, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT level, foray_tile_x(shown_longitude, level), foray_tile_y(shown_latitude, level), 0,
         count(*) FILTER (WHERE type = 'mushroom_spot'), count(*) FILTER (WHERE type = 'car_park'),
         sum(shown_latitude), sum(shown_longitude)
  FROM locations, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE is_public AND NOT withheld
  GROUP BY 1, 2, 3;
  DELETE FROM map_circle_cells;
  INSERT INTO map_circle_cells (circle_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT lc.circle_id, level, foray_tile_x(l.shown_longitude, level), foray_tile_y(l.shown_latitude, level),
         count(*) FILTER (WHERE l.type = 'mushroom_spot'), count(*) FILTER (WHERE l.type = 'car_park'),
         sum(l.shown_latitude), sum(l.shown_longitude)
  FROM location_circles lc JOIN locations l ON l.id = lc.location_id, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE NOT l.is_public AND NOT l.withheld
  GROUP BY 1, 2, 3, 4;
  DELETE FROM map_owner_cells;
  INSERT INTO map_owner_cells (user_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT user_id, level, foray_tile_x(lng, level), foray_tile_y(lat, level),
         coalesce(sum(delta) FILTER (WHERE type = 'mushroom_spot'), 0),
         coalesce(sum(delta) FILTER (WHERE type = 'car_park'), 0),
         sum(delta * lat), sum(delta * lng)
  FROM (
    SELECT user_id, type::text AS type, latitude AS lat, longitude AS lng, 1 AS delta
    FROM locations WHERE NOT (is_public AND NOT withheld) OR precision <> 'exact'
    UNION ALL
    SELECT user_id, type::text, shown_latitude, shown_longitude, -1
    FROM locations WHERE is_public AND NOT withheld AND precision <> 'exact'
    UNION ALL
    SELECT l.user_id, l.type::text, l.shown_latitude, l.shown_longitude, -1
    FROM location_circles lc JOIN locations l ON l.id = lc.location_id WHERE NOT l.is_public AND NOT l.withheld
  ) AS change, unnest(ARRAY[7, 10, 13, 16]) AS level
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
-- Finds nearby: a withheld spot's finds and a hidden visit are counted nowhere.
CREATE OR REPLACE FUNCTION foray_visits_fruiting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.location_id = NEW.location_id AND OLD.visited_on = NEW.visited_on
     AND OLD.outcome = NEW.outcome AND (OLD.hidden_reason IS NULL) = (NEW.hidden_reason IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.outcome = 'found' AND OLD.hidden_reason IS NULL THEN
    SELECT user_id, is_public AND NOT withheld AS counted, type, shown_latitude, shown_longitude, mushroom_types INTO s
    FROM locations WHERE id = OLD.location_id FOR SHARE;
    IF FOUND THEN
      PERFORM foray_fruiting_add(s.user_id, s.counted, s.type, s.shown_latitude, s.shown_longitude,
        s.mushroom_types, OLD.visited_on, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.outcome = 'found' AND NEW.hidden_reason IS NULL THEN
    SELECT user_id, is_public AND NOT withheld AS counted, type, shown_latitude, shown_longitude, mushroom_types INTO s
    FROM locations WHERE id = NEW.location_id FOR SHARE;
    IF FOUND THEN
      PERFORM foray_fruiting_add(s.user_id, s.counted, s.type, s.shown_latitude, s.shown_longitude,
        s.mushroom_types, NEW.visited_on, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER visits_fruiting ON visits;
--> statement-breakpoint
CREATE TRIGGER visits_fruiting AFTER INSERT OR DELETE OR UPDATE OF location_id, visited_on, outcome, hidden_reason
  ON visits FOR EACH ROW EXECUTE FUNCTION foray_visits_fruiting();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION foray_locations_fruiting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found_on record;
  old_counted boolean := OLD.is_public AND NOT OLD.withheld;
  new_counted boolean := TG_OP = 'UPDATE' AND NEW.is_public AND NOT NEW.withheld;
BEGIN
  IF TG_OP = 'UPDATE' AND old_counted = new_counted AND OLD.type = NEW.type AND OLD.user_id = NEW.user_id
     AND OLD.mushroom_types = NEW.mushroom_types
     AND foray_grid10_cell(OLD.shown_latitude, OLD.shown_longitude)
         = foray_grid10_cell(NEW.shown_latitude, NEW.shown_longitude) THEN
    RETURN NULL;
  END IF;
  IF old_counted OR new_counted THEN
    FOR found_on IN
      SELECT visited_on, count(*)::int AS n FROM visits
      WHERE location_id = OLD.id AND outcome = 'found' AND hidden_reason IS NULL
      GROUP BY visited_on ORDER BY visited_on
    LOOP
      PERFORM foray_fruiting_add(OLD.user_id, old_counted, OLD.type, OLD.shown_latitude, OLD.shown_longitude,
        OLD.mushroom_types, found_on.visited_on, -found_on.n);
      IF TG_OP = 'UPDATE' THEN
        PERFORM foray_fruiting_add(NEW.user_id, new_counted, NEW.type, NEW.shown_latitude, NEW.shown_longitude,
          NEW.mushroom_types, found_on.visited_on, found_on.n);
      END IF;
    END LOOP;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER locations_fruiting_changed ON locations;
--> statement-breakpoint
CREATE TRIGGER locations_fruiting_changed
  AFTER UPDATE OF is_public, type, user_id, mushroom_types, latitude, longitude, precision, shown_latitude,
    shown_longitude, hidden_reason, owner_disabled
  ON locations FOR EACH ROW EXECUTE FUNCTION foray_locations_fruiting();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION foray_fruiting_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM fruiting_finds;
  INSERT INTO fruiting_finds (cell_y, visited_on, cell_x, species_key, user_id, species, visits)
  SELECT (g.cell)[2], v.visited_on, (g.cell)[1], s.species_key, l.user_id, s.species, count(*)::int
  FROM visits v
  JOIN locations l ON l.id = v.location_id
  CROSS JOIN LATERAL (SELECT foray_grid10_cell(l.shown_latitude, l.shown_longitude) AS cell) AS g
  CROSS JOIN LATERAL foray_fruiting_species(l.mushroom_types) AS s
  WHERE v.outcome = 'found' AND v.hidden_reason IS NULL AND l.is_public AND NOT l.withheld
    AND l.type = 'mushroom_spot'
  GROUP BY 1, 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
-- An account disabled or enabled again, by whatever changes its status (the administrators' route, `npm run admin`,
-- SQL): one statement flips its spots, and the spots' own triggers move every kept count.
CREATE FUNCTION foray_user_status_withholds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE locations SET owner_disabled = (NEW.status = 'disabled')
  WHERE user_id = NEW.id AND owner_disabled <> (NEW.status = 'disabled');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_status_withholds AFTER UPDATE OF status ON "user"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION foray_user_status_withholds();
--> statement-breakpoint
UPDATE locations SET owner_disabled = true WHERE user_id IN (SELECT id FROM "user" WHERE status = 'disabled');
