-- An account disabled or enabled again (ADR 0078, amended): its spots are flipped in one statement, as before, but the
-- kept counts are moved by a few statements over all of them together instead of by each spot's own triggers, which
-- cost about a millisecond a spot (on the embedded database, on the event loop: the server answered nothing else
-- meanwhile). While the flip runs, the transaction-local setting `foray.bulk_withhold` is on and the spots' per-row
-- triggers are not queued at all (their WHEN); it is put back before the counts are moved. Only a spot that is not
-- also hidden changes what it counts (a hidden spot is withheld either way, so enabling never shows it). For each
-- such spot, `withheld` after the flip is the opposite of before, so "counted in public" was `is_public and withheld`
-- and becomes `is_public and not withheld`:
--   shares (a private spot's, counted in its circles' cells): their copy `is_public` set again in one update, whose
--     statement trigger (migration 0018) moves the circles' cells and the owner's cells together;
--   found nearby: a public spot's finds, grouped by cell, day and species, subtracted or added in one upsert;
--   public cells: a public spot at its shown point, grouped by cell, in one upsert;
--   the owner's cells: a public spot counted by its owner's own cells once withheld — at its true point when exact,
--     at its shown point when approximate (where its public count stood in for the shown point) — in one upsert.
-- The order is the one each spot's triggers took (migrations 0011, 0013, 0019: circles' cells, owner's cells, finds,
-- public cells, owner's cells), each upsert in key order. The flip holds every spot's row lock from the start, so an
-- edit, a share or a visit of one of them (each of which locks its spot first) waits, or has finished and is read as
-- it left the spot.
CREATE OR REPLACE FUNCTION foray_user_status_withholds() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  disabling boolean := NEW.status = 'disabled';
  -- What a public count sees of each spot: one less when disabling, one more when enabling.
  sign integer := CASE WHEN NEW.status = 'disabled' THEN -1 ELSE 1 END;
  flipped uuid[];
  prior text := current_setting('foray.bulk_withhold', true);
BEGIN
  PERFORM set_config('foray.bulk_withhold', 'on', true);
  WITH f AS (
    UPDATE locations SET owner_disabled = disabling
    WHERE user_id = NEW.id AND owner_disabled <> disabling
    RETURNING id, hidden_reason
  )
  SELECT coalesce(array_agg(id) FILTER (WHERE hidden_reason IS NULL), '{}') INTO flipped FROM f;
  PERFORM set_config('foray.bulk_withhold', coalesce(prior, ''), true);
  IF cardinality(flipped) = 0 THEN
    RETURN NULL;
  END IF;

  UPDATE location_circles lc SET is_public = l.is_public OR l.withheld
  FROM locations l
  WHERE l.id = ANY(flipped) AND lc.location_id = l.id AND lc.is_public IS DISTINCT FROM (l.is_public OR l.withheld);

  INSERT INTO fruiting_finds AS f (cell_y, visited_on, cell_x, species_key, user_id, species, visits)
  SELECT (g.cell)[2], v.visited_on, (g.cell)[1], s.species_key, l.user_id, s.species, sign * count(*)::int
  FROM locations l
  JOIN visits v ON v.location_id = l.id
  CROSS JOIN LATERAL (SELECT foray_grid10_cell(l.shown_latitude, l.shown_longitude) AS cell) AS g
  CROSS JOIN LATERAL foray_fruiting_species(l.mushroom_types) AS s
  WHERE l.id = ANY(flipped) AND l.is_public AND l.type = 'mushroom_spot'
    AND v.outcome = 'found' AND v.hidden_reason IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (cell_y, visited_on, cell_x, species_key, user_id, species) DO UPDATE SET
    visits = f.visits + excluded.visits;
  IF disabling THEN
    DELETE FROM fruiting_finds f
    WHERE f.user_id = NEW.id AND f.visits <= 0 AND f.cell_y IN (
      SELECT (foray_grid10_cell(l.shown_latitude, l.shown_longitude))[2] FROM locations l
      WHERE l.id = ANY(flipped) AND l.is_public AND l.type = 'mushroom_spot');
  END IF;

  INSERT INTO map_cells AS c (level, cx, cy, shard, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT level, foray_tile_x(l.shown_longitude, level) AS cx, foray_tile_y(l.shown_latitude, level) AS cy,
         pg_backend_pid() % 8,
         sign * count(*) FILTER (WHERE l.type = 'mushroom_spot')::integer,
         sign * count(*) FILTER (WHERE l.type = 'car_park')::integer,
         sign * sum(l.shown_latitude), sign * sum(l.shown_longitude)
  FROM locations l, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE l.id = ANY(flipped) AND l.is_public
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (level, cx, cy, shard) DO UPDATE SET
    mushroom_spots = c.mushroom_spots + excluded.mushroom_spots,
    car_parks = c.car_parks + excluded.car_parks,
    sum_latitude = c.sum_latitude + excluded.sum_latitude,
    sum_longitude = c.sum_longitude + excluded.sum_longitude;

  INSERT INTO map_owner_cells AS c (user_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT p.user_id, level, foray_tile_x(p.lng, level) AS cx, foray_tile_y(p.lat, level) AS cy,
         -sign * count(*) FILTER (WHERE p.type = 'mushroom_spot')::integer,
         -sign * count(*) FILTER (WHERE p.type = 'car_park')::integer,
         -sign * sum(p.lat), -sign * sum(p.lng)
  FROM (
    SELECT l.user_id, l.type::text AS type,
           CASE WHEN l.precision = 'exact' THEN l.latitude ELSE l.shown_latitude END AS lat,
           CASE WHEN l.precision = 'exact' THEN l.longitude ELSE l.shown_longitude END AS lng
    FROM locations l WHERE l.id = ANY(flipped) AND l.is_public
  ) AS p, unnest(ARRAY[7, 10, 13, 16]) AS level
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
-- The spots' per-row triggers that a flip of `owner_disabled` would run, skipped while the flip above runs. The
-- version others are shown does not change with withholding (migration 0023 compares no column the flip writes).
DROP TRIGGER locations_map_cells ON locations;
--> statement-breakpoint
CREATE TRIGGER locations_map_cells
  AFTER DELETE OR UPDATE OF is_public, latitude, longitude, type, precision, shown_latitude, shown_longitude,
    hidden_reason, owner_disabled ON locations
  FOR EACH ROW WHEN (current_setting('foray.bulk_withhold', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION foray_locations_map_cells();
--> statement-breakpoint
DROP TRIGGER locations_circle_rows ON locations;
--> statement-breakpoint
CREATE TRIGGER locations_circle_rows
  AFTER UPDATE OF is_public, type, user_id, latitude, longitude, precision, shown_latitude, shown_longitude,
    hidden_reason, owner_disabled ON locations
  FOR EACH ROW WHEN (current_setting('foray.bulk_withhold', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION foray_locations_circle_rows();
--> statement-breakpoint
DROP TRIGGER locations_fruiting_changed ON locations;
--> statement-breakpoint
CREATE TRIGGER locations_fruiting_changed
  AFTER UPDATE OF is_public, type, user_id, mushroom_types, latitude, longitude, precision, shown_latitude,
    shown_longitude, hidden_reason, owner_disabled ON locations
  FOR EACH ROW WHEN (current_setting('foray.bulk_withhold', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION foray_locations_fruiting();
--> statement-breakpoint
DROP TRIGGER locations_shown_version ON locations;
--> statement-breakpoint
CREATE TRIGGER locations_shown_version BEFORE INSERT OR UPDATE ON locations
  FOR EACH ROW WHEN (current_setting('foray.bulk_withhold', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION foray_locations_shown_version();
