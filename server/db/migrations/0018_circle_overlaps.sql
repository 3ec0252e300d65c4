CREATE TABLE "location_circle_overlaps" (
	"circle_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "location_circle_overlaps_location_id_circle_id_pk" PRIMARY KEY("location_id","circle_id")
);
--> statement-breakpoint
ALTER TABLE "location_circle_overlaps" ADD CONSTRAINT "location_circle_overlaps_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_circle_overlaps" ADD CONSTRAINT "location_circle_overlaps_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_circle_overlaps_circle_idx" ON "location_circle_overlaps" USING btree ("circle_id","location_id");--> statement-breakpoint
-- The shares of every spot already shared with two or more circles (ADR 0060).
INSERT INTO "location_circle_overlaps" ("location_id", "circle_id")
SELECT lc.location_id, lc.circle_id FROM location_circles lc
WHERE lc.location_id IN (SELECT location_id FROM location_circles GROUP BY location_id HAVING count(*) > 1);
--> statement-breakpoint
-- As in migration 0016, in PL/pgSQL, whose statements are planned once per connection rather than at every call:
-- sharing a spot no longer pays for planning its two upserts.
CREATE OR REPLACE FUNCTION foray_circle_cells_add(circle_ids uuid[], owners text[], kinds text[], lats float8[],
  lngs float8[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO map_circle_cells AS c (circle_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT ch.circle_id, level, foray_tile_x(ch.lng, level) AS cx, foray_tile_y(ch.lat, level) AS cy,
         sum(CASE WHEN ch.kind = 'mushroom_spot' THEN ch.delta ELSE 0 END)::integer,
         sum(CASE WHEN ch.kind = 'car_park' THEN ch.delta ELSE 0 END)::integer,
         sum(ch.delta * ch.lat), sum(ch.delta * ch.lng)
  FROM unnest(circle_ids, owners, kinds, lats, lngs, deltas) AS ch(circle_id, owner, kind, lat, lng, delta),
       unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE EXISTS (SELECT 1 FROM circles WHERE circles.id = ch.circle_id)
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (circle_id, level, cx, cy) DO UPDATE SET
    mushroom_spots = c.mushroom_spots + excluded.mushroom_spots,
    car_parks = c.car_parks + excluded.car_parks,
    sum_latitude = c.sum_latitude + excluded.sum_latitude,
    sum_longitude = c.sum_longitude + excluded.sum_longitude;
  INSERT INTO map_owner_cells AS c (user_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT ch.owner, level, foray_tile_x(ch.lng, level) AS cx, foray_tile_y(ch.lat, level) AS cy,
         sum(CASE WHEN ch.kind = 'mushroom_spot' THEN -ch.delta ELSE 0 END)::integer,
         sum(CASE WHEN ch.kind = 'car_park' THEN -ch.delta ELSE 0 END)::integer,
         sum(-ch.delta * ch.lat), sum(-ch.delta * ch.lng)
  FROM unnest(circle_ids, owners, kinds, lats, lngs, deltas) AS ch(circle_id, owner, kind, lat, lng, delta),
       unnest(ARRAY[7, 10, 13, 16]) AS level
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, level, cx, cy) DO UPDATE SET
    mushroom_spots = c.mushroom_spots + excluded.mushroom_spots,
    car_parks = c.car_parks + excluded.car_parks,
    sum_latitude = c.sum_latitude + excluded.sum_latitude,
    sum_longitude = c.sum_longitude + excluded.sum_longitude;
END
$$;
--> statement-breakpoint
-- Shares added: the kept cells straight from the added rows (sharing a new spot is the common write, and building
-- arrays for foray_circle_cells_add cost more than the upserts), and, for a spot that now has two or more shares, all
-- of them as overlaps. A new spot shared with one circle finds no other share and adds none.
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
  INSERT INTO map_owner_cells AS c (user_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT a.owner_id, level, foray_tile_x(a.shown_longitude, level) AS cx, foray_tile_y(a.shown_latitude, level) AS cy,
         -count(*) FILTER (WHERE a.type = 'mushroom_spot')::integer, -count(*) FILTER (WHERE a.type = 'car_park')::integer,
         -sum(a.shown_latitude), -sum(a.shown_longitude)
  FROM added a, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE NOT a.is_public
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, level, cx, cy) DO UPDATE SET
    mushroom_spots = c.mushroom_spots + excluded.mushroom_spots,
    car_parks = c.car_parks + excluded.car_parks,
    sum_latitude = c.sum_latitude + excluded.sum_latitude,
    sum_longitude = c.sum_longitude + excluded.sum_longitude;
  IF EXISTS (SELECT 1 FROM location_circles lc JOIN added a ON a.location_id = lc.location_id AND a.circle_id <> lc.circle_id) THEN
    INSERT INTO location_circle_overlaps (location_id, circle_id)
    SELECT lc.location_id, lc.circle_id FROM location_circles lc
    WHERE lc.location_id IN (SELECT location_id FROM added)
      AND (SELECT count(*) FROM location_circles other WHERE other.location_id = lc.location_id) > 1
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Shares taken away: the kept cells as before; the overlaps lose the shares taken away, and every overlap of a spot
-- left with one share or none.
CREATE OR REPLACE FUNCTION foray_location_circles_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM foray_circle_cells_add(array_agg(circle_id), array_agg(owner_id), array_agg(type),
    array_agg(shown_latitude), array_agg(shown_longitude), array_agg(-1))
  FROM removed WHERE NOT is_public HAVING count(*) > 0;
  DELETE FROM location_circle_overlaps o
  WHERE o.location_id IN (SELECT location_id FROM removed)
    AND ((o.location_id, o.circle_id) IN (SELECT location_id, circle_id FROM removed)
         OR (SELECT count(*) FROM location_circles other WHERE other.location_id = o.location_id) < 2);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A share written with its spot's values (a new spot shared in the statement that inserts it) needs no lookup.
DROP TRIGGER location_circles_fill ON location_circles;
--> statement-breakpoint
CREATE TRIGGER location_circles_fill BEFORE INSERT ON location_circles
  FOR EACH ROW WHEN (NEW.owner_id IS NULL) EXECUTE FUNCTION foray_location_circles_fill();
