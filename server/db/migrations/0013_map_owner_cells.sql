CREATE TABLE "map_owner_cells" (
	"user_id" text NOT NULL,
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"mushroom_spots" integer DEFAULT 0 NOT NULL,
	"car_parks" integer DEFAULT 0 NOT NULL,
	"sum_latitude" double precision DEFAULT 0 NOT NULL,
	"sum_longitude" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "map_owner_cells_user_id_level_cx_cy_pk" PRIMARY KEY("user_id","level","cx","cy")
);
--> statement-breakpoint
-- Each forager's own private spots get kept counts too (ADR 0026, amended): the same levels and cells as the
-- public ones, per owner. A tile was the public kept cells plus the viewer's private spots counted live, which
-- grows with them (a forager who imported 20,000 private spots paid 33 ms for every country tile on PGlite).
-- One trigger keeps both: a spot's public change goes to map_cells as before, its private change to its owner's
-- row here, each one upsert in key order, public first, so any two writes lock shared rows in the same order.
CREATE OR REPLACE FUNCTION foray_locations_map_cells() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.is_public = NEW.is_public AND OLD.latitude = NEW.latitude
     AND OLD.longitude = NEW.longitude AND OLD.type = NEW.type THEN
    RETURN NULL;
  END IF;
  INSERT INTO map_cells AS c (level, cx, cy, shard, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT level, foray_tile_x(change.lng, level) AS cx, foray_tile_y(change.lat, level) AS cy, pg_backend_pid() % 8,
         sum(CASE WHEN change.kind = 'mushroom_spot' THEN change.delta ELSE 0 END)::integer,
         sum(CASE WHEN change.kind = 'car_park' THEN change.delta ELSE 0 END)::integer,
         sum(change.delta * change.lat), sum(change.delta * change.lng)
  FROM (
    SELECT OLD.latitude AS lat, OLD.longitude AS lng, OLD.type::text AS kind, -1 AS delta
    WHERE TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_public
    UNION ALL
    SELECT NEW.latitude, NEW.longitude, NEW.type::text, 1
    WHERE TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_public
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
    WHERE TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_public
    UNION ALL
    SELECT NEW.user_id, NEW.latitude, NEW.longitude, NEW.type::text, 1
    WHERE TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_public
  ) AS change, unnest(ARRAY[7, 10, 13, 16]) AS level
  GROUP BY 1, 2, 3, 4
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
CREATE OR REPLACE FUNCTION foray_map_cells_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM map_cells;
  INSERT INTO map_cells (level, cx, cy, shard, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT level, foray_tile_x(longitude, level), foray_tile_y(latitude, level), 0,
         count(*) FILTER (WHERE type = 'mushroom_spot'), count(*) FILTER (WHERE type = 'car_park'),
         sum(latitude), sum(longitude)
  FROM locations, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE is_public
  GROUP BY 1, 2, 3;
  DELETE FROM map_owner_cells;
  INSERT INTO map_owner_cells (user_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT user_id, level, foray_tile_x(longitude, level), foray_tile_y(latitude, level),
         count(*) FILTER (WHERE type = 'mushroom_spot'), count(*) FILTER (WHERE type = 'car_park'),
         sum(latitude), sum(longitude)
  FROM locations, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE NOT is_public
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION foray_locations_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM map_cells;
  DELETE FROM map_owner_cells;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO map_owner_cells (user_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
SELECT user_id, level, foray_tile_x(longitude, level), foray_tile_y(latitude, level),
       count(*) FILTER (WHERE type = 'mushroom_spot'), count(*) FILTER (WHERE type = 'car_park'),
       sum(latitude), sum(longitude)
FROM locations, unnest(ARRAY[7, 10, 13, 16]) AS level
WHERE NOT is_public
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- An insert is counted once per statement, not once per row: an import saves up to 1,000 spots a statement, and a
-- row trigger's four upserts for each took a 10,000-spot public import to 25 s. The statement's new rows are
-- grouped by cell and written as one upsert per table, in key order. Deletes and updates stay row by row.
CREATE FUNCTION foray_locations_inserted_map_cells() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO map_cells AS c (level, cx, cy, shard, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT level, foray_tile_x(n.longitude, level) AS cx, foray_tile_y(n.latitude, level) AS cy, pg_backend_pid() % 8,
         count(*) FILTER (WHERE n.type = 'mushroom_spot')::integer, count(*) FILTER (WHERE n.type = 'car_park')::integer,
         sum(n.latitude), sum(n.longitude)
  FROM inserted n, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE n.is_public
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (level, cx, cy, shard) DO UPDATE SET
    mushroom_spots = c.mushroom_spots + excluded.mushroom_spots,
    car_parks = c.car_parks + excluded.car_parks,
    sum_latitude = c.sum_latitude + excluded.sum_latitude,
    sum_longitude = c.sum_longitude + excluded.sum_longitude;
  INSERT INTO map_owner_cells AS c (user_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT n.user_id, level, foray_tile_x(n.longitude, level) AS cx, foray_tile_y(n.latitude, level) AS cy,
         count(*) FILTER (WHERE n.type = 'mushroom_spot')::integer, count(*) FILTER (WHERE n.type = 'car_park')::integer,
         sum(n.latitude), sum(n.longitude)
  FROM inserted n, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE NOT n.is_public
  GROUP BY 1, 2, 3, 4
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
CREATE TRIGGER locations_map_cells AFTER DELETE OR UPDATE OF is_public, latitude, longitude, type ON locations
  FOR EACH ROW EXECUTE FUNCTION foray_locations_map_cells();
--> statement-breakpoint
CREATE TRIGGER locations_inserted_map_cells AFTER INSERT ON locations REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION foray_locations_inserted_map_cells();
