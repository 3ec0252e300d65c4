-- The kept counts of ADR 0026, written in one order. A move (or a change of type or visibility) subtracts from
-- its old cells and adds to its new ones; written as two steps, two opposite moves through connections of one
-- shard could each hold the rows the other waits for — a deadlock, and one of the two edits refused. Now every
-- change of a spot is one upsert of its cells' net changes, taken in (level, cx, cy) order, so any two writes
-- lock the rows they share in the same order. The counts are the same as before.
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
    -- OLD is null in an INSERT trigger, NEW in a DELETE one: each branch is taken only where it exists.
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
  RETURN NULL;
END
$$;
