CREATE TABLE "circle_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"circle_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_by" text NOT NULL,
	"email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_invites_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "circle_members" (
	"circle_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_members_circle_id_user_id_pk" PRIMARY KEY("circle_id","user_id"),
	CONSTRAINT "circle_members_role_check" CHECK ("circle_members"."role" in ('owner', 'admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "circles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deleted_location_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_circles" (
	"location_id" uuid NOT NULL,
	"circle_id" uuid NOT NULL,
	CONSTRAINT "location_circles_location_id_circle_id_pk" PRIMARY KEY("location_id","circle_id")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "precision" text DEFAULT 'exact' NOT NULL;--> statement-breakpoint
-- Every spot so far is exact: others see it where it is, as before.
ALTER TABLE "locations" ADD COLUMN "shown_latitude" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "shown_longitude" double precision;--> statement-breakpoint
UPDATE "locations" SET "shown_latitude" = "latitude", "shown_longitude" = "longitude";--> statement-breakpoint
ALTER TABLE "locations" ALTER COLUMN "shown_latitude" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ALTER COLUMN "shown_longitude" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "shown_position" "point" GENERATED ALWAYS AS (point(shown_longitude, shown_latitude)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_invites" ADD CONSTRAINT "circle_invites_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_invites" ADD CONSTRAINT "circle_invites_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_circles" ADD CONSTRAINT "location_circles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_circles" ADD CONSTRAINT "location_circles_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_invites_circle_idx" ON "circle_invites" USING btree ("circle_id","created_at");--> statement-breakpoint
CREATE INDEX "circle_invites_created_by_idx" ON "circle_invites" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "circle_members_user_idx" ON "circle_members" USING btree ("user_id","circle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "circle_members_one_owner_idx" ON "circle_members" USING btree ("circle_id") WHERE role = 'owner';--> statement-breakpoint
CREATE INDEX "location_circles_circle_idx" ON "location_circles" USING btree ("circle_id","location_id");--> statement-breakpoint
CREATE INDEX "locations_shown_position_gist" ON "locations" USING gist ("shown_position");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_precision_check" CHECK ("locations"."precision" in ('exact', '1km', '10km'));--> statement-breakpoint
-- The seed of every approximate point, made once per database (128 random bits twice): the same on every Foray
-- server that shares the database, and never sent anywhere.
INSERT INTO "server_settings" ("key", "value")
VALUES ('approximate_seed', replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));
--> statement-breakpoint
-- The grid cell of an approximate spot (ADR 0053), [west, south, east, north] in degrees: bands of `h` degrees of
-- latitude (0.009° ≈ 1 km, 0.09° ≈ 10 km), each cut into cells about as wide as they are tall at the band's middle.
-- The grid is fixed: it depends on the position only, never on the spot or the time.
CREATE FUNCTION foray_approximate_area(lat float8, lng float8, prec text) RETURNS float8[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[west, south, least(west + width, 180), north]
  FROM (
    SELECT south, north, width,
           least(floor((lng + 180) / width), ceil(360 / width) - 1) * width - 180 AS west
    FROM (
      SELECT south, least(south + h, 90) AS north,
             least(360, h / greatest(cos(radians(south + h / 2)), 0.001)) AS width
      FROM (
        SELECT h, least(floor((lat + 90) / h), ceil(180 / h) - 1) * h - 90 AS south
        FROM (SELECT CASE prec WHEN '1km' THEN 0.009::float8 ELSE 0.09::float8 END AS h) AS size
      ) AS band
    ) AS cell
  ) AS placed
$$;
--> statement-breakpoint
-- The one point others see inside that cell: from a hash of the seed, the spot's id, the precision and the cell, so
-- it is the same for every request, edit inside the cell and change of audience or precision, and a new one only
-- when the spot moves to another cell. Returns [latitude, longitude].
CREATE FUNCTION foray_shown_point(id uuid, lat float8, lng float8, prec text, seed text) RETURNS float8[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN prec = 'exact' THEN ARRAY[lat, lng] ELSE (
    SELECT ARRAY[a[2] + u * (a[4] - a[2]), a[1] + v * (a[3] - a[1])]
    FROM (
      SELECT a,
             ('x' || lpad(substr(h, 1, 8), 16, '0'))::bit(64)::bigint / 4294967296.0::float8 AS u,
             ('x' || lpad(substr(h, 9, 8), 16, '0'))::bit(64)::bigint / 4294967296.0::float8 AS v
      FROM (
        SELECT a, md5(seed || '|' || id::text || '|' || prec || '|' || a[1]::text || '|' || a[2]::text) AS h
        FROM (SELECT foray_approximate_area(lat, lng, prec) AS a) AS cell
      ) AS hashed
    ) AS drawn
  ) END
$$;
--> statement-breakpoint
CREATE FUNCTION foray_locations_shown() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shown float8[];
BEGIN
  shown := foray_shown_point(NEW.id, NEW.latitude, NEW.longitude, NEW.precision,
    (SELECT value FROM server_settings WHERE key = 'approximate_seed'));
  NEW.shown_latitude := shown[1];
  NEW.shown_longitude := shown[2];
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_shown BEFORE INSERT OR UPDATE OF latitude, longitude, precision, shown_latitude, shown_longitude
  ON locations FOR EACH ROW EXECUTE FUNCTION foray_locations_shown();
--> statement-breakpoint
-- The kept counts (ADR 0026, amended by ADR 0053). map_cells: public spots, at the point everyone sees.
-- map_owner_cells: what the owner sees of their own spots beyond the public cells, so public + own is exact for them:
-- every own spot that is not public at its true point, and an approximate public one moved from its shown point
-- (-1) to its true one (+1). A row may be negative; only a cell's sum is a count. Spots shared with circles are
-- counted for the members from the spots themselves (map-tiles.queries.ts).
CREATE OR REPLACE FUNCTION foray_locations_map_cells() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.is_public = NEW.is_public AND OLD.latitude = NEW.latitude
     AND OLD.longitude = NEW.longitude AND OLD.type = NEW.type AND OLD.shown_latitude = NEW.shown_latitude
     AND OLD.shown_longitude = NEW.shown_longitude THEN
    RETURN NULL;
  END IF;
  INSERT INTO map_cells AS c (level, cx, cy, shard, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT level, foray_tile_x(change.lng, level) AS cx, foray_tile_y(change.lat, level) AS cy, pg_backend_pid() % 8,
         sum(CASE WHEN change.kind = 'mushroom_spot' THEN change.delta ELSE 0 END)::integer,
         sum(CASE WHEN change.kind = 'car_park' THEN change.delta ELSE 0 END)::integer,
         sum(change.delta * change.lat), sum(change.delta * change.lng)
  FROM (
    SELECT OLD.shown_latitude AS lat, OLD.shown_longitude AS lng, OLD.type::text AS kind, -1 AS delta
    WHERE TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_public
    UNION ALL
    SELECT NEW.shown_latitude, NEW.shown_longitude, NEW.type::text, 1
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
    WHERE TG_OP IN ('UPDATE', 'DELETE') AND (NOT OLD.is_public OR OLD.precision <> 'exact')
    UNION ALL
    SELECT OLD.user_id, OLD.shown_latitude, OLD.shown_longitude, OLD.type::text, 1
    WHERE TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_public AND OLD.precision <> 'exact'
    UNION ALL
    SELECT NEW.user_id, NEW.latitude, NEW.longitude, NEW.type::text, 1
    WHERE TG_OP IN ('INSERT', 'UPDATE') AND (NOT NEW.is_public OR NEW.precision <> 'exact')
    UNION ALL
    SELECT NEW.user_id, NEW.shown_latitude, NEW.shown_longitude, NEW.type::text, -1
    WHERE TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_public AND NEW.precision <> 'exact'
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
  SELECT level, foray_tile_x(shown_longitude, level), foray_tile_y(shown_latitude, level), 0,
         count(*) FILTER (WHERE type = 'mushroom_spot'), count(*) FILTER (WHERE type = 'car_park'),
         sum(shown_latitude), sum(shown_longitude)
  FROM locations, unnest(ARRAY[7, 10, 13, 16]) AS level
  WHERE is_public
  GROUP BY 1, 2, 3;
  DELETE FROM map_owner_cells;
  INSERT INTO map_owner_cells (user_id, level, cx, cy, mushroom_spots, car_parks, sum_latitude, sum_longitude)
  SELECT user_id, level, foray_tile_x(lng, level), foray_tile_y(lat, level),
         coalesce(sum(delta) FILTER (WHERE type = 'mushroom_spot'), 0),
         coalesce(sum(delta) FILTER (WHERE type = 'car_park'), 0),
         sum(delta * lat), sum(delta * lng)
  FROM (
    SELECT user_id, type, latitude AS lat, longitude AS lng, 1 AS delta
    FROM locations WHERE NOT is_public OR precision <> 'exact'
    UNION ALL
    SELECT user_id, type, shown_latitude, shown_longitude, -1
    FROM locations WHERE is_public AND precision <> 'exact'
  ) AS change, unnest(ARRAY[7, 10, 13, 16]) AS level
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
DROP TRIGGER locations_map_cells ON locations;
--> statement-breakpoint
CREATE TRIGGER locations_map_cells
  AFTER DELETE OR UPDATE OF is_public, latitude, longitude, type, precision, shown_latitude, shown_longitude ON locations
  FOR EACH ROW EXECUTE FUNCTION foray_locations_map_cells();
--> statement-breakpoint
-- A deleted spot's id stays taken (ADR 0053): see deleted_location_ids in schema.ts.
CREATE FUNCTION foray_locations_deleted_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_location_ids (id, user_id) SELECT d.id, d.user_id FROM deleted d ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_deleted_ids AFTER DELETE ON locations REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION foray_locations_deleted_ids();
