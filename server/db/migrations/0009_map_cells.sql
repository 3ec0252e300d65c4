CREATE TABLE "map_cells" (
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"shard" smallint NOT NULL,
	"mushroom_spots" integer DEFAULT 0 NOT NULL,
	"car_parks" integer DEFAULT 0 NOT NULL,
	"sum_latitude" double precision DEFAULT 0 NOT NULL,
	"sum_longitude" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "map_cells_level_cx_cy_shard_pk" PRIMARY KEY("level","cx","cy","shard")
);
--> statement-breakpoint
-- The Web-Mercator tile (x, y) a position falls in at a zoom level (ADR 0026). The map's tiles and their
-- cells are these, so a spot belongs to exactly one cell at each level.
CREATE FUNCTION foray_tile_x(lng double precision, level integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(greatest(floor((lng + 180) / 360 * (1::bigint << level)), 0), (1::bigint << level) - 1)::integer
$$;
--> statement-breakpoint
CREATE FUNCTION foray_tile_y(lat double precision, level integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(greatest(floor(
    (1 - ln(tan(radians(least(greatest(lat, -85.0511287798), 85.0511287798)))
          + 1 / cos(radians(least(greatest(lat, -85.0511287798), 85.0511287798)))) / pi()) / 2 * (1::bigint << level)
  ), 0), (1::bigint << level) - 1)::integer
$$;
--> statement-breakpoint
-- One public spot more (delta 1) or fewer (-1) in its cell at every level the map keeps: every third level
-- from 7 to 16 (ADR 0026); the levels between are sums of these, read a few more rows at a time.
CREATE FUNCTION foray_map_cells_change(lat double precision, lng double precision, kind text, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO map_cells AS c (level, cx, cy, shard, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT level, foray_tile_x(lng, level), foray_tile_y(lat, level), pg_backend_pid() % 8,
         CASE WHEN kind = 'mushroom_spot' THEN delta ELSE 0 END,
         CASE WHEN kind = 'car_park' THEN delta ELSE 0 END,
         delta * lat, delta * lng
  FROM unnest(ARRAY[7, 10, 13, 16]) AS level
  ON CONFLICT (level, cx, cy, shard) DO UPDATE SET
    mushroom_spots = c.mushroom_spots + excluded.mushroom_spots,
    car_parks = c.car_parks + excluded.car_parks,
    sum_latitude = c.sum_latitude + excluded.sum_latitude,
    sum_longitude = c.sum_longitude + excluded.sum_longitude
$$;
--> statement-breakpoint
CREATE FUNCTION foray_locations_map_cells() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.is_public = NEW.is_public AND OLD.latitude = NEW.latitude
     AND OLD.longitude = NEW.longitude AND OLD.type = NEW.type THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_public THEN
    PERFORM foray_map_cells_change(OLD.latitude, OLD.longitude, OLD.type, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_public THEN
    PERFORM foray_map_cells_change(NEW.latitude, NEW.longitude, NEW.type, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_map_cells AFTER INSERT OR DELETE OR UPDATE OF is_public, latitude, longitude, type ON locations
  FOR EACH ROW EXECUTE FUNCTION foray_locations_map_cells();
--> statement-breakpoint
-- Counting again from the spots themselves: after a bulk load with the trigger off, and once here.
CREATE FUNCTION foray_map_cells_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM map_cells;
  INSERT INTO map_cells (level, cx, cy, shard, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT level, foray_tile_x(longitude, level), foray_tile_y(latitude, level), 0,
         count(*) FILTER (WHERE type = 'mushroom_spot'), count(*) FILTER (WHERE type = 'car_park'),
         sum(latitude), sum(longitude)
  FROM locations, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE is_public
  GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
CREATE FUNCTION foray_locations_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM map_cells;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_truncated_map_cells AFTER TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION foray_locations_truncated();
--> statement-breakpoint
SELECT foray_map_cells_rebuild();
