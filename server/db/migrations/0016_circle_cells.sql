CREATE TABLE "invites_made" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "map_circle_cells" (
	"circle_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"mushroom_spots" integer DEFAULT 0 NOT NULL,
	"car_parks" integer DEFAULT 0 NOT NULL,
	"sum_latitude" double precision DEFAULT 0 NOT NULL,
	"sum_longitude" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "map_circle_cells_circle_id_level_cx_cy_pk" PRIMARY KEY("circle_id","level","cx","cy")
);
--> statement-breakpoint
ALTER TABLE "location_circles" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "location_circles" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "location_circles" ADD COLUMN "is_public" boolean;--> statement-breakpoint
ALTER TABLE "location_circles" ADD COLUMN "shown_latitude" double precision;--> statement-breakpoint
ALTER TABLE "location_circles" ADD COLUMN "shown_longitude" double precision;--> statement-breakpoint
ALTER TABLE "invites_made" ADD CONSTRAINT "invites_made_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_circle_cells" ADD CONSTRAINT "map_circle_cells_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_made_user_idx" ON "invites_made" USING btree ("user_id","created_at");--> statement-breakpoint
-- Kept counts per circle (ADR 0057). Each row of location_circles carries a copy of what the counts need of its
-- spot: filled from the spot when the row is added, refreshed when the spot changes, so a row taken away is counted
-- off with exactly the values it was counted with, whatever else changes at the same moment.
UPDATE "location_circles" AS lc
SET "owner_id" = l.user_id, "type" = l.type::text, "is_public" = l.is_public,
    "shown_latitude" = l.shown_latitude, "shown_longitude" = l.shown_longitude
FROM "locations" AS l WHERE l.id = lc.location_id;
--> statement-breakpoint
-- Adds each change's delta (one spot in one circle) to the circle's kept cells at the spot's shown point, and takes
-- it off the owner's: the owner sees their own spots at their true points through map_owner_cells, while a tile adds
-- up every circle of the viewer's, the owner's own circles too. A circle deleted in this transaction is skipped (its
-- rows go with it).
CREATE FUNCTION foray_circle_cells_add(circle_ids uuid[], owners text[], kinds text[], lats float8[], lngs float8[],
  deltas integer[]) RETURNS void LANGUAGE sql AS $$
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
$$;
--> statement-breakpoint
CREATE FUNCTION foray_location_circles_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT l.user_id, l.type::text, l.is_public, l.shown_latitude, l.shown_longitude
  INTO NEW.owner_id, NEW.type, NEW.is_public, NEW.shown_latitude, NEW.shown_longitude
  FROM locations l WHERE l.id = NEW.location_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION foray_location_circles_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM foray_circle_cells_add(array_agg(circle_id), array_agg(owner_id), array_agg(type),
    array_agg(shown_latitude), array_agg(shown_longitude), array_agg(1))
  FROM added WHERE NOT is_public HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION foray_location_circles_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM foray_circle_cells_add(array_agg(circle_id), array_agg(owner_id), array_agg(type),
    array_agg(shown_latitude), array_agg(shown_longitude), array_agg(-1))
  FROM removed WHERE NOT is_public HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION foray_location_circles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM foray_circle_cells_add(array_agg(circle_id), array_agg(owner_id), array_agg(type),
    array_agg(shown_latitude), array_agg(shown_longitude), array_agg(delta))
  FROM (
    SELECT circle_id, owner_id, type, shown_latitude, shown_longitude, -1 AS delta FROM before WHERE NOT is_public
    UNION ALL
    SELECT circle_id, owner_id, type, shown_latitude, shown_longitude, 1 FROM after WHERE NOT is_public
  ) AS change
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A spot that changes what its circles count (made public or not, retyped, moved, another precision) refreshes the
-- copy in each of its rows; the rows' own trigger then moves the counts.
CREATE FUNCTION foray_locations_circle_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_public = NEW.is_public AND OLD.type = NEW.type AND OLD.user_id = NEW.user_id
     AND OLD.shown_latitude = NEW.shown_latitude AND OLD.shown_longitude = NEW.shown_longitude THEN
    RETURN NULL;
  END IF;
  UPDATE location_circles
  SET owner_id = NEW.user_id, type = NEW.type::text, is_public = NEW.is_public,
      shown_latitude = NEW.shown_latitude, shown_longitude = NEW.shown_longitude
  WHERE location_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER location_circles_fill BEFORE INSERT ON location_circles
  FOR EACH ROW EXECUTE FUNCTION foray_location_circles_fill();
--> statement-breakpoint
CREATE TRIGGER location_circles_added AFTER INSERT ON location_circles REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION foray_location_circles_added();
--> statement-breakpoint
CREATE TRIGGER location_circles_removed AFTER DELETE ON location_circles REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION foray_location_circles_removed();
--> statement-breakpoint
CREATE TRIGGER location_circles_changed AFTER UPDATE ON location_circles
  REFERENCING OLD TABLE AS before NEW TABLE AS after
  FOR EACH STATEMENT EXECUTE FUNCTION foray_location_circles_changed();
--> statement-breakpoint
CREATE TRIGGER locations_circle_rows
  AFTER UPDATE OF is_public, type, user_id, latitude, longitude, precision, shown_latitude, shown_longitude
  ON locations FOR EACH ROW EXECUTE FUNCTION foray_locations_circle_rows();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION foray_locations_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM map_cells;
  DELETE FROM map_owner_cells;
  DELETE FROM map_circle_cells;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every kept count from the spots (a bulk load, this migration): public cells, each owner's, each circle's.
CREATE OR REPLACE FUNCTION foray_map_cells_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM map_cells;
  INSERT INTO map_cells (level, cx, cy, shard, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT level, foray_tile_x(shown_longitude, level), foray_tile_y(shown_latitude, level), 0,
         count(*) FILTER (WHERE type = 'mushroom_spot'), count(*) FILTER (WHERE type = 'car_park'),
         sum(shown_latitude), sum(shown_longitude)
  FROM locations, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE is_public
  GROUP BY 1, 2, 3;
  DELETE FROM map_circle_cells;
  INSERT INTO map_circle_cells (circle_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT lc.circle_id, level, foray_tile_x(l.shown_longitude, level), foray_tile_y(l.shown_latitude, level),
         count(*) FILTER (WHERE l.type = 'mushroom_spot'), count(*) FILTER (WHERE l.type = 'car_park'),
         sum(l.shown_latitude), sum(l.shown_longitude)
  FROM location_circles lc JOIN locations l ON l.id = lc.location_id, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE NOT l.is_public
  GROUP BY 1, 2, 3, 4;
  DELETE FROM map_owner_cells;
  INSERT INTO map_owner_cells (user_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT user_id, level, foray_tile_x(lng, level), foray_tile_y(lat, level),
         coalesce(sum(delta) FILTER (WHERE type = 'mushroom_spot'), 0),
         coalesce(sum(delta) FILTER (WHERE type = 'car_park'), 0),
         sum(delta * lat), sum(delta * lng)
  FROM (
    SELECT user_id, type::text AS type, latitude AS lat, longitude AS lng, 1 AS delta
    FROM locations WHERE NOT is_public OR precision <> 'exact'
    UNION ALL
    SELECT user_id, type::text, shown_latitude, shown_longitude, -1
    FROM locations WHERE is_public AND precision <> 'exact'
    UNION ALL
    SELECT l.user_id, l.type::text, l.shown_latitude, l.shown_longitude, -1
    FROM location_circles lc JOIN locations l ON l.id = lc.location_id WHERE NOT l.is_public
  ) AS change, unnest(ARRAY[7, 10, 13, 16]) AS level
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
SELECT foray_map_cells_rebuild();
--> statement-breakpoint
-- The invitations of the last day count towards their makers' daily limit, as they did.
INSERT INTO invites_made (id, user_id, created_at)
SELECT id, created_by, created_at FROM circle_invites WHERE created_at > now() - interval '1 day';
