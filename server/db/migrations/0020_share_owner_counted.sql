ALTER TABLE "location_circles" ADD COLUMN "owner_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A new spot shared in the statement that inserts it (ADR 0060) costs about what a private one does (ADR 0064). Its
-- shares are written with owner_counted: the spot's own insert adds it to the owner's kept cells at its true point
-- and takes each such share off at its shown point in the same upsert, which writes nothing at all for an exact spot
-- (the two cancel); the shares' insert then leaves the owner's cells be.
CREATE OR REPLACE FUNCTION foray_locations_inserted_map_cells() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO map_cells AS c (level, cx, cy, shard, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT level, foray_tile_x(n.shown_longitude, level) AS cx, foray_tile_y(n.shown_latitude, level) AS cy,
         pg_backend_pid() % 8,
         count(*) FILTER (WHERE n.type = 'mushroom_spot')::integer, count(*) FILTER (WHERE n.type = 'car_park')::integer,
         sum(n.shown_latitude), sum(n.shown_longitude)
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
  SELECT change.user_id, level, foray_tile_x(change.lng, level) AS cx, foray_tile_y(change.lat, level) AS cy,
         sum(CASE WHEN change.type = 'mushroom_spot' THEN change.delta ELSE 0 END)::integer,
         sum(CASE WHEN change.type = 'car_park' THEN change.delta ELSE 0 END)::integer,
         sum(change.delta * change.lat), sum(change.delta * change.lng)
  FROM (
    SELECT n.user_id, n.type, n.latitude AS lat, n.longitude AS lng, 1 AS delta
    FROM inserted n WHERE NOT n.is_public OR n.precision <> 'exact'
    UNION ALL
    SELECT n.user_id, n.type, n.shown_latitude, n.shown_longitude, -1
    FROM inserted n WHERE n.is_public AND n.precision <> 'exact'
    UNION ALL
    SELECT n.user_id, n.type, n.shown_latitude, n.shown_longitude, -1
    FROM inserted n CROSS JOIN LATERAL (
      SELECT 1 FROM location_circles lc WHERE lc.location_id = n.id AND lc.owner_counted) AS share
    WHERE NOT n.is_public
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
-- Shares added: as in migration 0018, but the owner's cells only for shares not already counted with their spot, and
-- the question whether a spot now has another share asked per added row. Asked as a join of the added rows with
-- every share, the planner, knowing nothing of the added rows, read all of location_circles for it: each share cost
-- more the more shares there were. Per added row it is an index probe; so is writing the overlaps.
CREATE OR REPLACE FUNCTION foray_location_circles_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO map_circle_cells AS c (circle_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT a.circle_id, level, foray_tile_x(a.shown_longitude, level) AS cx, foray_tile_y(a.shown_latitude, level) AS cy,
         count(*) FILTER (WHERE a.type = 'mushroom_spot')::integer, count(*) FILTER (WHERE a.type = 'car_park')::integer,
         sum(a.shown_latitude), sum(a.shown_longitude)
  FROM added a, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE NOT a.is_public AND EXISTS (SELECT 1 FROM circles WHERE circles.id = a.circle_id)
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (circle_id, level, cx, cy) DO UPDATE SET
    mushroom_spots = c.mushroom_spots + excluded.mushroom_spots,
    car_parks = c.car_parks + excluded.car_parks,
    sum_latitude = c.sum_latitude + excluded.sum_latitude,
    sum_longitude = c.sum_longitude + excluded.sum_longitude;
  IF EXISTS (SELECT 1 FROM added WHERE NOT is_public AND NOT owner_counted) THEN
    INSERT INTO map_owner_cells AS c (user_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
    SELECT a.owner_id, level, foray_tile_x(a.shown_longitude, level) AS cx, foray_tile_y(a.shown_latitude, level) AS cy,
           -count(*) FILTER (WHERE a.type = 'mushroom_spot')::integer, -count(*) FILTER (WHERE a.type = 'car_park')::integer,
           -sum(a.shown_latitude), -sum(a.shown_longitude)
    FROM added a, unnest(ARRAY[7, 10, 13, 16]) AS level
    WHERE NOT a.is_public AND NOT a.owner_counted
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, level, cx, cy) DO UPDATE SET
      mushroom_spots = c.mushroom_spots + excluded.mushroom_spots,
      car_parks = c.car_parks + excluded.car_parks,
      sum_latitude = c.sum_latitude + excluded.sum_latitude,
      sum_longitude = c.sum_longitude + excluded.sum_longitude;
  END IF;
  IF EXISTS (SELECT 1 FROM added a WHERE EXISTS (
       SELECT 1 FROM location_circles lc WHERE lc.location_id = a.location_id AND lc.circle_id <> a.circle_id)) THEN
    INSERT INTO location_circle_overlaps (location_id, circle_id)
    SELECT lc.location_id, lc.circle_id
    FROM (SELECT DISTINCT location_id FROM added) AS a CROSS JOIN LATERAL (
      SELECT l.location_id, l.circle_id FROM location_circles l WHERE l.location_id = a.location_id) AS lc
    WHERE (SELECT count(*) FROM location_circles other WHERE other.location_id = lc.location_id) > 1
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
