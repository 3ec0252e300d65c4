--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: drizzle; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA drizzle;


--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;


--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';


--
-- Name: foray_approximate_area(double precision, double precision, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_approximate_area(lat double precision, lng double precision, prec text) RETURNS double precision[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
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


--
-- Name: foray_circle_cells_add(uuid[], text[], text[], double precision[], double precision[], integer[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_circle_cells_add(circle_ids uuid[], owners text[], kinds text[], lats double precision[], lngs double precision[], deltas integer[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
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


--
-- Name: foray_location_circles_added(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_location_circles_added() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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


--
-- Name: foray_location_circles_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_location_circles_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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


--
-- Name: foray_location_circles_fill(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_location_circles_fill() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  SELECT l.user_id, l.type::text, l.is_public, l.shown_latitude, l.shown_longitude
  INTO NEW.owner_id, NEW.type, NEW.is_public, NEW.shown_latitude, NEW.shown_longitude
  FROM locations l WHERE l.id = NEW.location_id;
  RETURN NEW;
END
$$;


--
-- Name: foray_location_circles_removed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_location_circles_removed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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


--
-- Name: foray_locations_circle_rows(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_locations_circle_rows() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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


--
-- Name: foray_locations_deleted_ids(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_locations_deleted_ids() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO deleted_location_ids (id, user_id) SELECT d.id, d.user_id FROM deleted d ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END
$$;


--
-- Name: foray_locations_inserted_map_cells(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_locations_inserted_map_cells() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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


--
-- Name: foray_locations_map_cells(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_locations_map_cells() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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


--
-- Name: foray_locations_shown(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_locations_shown() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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


--
-- Name: foray_locations_truncated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_locations_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  DELETE FROM map_cells;
  DELETE FROM map_owner_cells;
  DELETE FROM map_circle_cells;
  RETURN NULL;
END
$$;


--
-- Name: foray_map_cells_change(double precision, double precision, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_map_cells_change(lat double precision, lng double precision, kind text, delta integer) RETURNS void
    LANGUAGE sql
    AS $$
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


--
-- Name: foray_map_cells_rebuild(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_map_cells_rebuild() RETURNS void
    LANGUAGE sql
    AS $$
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


--
-- Name: foray_shown_point(uuid, double precision, double precision, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_shown_point(id uuid, lat double precision, lng double precision, prec text, seed text) RETURNS double precision[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
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


--
-- Name: foray_tile_x(double precision, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_tile_x(lng double precision, level integer) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT least(greatest(floor((lng + 180) / 360 * (1::bigint << level)), 0), (1::bigint << level) - 1)::integer
$$;


--
-- Name: foray_tile_y(double precision, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.foray_tile_y(lat double precision, level integer) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT least(greatest(floor(
    (1 - ln(tan(radians(least(greatest(lat, -85.0511287798), 85.0511287798)))
          + 1 / cos(radians(least(greatest(lat, -85.0511287798), 85.0511287798)))) / pi()) / 2 * (1::bigint << level)
  ), 0), (1::bigint << level) - 1)::integer
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: __drizzle_migrations; Type: TABLE; Schema: drizzle; Owner: -
--

CREATE TABLE drizzle.__drizzle_migrations (
    id integer NOT NULL,
    hash text NOT NULL,
    created_at bigint
);


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE; Schema: drizzle; Owner: -
--

CREATE SEQUENCE drizzle.__drizzle_migrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE OWNED BY; Schema: drizzle; Owner: -
--

ALTER SEQUENCE drizzle.__drizzle_migrations_id_seq OWNED BY drizzle.__drizzle_migrations.id;


--
-- Name: account; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account (
    id text NOT NULL,
    account_id text NOT NULL,
    provider_id text NOT NULL,
    user_id text NOT NULL,
    access_token text,
    refresh_token text,
    id_token text,
    access_token_expires_at timestamp with time zone,
    refresh_token_expires_at timestamp with time zone,
    scope text,
    password text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: api_request_count; Type: TABLE; Schema: public; Owner: -
--

CREATE UNLOGGED TABLE public.api_request_count (
    key text NOT NULL,
    count integer NOT NULL,
    window_ends_at timestamp with time zone NOT NULL
);


--
-- Name: circle_invites; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.circle_invites (
    id uuid NOT NULL,
    circle_id uuid NOT NULL,
    token text NOT NULL,
    created_by text NOT NULL,
    email text,
    expires_at timestamp with time zone NOT NULL,
    max_uses integer,
    uses integer DEFAULT 0 NOT NULL,
    revoked_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: circle_members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.circle_members (
    circle_id uuid NOT NULL,
    user_id text NOT NULL,
    role text NOT NULL,
    joined_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT circle_members_role_check CHECK ((role = ANY (ARRAY['owner'::text, 'admin'::text, 'member'::text])))
);


--
-- Name: circles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.circles (
    id uuid NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: deleted_location_ids; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.deleted_location_ids (
    id uuid NOT NULL,
    user_id text NOT NULL
);


--
-- Name: imports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.imports (
    id uuid NOT NULL,
    user_id text NOT NULL,
    file_name text NOT NULL,
    format text NOT NULL,
    created_count integer NOT NULL,
    photo_count integer NOT NULL,
    skipped_count integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: invites_made; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invites_made (
    id uuid NOT NULL,
    user_id text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: location_circle_overlaps; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.location_circle_overlaps (
    circle_id uuid NOT NULL,
    location_id uuid NOT NULL
);


--
-- Name: location_circles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.location_circles (
    location_id uuid NOT NULL,
    circle_id uuid NOT NULL,
    owner_id text,
    type text,
    is_public boolean,
    shown_latitude double precision,
    shown_longitude double precision
);


--
-- Name: location_photos; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.location_photos (
    id uuid NOT NULL,
    location_id uuid NOT NULL,
    "position" integer NOT NULL,
    photo_key text NOT NULL,
    thumbnail_key text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: locations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.locations (
    id uuid NOT NULL,
    user_id text NOT NULL,
    type text NOT NULL,
    mushroom_types text DEFAULT ''::text NOT NULL,
    finder text DEFAULT ''::text NOT NULL,
    date_found date NOT NULL,
    notes text,
    latitude double precision NOT NULL,
    longitude double precision NOT NULL,
    "position" point GENERATED ALWAYS AS (point(longitude, latitude)) STORED NOT NULL,
    is_public boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    accuracy_m double precision,
    updated_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    search_text text GENERATED ALWAYS AS (translate(((mushroom_types || ' '::text) || COALESCE(notes, ''::text)), 'ABCDEFGHIJKLMNOPQRSTUVWXYZĄČĘĖĮŠŲŪŽąčęėįšųūžĀĒĢĪĶĻŅŌŖāēģīķļņōŗĆŁŃÓŚŹŻćłńóśźżÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòôõöøùúûüýÿĂăĎďĚěŇňŘřŤťŮůŞşŢţАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯёй̴̵̶̷̸̡̢̧̨̛̖̗̘̙̜̝̞̟̠̣̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌̕̚ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ͘͜͟͢͝͞͠͡'::text, 'abcdefghijklmnopqrstuvwxyzaceeisuuzaceeisuuzaegiklnoraegiklnorclnoszzclnoszzaaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaddeennrrttuussttабвгдеежзииклмнопрстуфхцчшщъыьэюяеи'::text)) STORED NOT NULL,
    "precision" text DEFAULT 'exact'::text NOT NULL,
    shown_latitude double precision NOT NULL,
    shown_longitude double precision NOT NULL,
    shown_position point GENERATED ALWAYS AS (point(shown_longitude, shown_latitude)) STORED NOT NULL,
    CONSTRAINT locations_accuracy_m_check CHECK (((accuracy_m IS NULL) OR ((accuracy_m > (0)::double precision) AND (accuracy_m <= (10000)::double precision)))),
    CONSTRAINT locations_latitude_check CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))),
    CONSTRAINT locations_longitude_check CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))),
    CONSTRAINT locations_precision_check CHECK (("precision" = ANY (ARRAY['exact'::text, '1km'::text, '10km'::text]))),
    CONSTRAINT locations_type_check CHECK ((type = ANY (ARRAY['mushroom_spot'::text, 'car_park'::text])))
);


--
-- Name: mail_outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mail_outbox (
    id bigint NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    last_error text
);


--
-- Name: mail_outbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mail_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: mail_outbox_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mail_outbox_id_seq OWNED BY public.mail_outbox.id;


--
-- Name: map_cells; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.map_cells (
    level smallint NOT NULL,
    cx integer NOT NULL,
    cy integer NOT NULL,
    shard smallint NOT NULL,
    mushroom_spots integer DEFAULT 0 NOT NULL,
    car_parks integer DEFAULT 0 NOT NULL,
    sum_latitude double precision DEFAULT 0 NOT NULL,
    sum_longitude double precision DEFAULT 0 NOT NULL
);


--
-- Name: map_circle_cells; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.map_circle_cells (
    circle_id uuid NOT NULL,
    level smallint NOT NULL,
    cx integer NOT NULL,
    cy integer NOT NULL,
    mushroom_spots integer DEFAULT 0 NOT NULL,
    car_parks integer DEFAULT 0 NOT NULL,
    sum_latitude double precision DEFAULT 0 NOT NULL,
    sum_longitude double precision DEFAULT 0 NOT NULL
);


--
-- Name: map_owner_cells; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.map_owner_cells (
    user_id text NOT NULL,
    level smallint NOT NULL,
    cx integer NOT NULL,
    cy integer NOT NULL,
    mushroom_spots integer DEFAULT 0 NOT NULL,
    car_parks integer DEFAULT 0 NOT NULL,
    sum_latitude double precision DEFAULT 0 NOT NULL,
    sum_longitude double precision DEFAULT 0 NOT NULL
);


--
-- Name: rate_limit; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rate_limit (
    id text NOT NULL,
    key text NOT NULL,
    count integer NOT NULL,
    last_request bigint NOT NULL
);


--
-- Name: server_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.server_settings (
    key text NOT NULL,
    value text NOT NULL
);


--
-- Name: session; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.session (
    id text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    token text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    ip_address text,
    user_agent text,
    user_id text NOT NULL
);


--
-- Name: sign_in_device_failure; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sign_in_device_failure (
    device_id text NOT NULL,
    failures integer DEFAULT 0 NOT NULL,
    window_started_at timestamp with time zone DEFAULT now() NOT NULL,
    blocked_until timestamp with time zone
);


--
-- Name: sign_in_failure; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sign_in_failure (
    email text NOT NULL,
    failures integer DEFAULT 0 NOT NULL,
    window_started_at timestamp with time zone DEFAULT now() NOT NULL,
    blocked_until timestamp with time zone
);


--
-- Name: translations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.translations (
    key text NOT NULL,
    en text DEFAULT ''::text NOT NULL,
    lt text DEFAULT ''::text NOT NULL
);


--
-- Name: two_factor; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.two_factor (
    id text NOT NULL,
    secret text NOT NULL,
    backup_codes text NOT NULL,
    user_id text NOT NULL,
    verified boolean DEFAULT true NOT NULL,
    failed_verification_count integer DEFAULT 0 NOT NULL,
    locked_until timestamp with time zone,
    last_totp_step bigint
);


--
-- Name: user; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public."user" (
    id text NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    email_verified boolean DEFAULT false NOT NULL,
    image text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    two_factor_enabled boolean DEFAULT false NOT NULL,
    default_public boolean DEFAULT false NOT NULL,
    default_precision text DEFAULT 'exact'::text NOT NULL,
    CONSTRAINT user_default_precision_check CHECK ((default_precision = ANY (ARRAY['exact'::text, '1km'::text, '10km'::text])))
);


--
-- Name: user_default_circles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_default_circles (
    user_id text NOT NULL,
    circle_id uuid NOT NULL
);


--
-- Name: verification; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.verification (
    id text NOT NULL,
    identifier text NOT NULL,
    value text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: visit_photos; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.visit_photos (
    id uuid NOT NULL,
    visit_id uuid NOT NULL,
    "position" integer NOT NULL,
    photo_key text NOT NULL,
    thumbnail_key text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: visits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.visits (
    id uuid NOT NULL,
    location_id uuid NOT NULL,
    visited_on date NOT NULL,
    outcome text NOT NULL,
    amount text,
    note text,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    CONSTRAINT visits_amount_check CHECK (((amount IS NULL) OR ((outcome = 'found'::text) AND (amount = ANY (ARRAY['few'::text, 'some'::text, 'many'::text]))))),
    CONSTRAINT visits_outcome_check CHECK ((outcome = ANY (ARRAY['found'::text, 'nothing'::text])))
);


--
-- Name: __drizzle_migrations id; Type: DEFAULT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations ALTER COLUMN id SET DEFAULT nextval('drizzle.__drizzle_migrations_id_seq'::regclass);


--
-- Name: mail_outbox id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox ALTER COLUMN id SET DEFAULT nextval('public.mail_outbox_id_seq'::regclass);


--
-- Data for Name: __drizzle_migrations; Type: TABLE DATA; Schema: drizzle; Owner: -
--

INSERT INTO drizzle.__drizzle_migrations VALUES
	(1, 'ae28b17157dd52fbf086b7d8fb360bd5740214ced51186dd7feb8b141f2fe548', 1795241689633),
	(2, '8867a743cf37d1607da8d152acaaddfd430e2c7514748bd15d6e66a7d4d83991', 1795245579191),
	(3, 'fa818813cc7679becd86cfcebae53a3fe952e67066513f8de215e1c51ad4b897', 1795459861170),
	(4, '8023b20393ca82388972e025980d4b34e1a95a33ebd45fcfb755298e21828455', 1795463960793),
	(5, 'a4556c933ee830b380b17870158d0392af07a123e051ce0ed80bb20c48daafa8', 1795468747856),
	(6, 'f7ba45c8f11c94fc86f9449285e3e94d9381d909486a71db738115989525c712', 1795468793773),
	(7, 'ec0c7e8bca97867fc0e904a96a77f6416f841c40511a13b12bc3ce42dce2ae0b', 1795469819202),
	(8, 'ed8c8868b723ebe028d026572f8b89d4bb9bef5ac5efc1def869b74ccb4f7314', 1795475000000),
	(9, '0a993deac1a6543d34b6d25e99bb9114d745087651c4a461e7c55bb8dcc6c8ce', 1795479111358),
	(10, 'ea8ff398ec509764471cd973a87e8f9785e924ee95eb7bcc551236f5f9b61083', 1795481024428),
	(11, '90e043fb62caf057f5263de76c47db18f95c5c0e55eed82ed1933ee66fb136d0', 1795678718963),
	(12, '67df66332112f5378158c3519008b723533b12617aa89bb2b4d7056199236a73', 1795681285127),
	(13, '8a85c2cd2a47f0924132ebe2ea22af72f04c1b49b0246047282caad1b8ebc18d', 1795690318904),
	(14, '093e7117fa3e28c4939d62c11b19efac3dc23a3ecbc91c4702ec50a0fd0602a8', 1795692172447),
	(15, 'afa21a67d9020e3f5297d84a7adad05b1454dfdbbb3861de19624c7446bc6df4', 1795785427961),
	(16, '5289f367bc4e86af959b49062de2ef2fa12c032d55e018363696c37c44e95cab', 1795796211252),
	(17, 'a30535692bf0e5ecb4c7b938b9ff7bc6a27036e03f25a50277b5a35891e69e49', 1795809692373),
	(18, '0b4928af8c6006f8c085590983dfec7cf999043d44a33e95117c19f665a882ca', 1795813228417),
	(19, '6e7da9551607b4bd38972cbd1757a29e23f2250ab4d15b99ac004546055bbeee', 1795833973649);


--
-- Data for Name: account; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.account VALUES
	('4deb0621-c8f1-46d6-9cb6-cc09c1bb63a6', '846a2ca2-42b9-4cce-80e9-1f151715c94d', 'credential', '846a2ca2-42b9-4cce-80e9-1f151715c94d', NULL, NULL, NULL, NULL, NULL, NULL, '$argon2id$v=19$m=19456,t=2,p=1$+/jLw1U2wqCS3h6n52CBLA$yLZuZqMs0Zm+1fxLoEjZwKLmZL2XpzEphKUnhgupv7k', '2026-11-28 03:41:48.944+00', '2026-11-28 03:41:48.944+00'),
	('3a15bee9-586e-4557-9044-6f440280ac98', 'db708e0f-624f-46b6-8c42-266763874083', 'credential', 'db708e0f-624f-46b6-8c42-266763874083', NULL, NULL, NULL, NULL, NULL, NULL, '$argon2id$v=19$m=19456,t=2,p=1$a2qrW1gUyNRbRiEKo6o7pg$OK3e8P3h7RxO06upygNXoXpSKFhUmF9pQbjZt5kAJFM', '2026-11-28 03:41:49.429+00', '2026-11-28 03:41:49.429+00');


--
-- Data for Name: api_request_count; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.api_request_count VALUES
	('127.0.0.1', 47, '2026-11-28 03:42:49.761353+00');


--
-- Data for Name: circle_invites; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.circle_invites VALUES
	('82c2fcd4-4e6d-4a7b-a42b-baf1d29494aa', '9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', 'YVQwJAUCjPoIny7zH9nGMqK5zhW4fCsE', '846a2ca2-42b9-4cce-80e9-1f151715c94d', NULL, '2026-12-05 03:41:50.228454+00', NULL, 1, NULL, '2026-11-28 03:41:50.228454+00'),
	('08c92e36-8310-4036-a0c4-b3a0d7040e72', '70f32be6-9059-40a3-a5fd-d42e2e5b8558', 'MeBceBWFlxQiYRnt9wi0QvstpRV1rtYj', '846a2ca2-42b9-4cce-80e9-1f151715c94d', NULL, '2026-12-05 03:41:50.299144+00', NULL, 1, NULL, '2026-11-28 03:41:50.299144+00');


--
-- Data for Name: circle_members; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.circle_members VALUES
	('9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', '846a2ca2-42b9-4cce-80e9-1f151715c94d', 'owner', '2026-11-28 03:41:50.216237+00'),
	('9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', 'db708e0f-624f-46b6-8c42-266763874083', 'member', '2026-11-28 03:41:50.241976+00'),
	('70f32be6-9059-40a3-a5fd-d42e2e5b8558', '846a2ca2-42b9-4cce-80e9-1f151715c94d', 'owner', '2026-11-28 03:41:50.288505+00'),
	('70f32be6-9059-40a3-a5fd-d42e2e5b8558', 'db708e0f-624f-46b6-8c42-266763874083', 'member', '2026-11-28 03:41:50.311848+00');


--
-- Data for Name: circles; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.circles VALUES
	('9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', 'Miško draugai', '2026-11-28 03:41:50.216237+00'),
	('70f32be6-9059-40a3-a5fd-d42e2e5b8558', 'Grybų klubas', '2026-11-28 03:41:50.288505+00');


--
-- Data for Name: deleted_location_ids; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: imports; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: invites_made; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.invites_made VALUES
	('82c2fcd4-4e6d-4a7b-a42b-baf1d29494aa', '846a2ca2-42b9-4cce-80e9-1f151715c94d', '2026-11-28 03:41:50.228454+00'),
	('08c92e36-8310-4036-a0c4-b3a0d7040e72', '846a2ca2-42b9-4cce-80e9-1f151715c94d', '2026-11-28 03:41:50.299144+00');


--
-- Data for Name: location_circle_overlaps; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.location_circle_overlaps VALUES
	('70f32be6-9059-40a3-a5fd-d42e2e5b8558', '5ff2720d-4c40-445f-977a-4f1935f7400b'),
	('9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', '5ff2720d-4c40-445f-977a-4f1935f7400b');


--
-- Data for Name: location_circles; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.location_circles VALUES
	('ae7d53fb-8e93-4bd9-87c8-8c72390623b2', '9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', '846a2ca2-42b9-4cce-80e9-1f151715c94d', 'mushroom_spot', false, 55.34791243420493, 23.463134908768637),
	('5ff2720d-4c40-445f-977a-4f1935f7400b', '70f32be6-9059-40a3-a5fd-d42e2e5b8558', '846a2ca2-42b9-4cce-80e9-1f151715c94d', 'mushroom_spot', false, 55.356789, 23.467891),
	('5ff2720d-4c40-445f-977a-4f1935f7400b', '9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', '846a2ca2-42b9-4cce-80e9-1f151715c94d', 'mushroom_spot', false, 55.356789, 23.467891);


--
-- Data for Name: location_photos; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.location_photos VALUES
	('a8e861b3-5809-47b4-9551-a76e5197e54b', '405c746a-270a-4771-9bc7-a30c5bcf6177', 0, 'NfFAebJ_5iR-5AQqwZQFJBx2MxHWUrLz', '1MPmKKksgYRVS7vdIrqM1ntnQYFusIeV', '2026-11-28 03:41:49.822501+00'),
	('7378e122-6f53-4186-b77b-2b00446a3683', 'a350df98-b0d8-48fb-805b-a76609c3b6d6', 0, 'Zol6NTDdpnSOwHsbkXf6bo9G1nfnnNXI', 'LNnKQEdQGVWkCTV_CrPE_v9K9mIU5HHF', '2026-11-28 03:41:49.929853+00'),
	('a063b042-d1fb-4018-89dd-d2ee421f919e', '76b44394-5b1d-4a6b-9391-ba756b8b11b6', 0, 'XhpgTzoqLdIuMnRhIVr7XCOfoOrgem7K', 'J5VGnXbt8ypHIebkCg9hyjXJQElNilVQ', '2026-11-28 03:41:50.022812+00'),
	('ed1e189e-f189-4913-89f6-883d90e2e4e4', 'a350df98-b0d8-48fb-805b-a76609c3b6d6', 1, 'MzDP3sOKco3otZnfZOZ3vBYXZTUh-tia', '4tHHuAkCECPJhZhcZQJWyRaE-zr061Y3', '2026-11-28 03:41:50.110615+00');


--
-- Data for Name: locations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.locations VALUES
	('a350df98-b0d8-48fb-805b-a76609c3b6d6', '846a2ca2-42b9-4cce-80e9-1f151715c94d', 'mushroom_spot', 'Voveraitės', 'Ona', '2025-09-14', NULL, 55.2, 23.9, DEFAULT, true, '2026-11-28 03:41:49.929+00', 12, '2026-11-28 03:41:49.929+00', 1, DEFAULT, 'exact', 55.2, 23.9, DEFAULT),
	('6bf0597f-819a-44f7-9b61-bc9ef3061ad3', '846a2ca2-42b9-4cce-80e9-1f151715c94d', 'car_park', 'Forest road', '', '2025-09-14', NULL, 55.201, 23.91, DEFAULT, false, '2026-11-28 03:41:49.948+00', NULL, '2026-11-28 03:41:49.948+00', 1, DEFAULT, 'exact', 55.201, 23.91, DEFAULT),
	('76b44394-5b1d-4a6b-9391-ba756b8b11b6', 'db708e0f-624f-46b6-8c42-266763874083', 'mushroom_spot', 'Ūmėdės', 'Jonas', '2024-08-02', NULL, 54.7, 25.3, DEFAULT, false, '2026-11-28 03:41:50.022+00', NULL, '2026-11-28 03:41:50.022+00', 1, DEFAULT, 'exact', 54.7, 25.3, DEFAULT),
	('ed79a47b-a99a-46ae-bc5d-8a71ba6bf26d', 'db708e0f-624f-46b6-8c42-266763874083', 'mushroom_spot', 'Kazlėkai', 'Jonas', '2024-10-11', NULL, 54.71, 25.31, DEFAULT, true, '2026-11-28 03:41:50.04+00', NULL, '2026-11-28 03:41:50.04+00', 1, DEFAULT, 'exact', 54.71, 25.31, DEFAULT),
	('405c746a-270a-4771-9bc7-a30c5bcf6177', '846a2ca2-42b9-4cce-80e9-1f151715c94d', 'mushroom_spot', 'Baravykai by the oak', 'Ona', '2025-09-14', 'Under the old oak, north side; again in 2026', 55.123456, 23.654321, DEFAULT, false, '2026-11-28 03:41:49.822+00', 12, '2026-11-28 03:41:50.127+00', 2, DEFAULT, 'exact', 55.123456, 23.654321, DEFAULT),
	('ae7d53fb-8e93-4bd9-87c8-8c72390623b2', '846a2ca2-42b9-4cce-80e9-1f151715c94d', 'mushroom_spot', 'Rudmėsės', 'Ona', '2026-10-03', NULL, 55.345678, 23.456789, DEFAULT, false, '2026-11-28 03:41:50.255+00', NULL, '2026-11-28 03:41:50.255+00', 1, DEFAULT, '1km', 55.34791243420493, 23.463134908768637, DEFAULT),
	('5ff2720d-4c40-445f-977a-4f1935f7400b', '846a2ca2-42b9-4cce-80e9-1f151715c94d', 'mushroom_spot', 'Kelmučiai', 'Ona', '2026-10-04', NULL, 55.356789, 23.467891, DEFAULT, false, '2026-11-28 03:41:50.324+00', NULL, '2026-11-28 03:41:50.324+00', 1, DEFAULT, 'exact', 55.356789, 23.467891, DEFAULT);


--
-- Data for Name: mail_outbox; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: map_cells; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.map_cells VALUES
	(10, 579, 322, 1, 1, 0, 55.2, 23.9),
	(13, 4639, 2583, 1, 1, 0, 55.2, 23.9),
	(16, 37118, 20665, 1, 1, 0, 55.2, 23.9),
	(7, 72, 40, 1, 2, 0, 109.91, 49.209999999999994),
	(10, 583, 325, 1, 1, 0, 54.71, 25.31),
	(13, 4671, 2602, 1, 1, 0, 54.71, 25.31),
	(16, 37375, 20820, 1, 1, 0, 54.71, 25.31);


--
-- Data for Name: map_circle_cells; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.map_circle_cells VALUES
	('9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', 13, 4629, 2577, 1, 0, 55.34791243420493, 23.463134908768637),
	('9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', 16, 37039, 20617, 1, 0, 55.34791243420493, 23.463134908768637),
	('70f32be6-9059-40a3-a5fd-d42e2e5b8558', 7, 72, 40, 1, 0, 55.356789, 23.467891),
	('70f32be6-9059-40a3-a5fd-d42e2e5b8558', 10, 578, 322, 1, 0, 55.356789, 23.467891),
	('70f32be6-9059-40a3-a5fd-d42e2e5b8558', 13, 4630, 2576, 1, 0, 55.356789, 23.467891),
	('70f32be6-9059-40a3-a5fd-d42e2e5b8558', 16, 37040, 20615, 1, 0, 55.356789, 23.467891),
	('9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', 7, 72, 40, 2, 0, 110.70470143420494, 46.93102590876864),
	('9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', 10, 578, 322, 2, 0, 110.70470143420494, 46.93102590876864),
	('9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', 13, 4630, 2576, 1, 0, 55.356789, 23.467891),
	('9a7ac4e1-8b7f-409c-9377-d07c62fe24b7', 16, 37040, 20615, 1, 0, 55.356789, 23.467891);


--
-- Data for Name: map_owner_cells; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.map_owner_cells VALUES
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 10, 579, 323, 1, 0, 55.123456, 23.654321),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 13, 4634, 2586, 1, 0, 55.123456, 23.654321),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 16, 37074, 20689, 1, 0, 55.123456, 23.654321),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 10, 580, 322, 0, 1, 55.201, 23.91),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 13, 4640, 2583, 0, 1, 55.201, 23.91),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 16, 37120, 20664, 0, 1, 55.201, 23.91),
	('db708e0f-624f-46b6-8c42-266763874083', 7, 72, 40, 1, 0, 54.7, 25.3),
	('db708e0f-624f-46b6-8c42-266763874083', 10, 583, 325, 1, 0, 54.7, 25.3),
	('db708e0f-624f-46b6-8c42-266763874083', 13, 4671, 2602, 1, 0, 54.7, 25.3),
	('db708e0f-624f-46b6-8c42-266763874083', 16, 37373, 20823, 1, 0, 54.7, 25.3),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 16, 37038, 20618, 1, 0, 55.345678, 23.456789),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 13, 4629, 2577, 0, 0, -0.002234434204929414, -0.006345908768636832),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 16, 37039, 20617, -1, 0, -55.34791243420493, -23.463134908768637),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 7, 72, 40, 0, 1, 54.96543256579507, 24.09008409123136),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 10, 578, 322, -1, 0, -55.35902343420493, -23.47423690876864),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 13, 4630, 2576, -1, 0, -55.356789, -23.467891),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 16, 37040, 20615, -1, 0, -55.356789, -23.467891);


--
-- Data for Name: rate_limit; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rate_limit VALUES
	('8fd490ce-b655-4f5a-a9e2-2e8dfce17432', '127.0.0.1|/sign-up/email', 2, 1795837309366),
	('1a6e518d-48c4-4d65-95bd-bed8c56cddd7', '127.0.0.1|/verify-email', 2, 1795837309562),
	('2ee88ccf-1612-4cd7-bda1-c11e43820e2d', '127.0.0.1|/sign-in/email', 2, 1795837309581),
	('07109424-921a-4ba5-b8e4-92702d2ff82d', '127.0.0.1|/two-factor/enable', 1, 1795837310345),
	('8d20a74e-a77c-496d-b409-b88a092dabd5', '127.0.0.1|/two-factor/verify-totp', 1, 1795837310387);


--
-- Data for Name: server_settings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.server_settings VALUES
	('approximate_seed', '0e8bd12bf32e417a9d3e0caa55616f7d532efbbf4d5446ebae76b4207e2eb11d');


--
-- Data for Name: session; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.session VALUES
	('4ca253bf-babc-44c5-a07e-3652cd05709d', '2026-12-05 03:41:49.604+00', 'A9HaVFM5rTe9lNp6CM62uo9aylZGaT4v', '2026-11-28 03:41:49.604+00', '2026-11-28 03:41:49.604+00', '127.0.0.1', 'node', 'db708e0f-624f-46b6-8c42-266763874083'),
	('41916f47-6d80-4a5c-95bc-0e95331844ed', '2026-12-05 03:41:50.401+00', 'YfOGqkQ3tp08ciflo8zs3lxmsdERK3ii', '2026-11-28 03:41:50.401+00', '2026-11-28 03:41:50.401+00', '127.0.0.1', 'node', '846a2ca2-42b9-4cce-80e9-1f151715c94d');


--
-- Data for Name: sign_in_device_failure; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: sign_in_failure; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: translations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.translations VALUES
	('app.title', 'Foray', 'Foray'),
	('app.tagline', 'Your mushroom spots and parking places', 'Jūsų grybavietės ir automobilių stovėjimo vietos'),
	('app.welcome', 'Welcome, {{email}}', 'Sveiki, {{email}}'),
	('app.sections', 'Sections', 'Skiltys'),
	('app.inviteSignInFirst', 'You have been invited to a circle. Sign in or create an account, and you will be asked whether to join. Creating an account? After confirming your email, come back to this tab or open the invitation link again.', 'Jus pakvietė į ratelį. Prisijunkite prie savo paskyros arba susikurkite naują – tada paklausime, ar norite tapti ratelio nariu. Kuriate paskyrą? Patvirtinę el. paštą, grįžkite į šį skirtuką arba vėl atidarykite kvietimo nuorodą.'),
	('tabs.map', 'Map', 'Žemėlapis'),
	('tabs.locations', 'Locations', 'Vietos'),
	('common.loading', 'Loading', 'Įkeliama'),
	('common.cancel', 'Cancel', 'Atšaukti'),
	('common.closeNotification', 'Close notification', 'Uždaryti pranešimą'),
	('common.notifications', 'Notifications', 'Pranešimai'),
	('common.language', 'Language', 'Kalba'),
	('common.reload', 'Reload', 'Įkelti iš naujo'),
	('common.retry', 'Try again', 'Bandyti dar kartą'),
	('common.somethingWentWrong', 'Something went wrong', 'Įvyko klaida'),
	('common.serverUnreachable', 'Can''t reach Foray right now. Trying again…', 'Šiuo metu nepavyksta pasiekti „Foray“. Bandoma dar kartą…'),
	('auth.signInHeading', 'Sign in to your account', 'Prisijunkite prie paskyros'),
	('auth.signUpHeading', 'Create an account', 'Sukurkite paskyrą'),
	('auth.forgotPasswordHeading', 'Reset your password', 'Slaptažodžio atkūrimas'),
	('auth.forgotPasswordHelp', 'Enter your email and we will send you a link to set a new password.', 'Įveskite el. pašto adresą ir atsiųsime nuorodą naujam slaptažodžiui nustatyti.'),
	('auth.email', 'Email', 'El. paštas'),
	('auth.password', 'Password', 'Slaptažodis'),
	('auth.signIn', 'Sign in', 'Prisijungti'),
	('auth.signingIn', 'Signing in…', 'Jungiamasi…'),
	('auth.createAccount', 'Create account', 'Sukurti paskyrą'),
	('auth.creatingAccount', 'Creating account…', 'Kuriama paskyra…'),
	('auth.sendResetLink', 'Send reset link', 'Siųsti nuorodą'),
	('auth.sending', 'Sending…', 'Siunčiama…'),
	('auth.forgotPassword', 'Forgot password?', 'Pamiršote slaptažodį?'),
	('auth.noAccount', 'Don''t have an account?', 'Neturite paskyros?'),
	('auth.haveAccount', 'Already have an account?', 'Jau turite paskyrą?'),
	('auth.switchToSignUp', 'Create one', 'Užsiregistruokite'),
	('auth.switchToSignIn', 'Sign in', 'Prisijunkite'),
	('auth.signInFailed', 'Sign-in failed', 'Prisijungti nepavyko'),
	('auth.signUpFailed', 'Sign-up failed', 'Užsiregistruoti nepavyko'),
	('auth.signOutFailed', 'Sign-out failed', 'Atsijungti nepavyko'),
	('auth.signOut', 'Sign out', 'Atsijungti'),
	('auth.accountCreatedTitle', 'Account created', 'Paskyra sukurta'),
	('auth.accountCreatedDescription', 'Please check your email to verify your account.', 'Patikrinkite el. paštą ir patvirtinkite paskyrą.'),
	('auth.emailNotVerifiedTitle', 'Email not verified yet', 'El. paštas dar nepatvirtintas'),
	('auth.emailNotVerifiedDescription', 'We have sent a new verification link to {{email}}. Open it, then sign in.', 'Naują patvirtinimo nuorodą išsiuntėme adresu {{email}}. Atidarykite ją ir prisijunkite.'),
	('auth.resetSentTitle', 'Check your email', 'Patikrinkite el. paštą'),
	('auth.resetSentDescription', 'If an account exists for {{email}}, we have sent it a link to set a new password.', 'Jei paskyra adresu {{email}} yra, išsiuntėme į jį nuorodą naujam slaptažodžiui nustatyti.'),
	('auth.resetRequestFailed', 'Could not send the reset link', 'Nepavyko išsiųsti nuorodos'),
	('auth.setNewPasswordHeading', 'Set a new password', 'Nustatykite naują slaptažodį'),
	('auth.newPassword', 'New password', 'Naujas slaptažodis'),
	('auth.confirmPassword', 'Confirm password', 'Pakartokite slaptažodį'),
	('auth.passwordRules', '{{min}} to {{max}} characters.', 'Nuo {{min}} iki {{max}} simbolių.'),
	('auth.passwordsDontMatch', 'The passwords do not match.', 'Slaptažodžiai nesutampa.'),
	('auth.setNewPassword', 'Set new password', 'Nustatyti slaptažodį');
INSERT INTO public.translations VALUES
	('auth.saving', 'Saving…', 'Išsaugoma…'),
	('auth.passwordChangedTitle', 'Password changed', 'Slaptažodis pakeistas'),
	('auth.passwordChangedDescription', 'Sign in with your new password.', 'Prisijunkite su nauju slaptažodžiu.'),
	('auth.resetFailed', 'Could not change the password', 'Nepavyko pakeisti slaptažodžio'),
	('auth.resetLinkInvalidHeading', 'This link does not work', 'Ši nuoroda neveikia'),
	('auth.resetLinkInvalid', 'The password reset link is invalid or has expired. Ask for a new one from the sign-in screen.', 'Slaptažodžio atkūrimo nuoroda netinkama arba nebegalioja. Naujos paprašykite prisijungimo lange.'),
	('auth.backToSignIn', 'Back to sign in', 'Grįžti į prisijungimą'),
	('auth.verifiedTitle', 'Email verified', 'El. paštas patvirtintas'),
	('auth.verifiedDescription', 'Your account is ready. You can sign in now.', 'Paskyra paruošta. Dabar galite prisijungti.'),
	('auth.verifyFailedTitle', 'Email not verified', 'El. pašto patvirtinti nepavyko'),
	('auth.verifyExpired', 'The verification link has expired. Sign in to get a new one.', 'Patvirtinimo nuoroda nebegalioja. Prisijunkite ir gausite naują.'),
	('auth.verifyInvalid', 'The verification link is not valid. Sign in to get a new one.', 'Patvirtinimo nuoroda netinkama. Prisijunkite ir gausite naują.'),
	('auth.verifyOtherError', 'The email could not be verified. Sign in to get a new link.', 'El. pašto patvirtinti nepavyko. Prisijunkite ir gausite naują nuorodą.'),
	('install.installApp', 'Install app', 'Įdiegti programėlę'),
	('install.appInstalledTitle', 'App installed', 'Programėlė įdiegta'),
	('install.appInstalledDescription', 'Foray is now on your home screen.', '„Foray“ dabar yra jūsų pradžios ekrane.'),
	('install.installDismissedTitle', 'Installation cancelled', 'Diegimas atšauktas'),
	('install.installDismissedDescription', 'You can install Foray later from this button or your browser''s menu.', '„Foray“ galėsite įdiegti vėliau šiuo mygtuku arba per naršyklės meniu.'),
	('map.mapLabel', 'Map of locations', 'Vietų žemėlapis'),
	('map.locationCount_one', '{{count}} location', '{{count}} vieta'),
	('map.locationCount_other', '{{count}} locations', '{{count}} vietų'),
	('map.clusterLabel_one', '{{count}} location here, zoom in', 'Čia {{count}} vieta, priartinkite'),
	('mapRegion.notDownloaded', 'Not downloaded', 'Neatsisiųstas'),
	('map.clusterLabel_other', '{{count}} locations here, zoom in', 'Čia {{count}} vietų, priartinkite'),
	('map.overviewPin', '{{type}}, open its details', '{{type}}, atverti informaciją'),
	('map.spotLoading', 'Loading the spot…', 'Įkeliama vieta…'),
	('map.spotGone', 'This spot is no longer shared with you, or was deleted.', 'Ši vieta jums nebebendrinama arba ištrinta.'),
	('map.spotUnreachable', 'This spot can’t be loaded now: there is no connection, and it isn’t kept on this device.', 'Šios vietos dabar įkelti nepavyksta: nėra ryšio, o šiame įrenginyje ji neišsaugota.'),
	('map.zoomInForAll', 'zoom in to see them all', 'priartinkite, kad matytumėte visas'),
	('map.clickHint', 'Click or tap the map to add a location there.', 'Spustelėkite arba palieskite žemėlapį ten, kur norite pridėti vietą.'),
	('map.addAtCentre', 'Add at map centre', 'Pridėti žemėlapio centre'),
	('map.baseLayer', 'Base map', 'Žemėlapio sluoksnis'),
	('map.layers.street', 'Street', 'Gatvių žemėlapis'),
	('map.layers.satellite', 'Satellite', 'Palydovinis vaizdas'),
	('map.layers.topo', 'Topographic', 'Topografinis žemėlapis'),
	('map.layers.dark', 'Dark', 'Tamsus žemėlapis'),
	('map.configFailed', 'Could not load the map settings', 'Nepavyko įkelti žemėlapio nustatymų'),
	('map.mapLocationFound', 'Location found', 'Jūsų buvimo vieta nustatyta'),
	('map.mapLocationDenied', 'Location access denied', 'Neleista nustatyti buvimo vietos'),
	('map.mapLocationDeniedDescription', 'Allow location access in your browser settings to centre the map on you.', 'Naršyklės nustatymuose leiskite nustatyti buvimo vietą, kad žemėlapis būtų rodomas ten, kur esate.'),
	('map.locateMe', 'Locate me', 'Rodyti mano buvimo vietą'),
	('map.locateSuccess', 'You are here', 'Jūs esate čia'),
	('map.locateFailed', 'Could not find your location', 'Nepavyko nustatyti jūsų buvimo vietos'),
	('map.locateUnavailable', 'Your position is not available right now. Try again in the open.', 'Dabar nepavyksta nustatyti, kur esate. Pabandykite dar kartą atviroje vietoje.'),
	('map.youAreHere', 'You are here', 'Jūs esate čia'),
	('map.popupFinder', 'Found by {{finder}}', 'Rado {{finder}}'),
	('map.popupDateFound', 'Found on {{date}}', 'Rasta {{date}}'),
	('map.popupDirections', 'Directions: {{coordinates}}', 'Maršrutas: {{coordinates}}'),
	('map.zoomIn', 'Zoom in', 'Priartinti'),
	('map.zoomOut', 'Zoom out', 'Nutolinti');
INSERT INTO public.translations VALUES
	('map.closePopup', 'Close popup', 'Uždaryti langelį'),
	('map.leafletTitle', 'A JavaScript library for interactive maps', 'JavaScript biblioteka interaktyviems žemėlapiams'),
	('locationTypes.mushroom_spot', 'Mushroom spot', 'Grybavietė'),
	('locationTypes.car_park', 'Car park', 'Automobilių stovėjimo vieta'),
	('form.title', 'Add a location', 'Pridėti vietą'),
	('form.coordinates', 'Coordinates', 'Koordinatės'),
	('form.close', 'Close form', 'Uždaryti formą'),
	('form.type', 'Location type', 'Vietos tipas'),
	('form.mushroomTypes', 'Mushroom types', 'Grybų rūšys'),
	('form.mushroomTypesPlaceholder', 'e.g. chanterelles, porcini', 'pvz., voveraitės, baravykai'),
	('form.finder', 'Finder', 'Kas rado'),
	('form.dateFound', 'Date found', 'Radimo data'),
	('form.dateFormatHint', 'Year-month-day, e.g. 2026-09-14', 'Metai-mėnuo-diena, pvz., 2026-09-14'),
	('form.datePlaceholder', 'YYYY-MM-DD', 'MMMM-MM-DD'),
	('form.dateOutOfRange', 'Enter a date from {{earliest}} to {{latest}}, written as YYYY-MM-DD.', 'Įveskite datą nuo {{earliest}} iki {{latest}} formatu MMMM-MM-DD.'),
	('form.photo', 'Photo', 'Nuotrauka'),
	('form.takePhoto', 'Take photo', 'Fotografuoti'),
	('form.uploadPhoto', 'Upload photo', 'Įkelti nuotrauką'),
	('form.photoPreview', 'Preview of the chosen photo', 'Pasirinktos nuotraukos peržiūra'),
	('form.removePhoto', 'Remove photo', 'Pašalinti nuotrauką'),
	('form.photoPlace', 'Place at the photo''s position (taken {{date}})', 'Perkelti į nuotraukos vietą (nufotografuota {{date}})'),
	('form.photoPlaceNoDate', 'Place at the photo''s position', 'Perkelti į nuotraukos vietą'),
	('form.photoPlaceDistance', '{{distance}} from the pin now', '{{distance}} nuo dabartinio smeigtuko'),
	('form.photoPlaced', 'The pin is at the photo''s position.', 'Smeigtukas perkeltas į nuotraukos vietą.'),
	('form.photoDate', 'Use the date it was taken ({{date}})', 'Naudoti nufotografavimo datą ({{date}})'),
	('form.photoPlacePrivacy', 'Read on this device; the photo is uploaded without its location.', 'Nuskaityta šiame įrenginyje; nuotrauka įkeliama be vietos duomenų.'),
	('form.notes', 'Notes', 'Pastabos'),
	('form.sharing', 'Who sees it', 'Kas mato'),
	('form.save', 'Save', 'Išsaugoti'),
	('form.saving', 'Saving…', 'Išsaugoma…'),
	('form.missingInfoTitle', 'Missing information', 'Trūksta informacijos'),
	('form.missingInfoDescription', 'Please fill in the mushroom types and the finder.', 'Įrašykite grybų rūšis ir kas juos rado.'),
	('form.fileTooLargeTitle', 'File too large', 'Failas per didelis'),
	('form.fileTooLargeDescription', 'The photo must be at most {{max}} MB.', 'Nuotrauka turi būti ne didesnė nei {{max}} MB.'),
	('form.notAnImageTitle', 'Not an image', 'Tai ne nuotrauka'),
	('form.notAnImageDescription', 'Choose a photo (JPEG, PNG or WebP).', 'Pasirinkite nuotrauką (JPEG, PNG arba WebP).'),
	('form.locationSavedTitle', 'Location saved', 'Vieta išsaugota'),
	('form.locationSavedDescription', 'Your location is on the map.', 'Jūsų vieta pažymėta žemėlapyje.'),
	('form.photoUploadFailed', 'Photo upload failed', 'Nuotraukos įkelti nepavyko'),
	('form.errorSavingLocation', 'Error saving location', 'Vietos išsaugoti nepavyko'),
	('sharing.private', 'Only me', 'Tik aš'),
	('sharing.public', 'Everyone', 'Visi'),
	('sharing.dialogTitle', 'Share location', 'Bendrinti vietą'),
	('sharing.dialogDescription', 'Choose who can see "{{title}}".', 'Pasirinkite, kas gali matyti „{{title}}“.'),
	('sharing.update', 'Update', 'Atnaujinti'),
	('sharing.sharingUpdatedSuccess', 'Sharing updated', 'Bendrinimas atnaujintas'),
	('sharing.sharingUpdatedError', 'Could not update sharing', 'Nepavyko atnaujinti bendrinimo'),
	('sharing.circles', 'Circles', 'Rateliai'),
	('sharing.privateHint', 'Nobody else sees it.', 'Niekas kitas jos nemato.'),
	('sharing.circlesHint', 'The members of the circles you choose.', 'Jūsų pasirinktų ratelių nariai.');
INSERT INTO public.translations VALUES
	('sharing.publicHint', 'Everyone signed in to this Foray.', 'Visi prisijungę šio „Foray“ naudotojai.'),
	('sharing.chooseCircles', 'Share with', 'Su kuriais rateliais'),
	('sharing.noCircles', 'You are in no circle yet. Create one under Circles in your account to share spots with your family or a club.', 'Dar nesate nė viename ratelyje. Sukurkite jį paskyros skiltyje „Rateliai“ ir dalykitės vietomis su šeima ar klubu.'),
	('sharing.openCircles', 'Open Circles', 'Atidaryti ratelius'),
	('sharing.chooseOneCircle', 'Choose at least one circle.', 'Pasirinkite bent vieną ratelį.'),
	('sharing.circlesLoading', 'Loading your circles…', 'Įkeliami jūsų rateliai…'),
	('sharing.circlesFailed', 'Your circles could not be loaded.', 'Nepavyko įkelti jūsų ratelių.'),
	('sharing.circlesOffline', 'Your circles can be chosen when you are online.', 'Ratelius galėsite pasirinkti, kai būsite prisijungę.'),
	('sharing.precisionLabel', 'How exactly others see where it is', 'Kaip tiksliai kiti matys vietą'),
	('sharing.precision.exact', 'Exact', 'Tiksliai'),
	('sharing.precision.1km', 'About 1 km', 'Apie 1 km'),
	('sharing.precision.10km', 'About 10 km', 'Apie 10 km'),
	('sharing.sees', '{{who}} will see {{how}}.', '{{who}} matys {{how}}.'),
	('sharing.seesPrivate', 'Only you can see this spot.', 'Šią vietą matote tik jūs.'),
	('sharing.who.public', 'Everyone signed in to this Foray', 'Visi prisijungę šio „Foray“ naudotojai'),
	('sharing.who.circle', 'Members of {{name}}', 'Ratelio {{name}} nariai'),
	('sharing.who.circles', 'Members of {{names}}', 'Ratelių {{names}} nariai'),
	('sharing.who.someCircles_one', 'Members of {{count}} circle', '{{count}} ratelio nariai'),
	('sharing.who.someCircles_other', 'Members of {{count}} circles', '{{count}} ratelių nariai'),
	('sharing.quotedName', '“{{name}}”', '„{{name}}“'),
	('sharing.how.exact', 'its exact place', 'tikslią jos vietą'),
	('sharing.how.1km', 'it within about 1 km', 'ją maždaug 1 km tikslumu'),
	('sharing.how.10km', 'it within about 10 km', 'ją maždaug 10 km tikslumu'),
	('sharing.previewLabel', 'What others will see', 'Ką matys kiti'),
	('sharing.previewExact', 'Others see the pin exactly where the spot is.', 'Kiti matys smeigtuką tiksliai ten, kur yra vieta.'),
	('sharing.previewApproximate', 'The square shows the size only. The server puts the spot in a fixed grid square of about {{size}} that holds it, not necessarily in its middle, and shows others one point in that square. The point is chosen once and then kept, so looking again never tells more.', 'Kvadratas rodo tik dydį. Serveris vietą priskiria fiksuoto tinklelio maždaug {{size}} kvadratui, kuriame ji yra (nebūtinai jo viduryje), ir kitiems rodo vieną tašką tame kvadrate. Tas taškas parenkamas vieną kartą ir išlieka, todėl žiūrint dar kartą daugiau nesužinoma.'),
	('sharing.previewYourSpot', 'The true place (only you see it)', 'Tikroji vieta (matote tik jūs)'),
	('sharing.previewSquare', 'Square of about {{size}}', 'Maždaug {{size}} kvadratas'),
	('sharing.offlineDevices', 'Phones that are offline now keep what they already have of this spot until they next connect.', 'Įrenginiai, kurie dabar neprisijungę, išlaiko tai, ką jau turi apie šią vietą, kol vėl prisijungs.'),
	('sharing.alreadySeen', 'What others have already seen of it they may remember: a coarser precision or fewer people does not take that back.', 'Ką kiti jau matė, jie gali prisiminti: mažesnis tikslumas ar mažiau žmonių to neatima.'),
	('sharing.saving', 'Saving…', 'Išsaugoma…'),
	('sharing.sharedBy', 'Shared by {{owner}}', 'Pasidalijo {{owner}}'),
	('sharing.sharedByIn', 'Shared by {{owner}} · {{circles}}', 'Pasidalijo {{owner}} · {{circles}}'),
	('sharing.circleCount_one', '{{count}} circle', '{{count}} ratelis'),
	('sharing.circleCount_other', '{{count}} circles', '{{count}} ratelių'),
	('sharing.approximate.1km', 'approximate, about 1 km', 'apytikslė, maždaug 1 km'),
	('sharing.approximate.10km', 'approximate, about 10 km', 'apytikslė, maždaug 10 km'),
	('sharing.othersSee.1km', 'About 1 km for others', 'Kitiems – maždaug 1 km'),
	('sharing.othersSee.10km', 'About 10 km for others', 'Kitiems – maždaug 10 km'),
	('sharing.guideApproximate', 'This spot is approximate: you are guided to the point shown to you. The spot itself is somewhere in the square of about {{size}} on the map.', 'Ši vieta apytikslė: vedama į jums rodomą tašką. Pati vieta yra kažkur žemėlapyje pažymėtame maždaug {{size}} kvadrate.'),
	('sharing.filter.sharedWithMe', 'Shared with me', 'Pasidalyta su manimi'),
	('sharing.filter.withCircle', 'Shared with a circle', 'Pasidalyta su rateliu'),
	('sharing.filter.notPublic', 'Not shared with everyone', 'Nerodoma visiems'),
	('errors.UNKNOWN_CIRCLE', 'You can share a spot only with circles you are in.', 'Vieta galima dalytis tik su rateliais, kuriuose esate.'),
	('locations.loading', 'Loading locations', 'Įkeliamos vietos'),
	('locations.listLabel', 'Locations', 'Vietos'),
	('locations.noLocationsFound', 'No locations found', 'Vietų nerasta'),
	('locations.noLocationsSuggestion', 'Open the map and click where you found mushrooms or parked to add your first location.', 'Atidarykite žemėlapį ir spustelėkite ten, kur radote grybų ar palikote automobilį, kad pridėtumėte pirmąją vietą.'),
	('locations.errorFetchingLocations', 'Error fetching locations', 'Nepavyko įkelti vietų'),
	('locations.photoAlt', 'Photo of {{title}}', 'Nuotrauka: {{title}}');
INSERT INTO public.translations VALUES
	('locations.foundByOn', 'Found by {{finder}} on {{date}}', 'Rado {{finder}}, {{date}}'),
	('locations.foundOn', 'Found on {{date}}', 'Rasta {{date}}'),
	('locations.parkedOn', 'Parked on {{date}}', 'Automobilis pastatytas {{date}}'),
	('locations.addedByYou', 'Added by you', 'Pridėjote jūs'),
	('locations.directions', 'Directions', 'Maršrutas'),
	('locations.share', 'Share', 'Bendrinti'),
	('locations.delete', 'Delete', 'Ištrinti'),
	('locations.loadMore', 'Load more', 'Įkelti daugiau'),
	('locations.deleteTitle', 'Delete location?', 'Ištrinti vietą?'),
	('locations.deleteDescription', '"{{title}}" will be deleted for good. This cannot be undone.', '„{{title}}“ bus ištrinta visam laikui. Šio veiksmo atšaukti negalima.'),
	('locations.confirmDelete', 'Delete', 'Ištrinti'),
	('locations.locationRemovedTitle', 'Location removed', 'Vieta pašalinta'),
	('locations.locationRemovedDescription', 'The location has been deleted.', 'Vieta ištrinta.'),
	('locations.errorDeletingLocation', 'Error deleting location', 'Vietos ištrinti nepavyko'),
	('errors.INVALID_EMAIL_OR_PASSWORD', 'The e-mail or password is wrong.', 'Neteisingas el. pašto adresas arba slaptažodis.'),
	('errors.PASSWORD_TOO_SHORT', 'The password must be at least 8 characters long.', 'Slaptažodį turi sudaryti bent 8 simboliai.'),
	('errors.PASSWORD_TOO_LONG', 'The password must be at most 128 characters long.', 'Slaptažodį gali sudaryti ne daugiau kaip 128 simboliai.'),
	('errors.INVALID_EMAIL', 'That is not a valid e-mail address.', 'Tai nėra tinkamas el. pašto adresas.'),
	('errors.INVALID_TOKEN', 'This link is not valid any more. Ask for a new one.', 'Ši nuoroda nebegalioja. Paprašykite naujos.'),
	('errors.RATE_LIMITED', 'Too many attempts. Please wait a little and try again.', 'Per daug bandymų. Šiek tiek palaukite ir bandykite dar kartą.'),
	('errors.UNAUTHENTICATED', 'Please sign in again.', 'Prisijunkite iš naujo.'),
	('errors.NOT_FOUND', 'This location no longer exists or is not shared with you.', 'Šios vietos nebėra arba ji su jumis nebendrinama.'),
	('errors.MISSING_INFORMATION', 'A mushroom spot needs the mushroom types and the finder.', 'Grybavietei reikia nurodyti grybų rūšis ir kas juos rado.'),
	('errors.PHOTO_TOO_LARGE', 'The photo is larger than 5 MB.', 'Nuotrauka didesnė nei 5 MB.'),
	('errors.UNSUPPORTED_PHOTO', 'This file is not a photo Foray can read (JPEG, PNG, WebP, GIF or AVIF).', 'Šio failo „Foray“ negali perskaityti kaip nuotraukos (JPEG, PNG, WebP, GIF arba AVIF).'),
	('errors.ID_CONFLICT', 'This location could not be saved. Please try again.', 'Šios vietos išsaugoti nepavyko. Bandykite dar kartą.'),
	('common.close', 'Close', 'Uždaryti'),
	('offline.offline', 'Offline', 'Be ryšio'),
	('offline.waitingToUpload', 'Waiting to upload', 'Laukia įkėlimo'),
	('offline.waitingToDelete', 'Will be deleted when online', 'Bus ištrinta, kai atsiras ryšys'),
	('offline.notUploaded', 'Not uploaded', 'Neįkelta'),
	('offline.discard', 'Discard', 'Atsisakyti'),
	('offline.uploadNow', 'Upload now', 'Įkelti dabar'),
	('offline.uploadWhenOnline', 'No connection now: Foray uploads by itself as soon as there is one.', 'Dabar nėra ryšio: „Foray“ viską įkels, kai tik jis atsiras.'),
	('offline.waitingCount_one', '{{count}} spot waiting to upload', '{{count}} vieta laukia įkėlimo'),
	('offline.waitingCount_other', '{{count}} spots waiting to upload', '{{count}} vietų laukia įkėlimo'),
	('offline.failedCount_one', '{{count}} spot could not be uploaded', '{{count}} vietos nepavyko įkelti'),
	('offline.failedCount_other', '{{count}} spots could not be uploaded', '{{count}} vietų nepavyko įkelti'),
	('offline.uploaded_one', '{{count}} spot uploaded', 'Įkelta {{count}} vieta'),
	('offline.uploaded_other', '{{count}} spots uploaded', 'Įkelta {{count}} vietų'),
	('offline.savedOnDeviceTitle', 'Saved on this device', 'Išsaugota šiame įrenginyje'),
	('offline.savedOnDeviceDescription', 'It will upload by itself when you are back online.', 'Vieta bus įkelta automatiškai, kai atsiras ryšys.'),
	('offline.changeWaitsDescription', 'Saved on this device; it reaches the server when you are back online.', 'Išsaugota šiame įrenginyje; serverį pasieks, kai atsiras ryšys.'),
	('offline.storageFullTitle', 'Not enough space on this device', 'Įrenginyje nepakanka atminties'),
	('offline.storageFullDescription', 'The location was not saved. Free some space (or remove the photo) and try again.', 'Vieta neišsaugota. Atlaisvinkite atminties (arba pašalinkite nuotrauką) ir bandykite dar kartą.'),
	('offline.deviceStorageFailed', 'This device could not store it, so nothing was saved. Please try again.', 'Šis įrenginys negalėjo to išsaugoti, todėl niekas neišsaugota. Bandykite dar kartą.'),
	('offline.signOutTitle_one', '{{count}} spot is only on this phone', '{{count}} vieta yra tik šiame telefone'),
	('offline.signOutTitle_other', '{{count}} spots are only on this phone', '{{count}} vietų yra tik šiame telefone'),
	('offline.signOutDescription', 'They have not reached the server yet. Upload them now, or discard them and sign out.', 'Jos dar nepasiekė serverio. Įkelkite jas dabar arba jų atsisakykite ir atsijunkite.'),
	('offline.discardAndSignOut', 'Discard and sign out', 'Atsisakyti ir atsijungti');
INSERT INTO public.translations VALUES
	('offline.deviceTitle', 'On this device', 'Šiame įrenginyje'),
	('offline.deviceDescription', 'What Foray keeps on this phone so that it works without signal.', 'Ką „Foray“ laiko šiame telefone, kad veiktų ir be ryšio.'),
	('offline.keptOwn', 'Your spots kept', 'Jūsų vietos'),
	('offline.keptOthers', 'Shared spots kept', 'Kitų bendrinamos vietos'),
	('offline.uploadsWaiting', 'Uploads waiting', 'Laukia įkėlimo'),
	('offline.storageUsed', 'Storage used', 'Naudojama atminties'),
	('offline.storageOf', '{{used}} MB of {{quota}} MB', '{{used}} MB iš {{quota}} MB'),
	('offline.megabytes', '{{value}} MB', '{{value}} MB'),
	('offline.storageKept', 'Protected from clean-up', 'Apsaugota nuo išvalymo'),
	('offline.persistGranted', 'Yes', 'Taip'),
	('offline.persistNotGranted', 'No', 'Ne'),
	('offline.persistHint', 'The browser may clear Foray''s data when the device runs low on space. Installing Foray on the home screen usually protects it.', 'Kai įrenginyje pritrūksta vietos, naršyklė gali išvalyti „Foray“ duomenis. Įdiegus „Foray“ pradžios ekrane, jie paprastai apsaugomi.'),
	('offline.unknown', 'Unknown', 'Nežinoma'),
	('errors.CROSS_SITE_REQUEST', 'This request came from another site and was refused. Open Foray at its own address.', 'Ši užklausa atėjo iš kitos svetainės ir buvo atmesta. Atidarykite „Foray“ jos pačios adresu.'),
	('errors.SERVICE_UNAVAILABLE', 'Foray cannot reach its database right now. Please try again in a moment.', '„Foray“ šiuo metu nepasiekia savo duomenų bazės. Pabandykite dar kartą po akimirkos.'),
	('guidance.backToCar', 'Back to car', 'Atgal prie automobilio'),
	('guidance.guideMeHere', 'Guide me here', 'Rodyti kelią čia'),
	('guidance.titleCar', 'Back to the car', 'Atgal prie automobilio'),
	('guidance.titleSpot', 'Way to {{title}}', 'Kelias iki vietos „{{title}}“'),
	('guidance.description', 'Distance and direction from where you stand. Works without signal.', 'Atstumas ir kryptis nuo ten, kur stovite. Veikia ir be ryšio.'),
	('guidance.distanceLabel', 'Distance', 'Atstumas'),
	('guidance.directionLabel', 'Direction', 'Kryptis'),
	('guidance.direction', '{{point}}, {{degrees}}°', '{{point}}, {{degrees}}°'),
	('guidance.points.N', 'north', 'šiaurė'),
	('guidance.points.NE', 'north-east', 'šiaurės rytai'),
	('guidance.points.E', 'east', 'rytai'),
	('guidance.points.SE', 'south-east', 'pietryčiai'),
	('guidance.points.S', 'south', 'pietūs'),
	('guidance.points.SW', 'south-west', 'pietvakariai'),
	('guidance.points.W', 'west', 'vakarai'),
	('guidance.points.NW', 'north-west', 'šiaurės vakarai'),
	('guidance.arrowAhead', 'Arrow: straight ahead', 'Rodyklė: tiesiai priekyje'),
	('guidance.arrowRight', 'Arrow: {{degrees}}° to your right', 'Rodyklė: {{degrees}}° į dešinę'),
	('guidance.arrowLeft', 'Arrow: {{degrees}}° to your left', 'Rodyklė: {{degrees}}° į kairę'),
	('guidance.arrowNorthUp', 'Arrow with north up: bearing {{degrees}}°', 'Rodyklė, šiaurė viršuje: azimutas {{degrees}}°'),
	('guidance.compassOn', 'the arrow turns with your phone: walk where it points', 'rodyklė sukasi kartu su telefonu: eikite ten, kur ji rodo'),
	('guidance.noCompass', 'no compass on this device: the arrow is drawn with north up', 'šis įrenginys neturi kompaso: rodyklė nupiešta šiaurei esant viršuje'),
	('guidance.accuracy', 'Position accurate to ± {{metres}} m', 'Vietos tikslumas ± {{metres}} m'),
	('guidance.waiting', 'Finding your position…', 'Ieškoma, kur esate…'),
	('guidance.denied', 'Foray cannot see your position. Allow location access to be guided.', '„Foray“ nemato, kur esate. Leiskite naudoti buvimo vietą, kad galėtume vesti.'),
	('guidance.unavailable', 'Your position is not available on this device right now.', 'Šiuo metu įrenginys negali nustatyti, kur esate.'),
	('guidance.stale', 'No new position for over {{seconds}} s: the distance may be out of date.', 'Naujos buvimo vietos negauta daugiau nei {{seconds}} s: atstumas gali būti pasenęs.'),
	('guidance.inaccurate', 'Your position is only accurate to ± {{metres}} m (more than {{limit}} m): distance and direction may be wrong.', 'Jūsų buvimo vieta nustatyta tik ± {{metres}} m tikslumu (daugiau nei {{limit}} m): atstumas ir kryptis gali būti netikslūs.'),
	('guidance.arrived', 'You are there.', 'Jūs jau vietoje.'),
	('guidance.mapLabel', 'Map of the way', 'Kelio žemėlapis'),
	('map.addAtMyPosition', 'Add at my position', 'Pridėti ten, kur esu'),
	('fixer.title', 'Add at my position', 'Pridėti ten, kur esu'),
	('fixer.accuracy', 'Accuracy ± {{metres}} m', 'Tikslumas ± {{metres}} m'),
	('fixer.fixes_one', '{{count}} fix averaged', 'Suvidurkintas {{count}} matavimas'),
	('fixer.fixes_other', '{{count}} fixes averaged', 'Suvidurkinta {{count}} matavimų');
INSERT INTO public.translations VALUES
	('fixer.waiting', 'Finding your position…', 'Ieškoma, kur esate…'),
	('fixer.holdStill', 'Stand still: waiting for ± {{limit}} m or better.', 'Stovėkite vietoje: laukiama ± {{limit}} m ar didesnio tikslumo.'),
	('fixer.ready', 'Good enough to save.', 'Pakankamai tiksliai: galima išsaugoti.'),
	('fixer.bestSoFar', 'Your phone gives nothing better here after {{seconds}} s: you may use this.', 'Per {{seconds}} s telefonas čia tiksliau nenustatė: galite naudoti šią vietą.'),
	('fixer.unavailable', 'Foray cannot see your position: allow location access, or add the spot at the map centre.', '„Foray“ nemato, kur esate: leiskite naudoti buvimo vietą arba pridėkite vietą žemėlapio centre.'),
	('fixer.use', 'Use this position', 'Naudoti šią vietą'),
	('form.accuracy', 'accurate to ± {{metres}} m', 'tikslumas ± {{metres}} m'),
	('locations.accuracy', 'Accurate to ± {{metres}} m', 'Tikslumas ± {{metres}} m'),
	('map.accuracyCircle', 'Circle of accuracy: ± {{metres}} m', 'Tikslumo apskritimas: ± {{metres}} m'),
	('filter.open', 'Filter', 'Filtras'),
	('filter.openActive', 'Filter ({{count}} active)', 'Filtras (įjungta: {{count}})'),
	('filter.description', 'For the map and the list; kept in the page address.', 'Žemėlapiui ir sąrašui; lieka puslapio adrese.'),
	('filter.species', 'Species or words in the notes', 'Rūšis ar žodžiai pastabose'),
	('filter.speciesHint', '“baravykas” finds “Baravykai”: accents, capitals and endings don''t matter.', '„baravykas“ ras „Baravykai“: lietuviškos ir didžiosios raidės bei galūnės nesvarbu.'),
	('filter.any', 'Any', 'Visos'),
	('filter.foundFrom', 'Found from', 'Rasta nuo'),
	('filter.foundTo', 'Found until', 'Rasta iki'),
	('filter.owner', 'Whose', 'Kieno'),
	('filter.ownerMine', 'Mine only', 'Tik mano'),
	('filter.ownerOthers', 'Other foragers'' only', 'Tik kitų grybautojų'),
	('filter.photoWith', 'With a photo', 'Su nuotrauka'),
	('filter.photoWithout', 'Without a photo', 'Be nuotraukos'),
	('filter.apply', 'Show', 'Rodyti'),
	('filter.clear', 'Clear all', 'Išvalyti viską'),
	('filter.noMatches', 'No spots match the filter', 'Filtrą atitinkančių vietų nėra'),
	('locations.edit', 'Edit', 'Redaguoti'),
	('map.move', 'Move', 'Perkelti'),
	('edit.title', 'Edit spot', 'Redaguoti vietą'),
	('edit.description', 'Change what you recorded about {{title}}. The photo stays as it is.', 'Pakeiskite įrašą „{{title}}“. Nuotrauka lieka tokia pati.'),
	('edit.save', 'Save changes', 'Išsaugoti pakeitimus'),
	('edit.noChanges', 'Nothing was changed', 'Nieko nepakeista'),
	('edit.savedTitle', 'Changes saved', 'Pakeitimai išsaugoti'),
	('edit.savedOffline', 'Saved on this device. The changes upload when there is signal.', 'Išsaugota šiame įrenginyje. Pakeitimai bus įkelti, kai atsiras ryšys.'),
	('edit.failed', 'The changes could not be saved', 'Pakeitimų išsaugoti nepavyko'),
	('move.title', 'Move the spot', 'Perkelti vietą'),
	('move.hint', 'Drag the blue-ringed pin to the new place, or choose below.', 'Nutempkite mėlynai apvestą smeigtuką į naują vietą arba pasirinkite žemiau.'),
	('move.pinLabel', 'New place for {{title}}: drag it', 'Nauja vieta: {{title}} – tempkite'),
	('move.toCentre', 'Move to map centre', 'Perkelti į žemėlapio centrą'),
	('move.toMyPosition', 'Move to my position', 'Perkelti ten, kur esu'),
	('move.confirmQuestion', 'Move the spot here?', 'Perkelti vietą čia?'),
	('move.newCoordinates', 'New coordinates: {{coordinates}}', 'Naujos koordinatės: {{coordinates}}'),
	('move.confirm', 'Move here', 'Perkelti čia'),
	('move.moved', 'Spot moved', 'Vieta perkelta'),
	('conflict.notice', 'Changed elsewhere too', 'Pakeista ir kitur'),
	('conflict.compare', 'Compare and choose', 'Palyginti ir pasirinkti'),
	('conflict.title', 'Changed on another device', 'Pakeista kitame įrenginyje'),
	('conflict.description', 'This spot was changed somewhere else after you edited it. Choose whose values to keep.', 'Po to, kai redagavote šią vietą, ji buvo pakeista kitur. Pasirinkite, kurias reikšmes palikti.'),
	('conflict.yours', 'Your change', 'Jūsų pakeitimas'),
	('conflict.server', 'Saved version', 'Išsaugota versija'),
	('conflict.keepMine', 'Keep mine', 'Palikti mano');
INSERT INTO public.translations VALUES
	('conflict.takeServer', 'Use the saved version', 'Naudoti išsaugotą versiją'),
	('conflict.empty', '(empty)', '(tuščia)'),
	('conflict.position', 'Position', 'Padėtis'),
	('errors.STALE', 'The spot was changed somewhere else after you edited it.', 'Po to, kai redagavote šią vietą, ji buvo pakeista kitur.'),
	('mapRegion.layer', 'Offline map ({{name}})', 'Žemėlapis be ryšio ({{name}})'),
	('mapRegion.drawFailed', 'The offline map could not be shown.', 'Žemėlapio be ryšio parodyti nepavyko.'),
	('mapRegion.download', 'Download map of {{name}} for offline use ({{size}} MB)', 'Atsisiųsti {{name}} žemėlapį naudoti be ryšio ({{size}} MB)'),
	('mapRegion.downloaded', '{{size}} MB, downloaded {{date}}', '{{size}} MB, atsisiųsta {{date}}'),
	('mapRegion.progressLabel', 'Downloading the offline map', 'Atsisiunčiamas žemėlapis be ryšio'),
	('mapRegion.progress', '{{received}} of {{total}} MB', '{{received}} iš {{total}} MB'),
	('mapRegion.cancelDownload', 'Cancel download', 'Atšaukti atsisiuntimą'),
	('mapRegion.remove', 'Remove the offline map', 'Pašalinti žemėlapį be ryšio'),
	('mapRegion.partial', 'Download stopped at {{received}} of {{total}} MB', 'Atsisiuntimas sustojo ties {{received}} iš {{total}} MB'),
	('mapRegion.resume', 'Resume download', 'Tęsti atsisiuntimą'),
	('mapRegion.updateAvailable', 'A new version is available ({{size}} MB)', 'Yra nauja versija ({{size}} MB)'),
	('mapRegion.update', 'Update the offline map', 'Atnaujinti žemėlapį be ryšio'),
	('mapRegion.errorSpace', 'Not enough storage: the map needs {{needed}} MB, {{available}} MB is free.', 'Per mažai vietos: žemėlapiui reikia {{needed}} MB, laisva {{available}} MB.'),
	('mapRegion.errorQuota', 'The device ran out of storage; the partial map was removed. Free {{needed}} MB and try again.', 'Įrenginyje pritrūko vietos, todėl dalinis žemėlapis pašalintas. Atlaisvinkite {{needed}} MB ir bandykite dar kartą.'),
	('mapRegion.errorNetwork', 'Download interrupted. Resume it to continue where it stopped.', 'Atsisiuntimas nutrūko. Tęskite – jis prasidės nuo ten, kur sustojo.'),
	('mapRegion.errorUnsupported', 'This browser cannot keep the map.', 'Ši naršyklė negali laikyti žemėlapio.'),
	('mapRegion.errorSignedOut', 'Sign in again to download the map.', 'Norėdami atsisiųsti žemėlapį, prisijunkite iš naujo.'),
	('mapRegion.errorServer', 'The server could not send the map. Try again later.', 'Serveris negalėjo atsiųsti žemėlapio. Bandykite vėliau.'),
	('mapRegion.errorChanged', 'The map changed on the server. Try again.', 'Žemėlapis serveryje pasikeitė. Bandykite dar kartą.'),
	('mapRegion.switched', 'No signal and no kept tiles of the chosen map here: showing the offline map of {{name}}.', 'Nėra ryšio, o pasirinkto žemėlapio fragmentų čia neišsaugota: rodomas {{name}} žemėlapis be ryšio.'),
	('photos.manage', 'Photos ({{n}})', 'Nuotraukos ({{n}})'),
	('photos.managerTitle', 'Photos: {{title}}', 'Nuotraukos: {{title}}'),
	('photos.managerDescription', 'Up to {{max}} photos. The first is the cover, shown on the card and on the map.', 'Iki {{max}} nuotraukų. Pirmoji yra viršelis – ji rodoma kortelėje ir žemėlapyje.'),
	('photos.total', '{{n}} of {{max}} photos', 'Nuotraukų: {{n}} iš {{max}}'),
	('photos.none', 'No photos yet.', 'Nuotraukų dar nėra.'),
	('photos.cover', 'Cover', 'Viršelis'),
	('photos.earlier', 'Earlier', 'Anksčiau'),
	('photos.later', 'Later', 'Vėliau'),
	('photos.removeShort', 'Remove', 'Pašalinti'),
	('photos.moveEarlier', 'Move photo {{position}} earlier', 'Perkelti nuotrauką Nr. {{position}} anksčiau'),
	('photos.moveLater', 'Move photo {{position}} later', 'Perkelti nuotrauką Nr. {{position}} vėliau'),
	('photos.remove', 'Remove photo {{position}}', 'Pašalinti nuotrauką Nr. {{position}}'),
	('photos.photoAlt', 'Photo {{position}} of {{total}}', 'Nuotrauka {{position}} iš {{total}}'),
	('photos.full', 'This spot has {{max}} photos, the most it can have.', 'Šioje vietoje jau yra {{max}} nuotraukų – daugiau pridėti negalima.'),
	('photos.saveFailed', 'The change to the photos could not be saved on this device.', 'Nuotraukų pakeitimo nepavyko išsaugoti šiame įrenginyje.'),
	('photos.view', 'View the photos of {{title}}', 'Žiūrėti nuotraukas: {{title}}'),
	('photos.viewerTitle', 'Photos of {{title}}', 'Nuotraukos: {{title}}'),
	('photos.position', '{{position}} of {{total}}', '{{position}} iš {{total}}'),
	('photos.previous', 'Previous photo', 'Ankstesnė nuotrauka'),
	('photos.next', 'Next photo', 'Kita nuotrauka'),
	('photos.viewerHint', 'Swipe, or use the arrow keys.', 'Braukite arba naudokite rodyklių klavišus.'),
	('errors.TOO_MANY_PHOTOS', 'A spot has at most 8 photos: remove one before adding another.', 'Vietoje gali būti daugiausia 8 nuotraukos: pašalinkite vieną, prieš pridėdami kitą.'),
	('errors.PHOTOS_CHANGED', 'The photos changed meanwhile: open them again and put them in order.', 'Nuotraukos tuo metu pasikeitė: atidarykite jas iš naujo ir surikiuokite.'),
	('visits.summary', 'Last visit {{date}}: {{outcome}} · {{visits}}', 'Paskutinis apsilankymas {{date}}: {{outcome}} · {{visits}}'),
	('visits.outcomeFound', 'found', 'rasta'),
	('visits.outcomeNothing', 'nothing', 'nieko');
INSERT INTO public.translations VALUES
	('visits.count_one', '{{count}} visit', '{{count}} apsilankymas'),
	('visits.count_other', '{{count}} visits', '{{count}} apsilankymų'),
	('visits.record', 'Record a visit', 'Įrašyti apsilankymą'),
	('visits.list', 'Visits', 'Apsilankymai'),
	('visits.recordTitle', 'Record a visit', 'Įrašyti apsilankymą'),
	('visits.date', 'Date of the visit', 'Apsilankymo data'),
	('visits.outcome', 'What did you find?', 'Ką radote?'),
	('visits.found', 'Mushrooms', 'Grybų'),
	('visits.nothing', 'Nothing this time', 'Šįkart nieko'),
	('visits.amount', 'How many? (optional)', 'Kiek? (nebūtina)'),
	('visits.amountFew', 'A few', 'Keletą'),
	('visits.amountSome', 'Some', 'Nemažai'),
	('visits.amountMany', 'Many', 'Daug'),
	('visits.note', 'Note (optional)', 'Pastaba (nebūtina)'),
	('visits.save', 'Save visit', 'Išsaugoti apsilankymą'),
	('visits.saved', 'Visit recorded', 'Apsilankymas įrašytas'),
	('visits.notSaved', 'Visit not saved', 'Apsilankymas neišsaugotas'),
	('visits.listTitle', 'Visits', 'Apsilankymai'),
	('visits.none', 'No visits recorded yet.', 'Apsilankymų dar neįrašyta.'),
	('visits.loadFailed', 'Could not load the visits.', 'Nepavyko įkelti apsilankymų.'),
	('visits.deleted', 'Visit deleted', 'Apsilankymas ištrintas'),
	('visits.notDeleted', 'Could not delete the visit', 'Nepavyko ištrinti apsilankymo'),
	('visits.deleteVisit', 'Delete the visit of {{date}}', 'Ištrinti {{date}} apsilankymą'),
	('visits.photos', 'Photos (optional)', 'Nuotraukos (nebūtina)'),
	('visits.photosFull', 'A visit keeps up to {{max}} photos.', 'Apsilankymui galima pridėti iki {{max}} nuotraukų.'),
	('visits.viewPhoto', 'View photo {{position}} of the visit of {{date}}', 'Rodyti {{date}} apsilankymo nuotrauką Nr. {{position}}'),
	('visits.deleteWaits', 'The visit will be deleted when there is signal', 'Apsilankymas bus ištrintas, kai atsiras ryšys'),
	('calendar.open', 'Fruiting calendar', 'Dygimo kalendorius'),
	('calendar.title', 'Fruiting calendar', 'Dygimo kalendorius'),
	('calendar.description', 'When your spots gave mushrooms, month by month.', 'Kada jūsų vietose dygo grybai, mėnuo po mėnesio.'),
	('calendar.species', 'Species', 'Rūšis'),
	('calendar.found', 'Found', 'Rasta'),
	('calendar.nothing', 'Nothing', 'Nieko'),
	('calendar.none', 'No visit', 'Nesilankyta'),
	('calendar.year', 'Year', 'Metai'),
	('calendar.empty', 'Nothing recorded yet.', 'Kol kas nieko neįrašyta.'),
	('calendar.captionAll', 'Fruiting calendar of all your spots', 'Visų jūsų vietų dygimo kalendorius'),
	('calendar.captionSpecies', 'Fruiting calendar of your spots matching “{{species}}”', 'Jūsų vietų, atitinkančių „{{species}}“, dygimo kalendorius'),
	('calendar.captionSpot', 'Fruiting calendar of {{title}}', 'Vietos „{{title}}“ dygimo kalendorius'),
	('calendar.visitsUnavailable', 'The visits could not be loaded: this shows what the device has.', 'Nepavyko įkelti apsilankymų: rodoma tai, kas yra šiame įrenginyje.'),
	('filter.visited', 'Visits', 'Apsilankymai'),
	('filter.visitedThisYear', 'Visited this year', 'Lankytasi šiais metais'),
	('export.open', 'Export', 'Eksportuoti'),
	('export.title', 'Export spots', 'Eksportuoti vietas'),
	('export.description', 'Take your spots to another app or keep a copy: a file to download.', 'Perkelkite vietas į kitą programėlę arba pasilikite kopiją: atsisiųskite failą.'),
	('export.format', 'Format', 'Formatas'),
	('export.formats.gpx', 'GPX — OsmAnd, Organic Maps, Gaia GPS, Garmin', 'GPX — OsmAnd, Organic Maps, Gaia GPS, Garmin'),
	('export.formats.kml', 'KML — Google Earth, uMap', 'KML — Google Earth, uMap'),
	('export.formats.geojson', 'GeoJSON — uMap, QGIS', 'GeoJSON — uMap, QGIS'),
	('export.formats.csv', 'CSV — a spreadsheet', 'CSV — skaičiuoklei');
INSERT INTO public.translations VALUES
	('export.scope', 'Spots', 'Vietos'),
	('export.scopeMine', 'Only mine', 'Tik mano'),
	('export.scopeVisible', 'Mine and the public ones I can see', 'Mano ir viešos, kurias matau'),
	('export.where', 'Where', 'Kur'),
	('export.whereEverywhere', 'Everywhere', 'Visur'),
	('export.whereShown', 'Only the area on the map', 'Tik žemėlapyje matomoje vietovėje'),
	('export.filtered', 'Only the spots that match the filter.', 'Tik vietos, atitinkančios filtrą.'),
	('export.withPhotos', 'Everything, with photos (zip)', 'Viskas su nuotraukomis (zip)'),
	('export.withPhotosHint', 'The file and every photo of these spots in one zip, which Foray can import again.', 'Failas ir visos šių vietų nuotraukos viename zip archyve, kurį Foray gali vėl importuoti.'),
	('export.download', 'Download', 'Atsisiųsti'),
	('export.downloading', 'Downloading… {{size}}', 'Atsisiunčiama… {{size}}'),
	('export.done', 'Export downloaded', 'Eksportas atsisiųstas'),
	('export.failed', 'The export could not be downloaded', 'Eksporto atsisiųsti nepavyko'),
	('export.needsSignal', 'Exporting needs a connection to the server.', 'Eksportuoti galima tik prisijungus prie serverio.'),
	('import.open', 'Import', 'Importuoti'),
	('import.title', 'Import spots', 'Importuoti vietas'),
	('import.description', 'Bring in spots from another app or from a Foray export. You see them before anything is saved.', 'Perkelkite vietas iš kitos programėlės ar Foray eksporto. Prieš išsaugant jas pamatysite.'),
	('import.chooseFile', 'File to import', 'Importuojamas failas'),
	('import.formats', 'GPX, KML, KMZ, GeoJSON, CSV, or a Foray zip with photos.', 'GPX, KML, KMZ, GeoJSON, CSV arba Foray zip su nuotraukomis.'),
	('import.reading', 'Sending {{name}}…', 'Siunčiamas {{name}}…'),
	('import.working', 'Reading the file…', 'Skaitomas failas…'),
	('import.saving', 'Sending the file again to save it…', 'Failas siunčiamas dar kartą išsaugoti…'),
	('import.tooLarge', 'The file is too large: at most {{size}} MB.', 'Failas per didelis: daugiausia {{size}} MB.'),
	('import.needsSignal', 'Importing needs a connection to the server.', 'Importuoti galima tik prisijungus prie serverio.'),
	('import.failed', 'The file could not be imported', 'Failo importuoti nepavyko'),
	('import.summary_one', '{{count}} spot in {{name}}', '{{name}}: {{count}} vieta'),
	('import.summary_other', '{{count}} spots in {{name}}', '{{name}}: {{count}} vietų'),
	('import.summaryDuplicates_one', '{{count}} looks like a duplicate', '{{count}} atrodo kaip dublikatas'),
	('import.summaryDuplicates_other', '{{count}} look like duplicates', '{{count}} atrodo kaip dublikatai'),
	('import.summaryInvalid_one', '{{count}} record cannot be used', '{{count}} įrašo negalima naudoti'),
	('import.summaryInvalid_other', '{{count}} records cannot be used', '{{count}} įrašų negalima naudoti'),
	('import.summarySkipped_one', '{{count}} track or area left out', 'praleistas {{count}} maršrutas ar plotas'),
	('import.summarySkipped_other', '{{count}} tracks or areas left out', 'praleista {{count}} maršrutų ar plotų'),
	('import.summaryPhotos_one', '{{count}} photo', '{{count}} nuotrauka'),
	('import.summaryPhotos_other', '{{count}} photos', '{{count}} nuotraukų'),
	('import.summaryPhotosMissing_one', '{{count}} photo link cannot be brought along', '{{count}} nuotraukos nuorodos perkelti negalima'),
	('import.summaryPhotosMissing_other', '{{count}} photo links cannot be brought along', '{{count}} nuotraukų nuorodų perkelti negalima'),
	('import.mapLabel_one', 'Map of the {{count}} spot in the file', 'Failo vietų žemėlapis: {{count}} vieta'),
	('import.mapLabel_other', 'Map of the {{count}} spots in the file', 'Failo vietų žemėlapis: {{count}} vietų'),
	('import.mappingTitle', 'How the file''s fields are read', 'Kaip skaitomi failo laukai'),
	('import.fields.mushroom_types', 'Mushroom types', 'Grybų rūšys'),
	('import.fields.notes', 'Notes', 'Pastabos'),
	('import.fields.date_found', 'Date found', 'Radimo data'),
	('import.fields.type', 'Type', 'Tipas'),
	('import.fields.finder', 'Finder', 'Radėjas'),
	('import.sharing', 'Who sees the imported spots', 'Kas matys importuotas vietas'),
	('import.willSee_one', '{{count}} spot: {{who}} will see it {{how}}.', '{{count}} vieta: {{who}} ją matys {{how}}.'),
	('import.willSee_other', '{{count}} spots: {{who}} will see them {{how}}.', '{{count}} vietų: {{who}} jas matys {{how}}.'),
	('import.onlyYou_one', '{{count}} spot: only you will see it.', '{{count}} vieta: ją matysite tik jūs.'),
	('import.onlyYou_other', '{{count}} spots: only you will see them.', '{{count}} vietų: jas matysite tik jūs.');
INSERT INTO public.translations VALUES
	('import.how.exact', 'exactly', 'tiksliai'),
	('import.how.1km', 'within about 1 km', 'maždaug 1 km tikslumu'),
	('import.how.10km', 'within about 10 km', 'maždaug 10 km tikslumu'),
	('import.fileNarrows', 'The file keeps some spots to their owner or shares them with circles. Those stay yours alone, or go to the circles you choose here, never to everyone: the file’s own circles belong to the Foray it came from.', 'Faile kai kurios vietos palikta matyti tik savininkui arba jomis dalijamasi su rateliais. Jos liks matomos tik jums arba atiteks čia pasirinktiems rateliams, bet niekada ne visiems: failo rateliai priklauso „Foray“, iš kurio jis atkeliavo.'),
	('import.includeDuplicates_one', 'Import the {{count}} duplicate as well', 'Importuoti ir {{count}} dublikatą'),
	('import.includeDuplicates_other', 'Import the {{count}} duplicates as well', 'Importuoti ir {{count}} dublikatų'),
	('import.spotsTitle', 'Spots in the file', 'Vietos faile'),
	('import.more_one', '…and {{count}} more', '…ir dar {{count}}'),
	('import.more_other', '…and {{count}} more', '…ir dar {{count}}'),
	('import.invalidTitle_one', '{{count}} record that cannot be used', '{{count}} įrašas, kurio negalima naudoti'),
	('import.invalidTitle_other', '{{count}} records that cannot be used', '{{count}} įrašų, kurių negalima naudoti'),
	('import.where.line', 'Line {{number}}', '{{number}} eilutė'),
	('import.where.row', 'Row {{number}}', '{{number}} eilutė'),
	('import.where.feature', 'Feature {{number}}', '{{number}} objektas'),
	('import.where.placemark', 'Placemark {{number}}', '{{number}} vietos žymė'),
	('import.where.waypoint', 'Waypoint {{number}}', '{{number}} taškas'),
	('import.rowPhotos_one', '{{count}} photo', '{{count}} nuotrauka'),
	('import.rowPhotos_other', '{{count}} photos', '{{count}} nuotraukų'),
	('import.duplicate', 'you have this spot', 'šią vietą jau turite'),
	('import.guessed', 'guessed', 'atspėta'),
	('import.typeOf', 'Type of {{name}}', '{{name}}: tipas'),
	('import.confirm_one', 'Import {{count}} spot', 'Importuoti {{count}} vietą'),
	('import.confirm_other', 'Import {{count}} spots', 'Importuoti {{count}} vietų'),
	('import.done_one', '{{count}} spot imported', 'Importuota {{count}} vieta'),
	('import.done_other', '{{count}} spots imported', 'Importuota {{count}} vietų'),
	('import.donePhotos_one', 'With {{count}} photo.', 'Su {{count}} nuotrauka.'),
	('import.donePhotos_other', 'With {{count}} photos.', 'Su {{count}} nuotraukų.'),
	('import.errors.tooLarge', 'The file is larger than Foray takes in one import.', 'Failas didesnis, nei Foray priima vienu importu.'),
	('import.errors.tooManySpots', 'The file holds more than {{count}} spots. Split it and import the parts one by one.', 'Faile daugiau nei {{count}} vietų. Padalykite jį ir importuokite dalimis.'),
	('import.errors.xmlUnsafe', 'The file declares its own XML entities or document type, which Foray does not read for safety.', 'Faile aprašytos savos XML esybės ar dokumento tipas; saugumo sumetimais Foray tokių failų neskaito.'),
	('import.errors.zipRefused', 'The zip holds files Foray will not unpack: paths outside the zip or far too much data.', 'Zip archyve yra failų, kurių Foray neišpakuos: keliai už archyvo ribų arba per daug duomenų.'),
	('account.open', 'Account', 'Paskyra'),
	('account.title', 'Account', 'Paskyra'),
	('account.description', 'Your name, email, password, devices and settings.', 'Jūsų vardas, el. paštas, slaptažodis, įrenginiai ir nustatymai.'),
	('account.signUpName', 'Display name (optional)', 'Rodomas vardas (nebūtina)'),
	('account.signUpNameHint', 'Others see it beside your public spots. Leave it empty to use the part of your email before the @.', 'Kiti jį matys prie jūsų viešų vietų. Palikite tuščią – bus rodoma el. pašto adreso dalis iki @.'),
	('account.nameTitle', 'Display name', 'Rodomas vardas'),
	('account.nameLabel', 'Name others see', 'Vardas, kurį mato kiti'),
	('account.nameHint', 'Shown beside your public spots instead of your email. Up to 60 characters.', 'Rodomas prie jūsų viešų vietų vietoj el. pašto. Iki 60 simbolių.'),
	('account.saveName', 'Save name', 'Išsaugoti vardą'),
	('account.saving', 'Saving…', 'Saugoma…'),
	('account.nameSaved', 'Name saved', 'Vardas išsaugotas'),
	('account.nameFailed', 'The name could not be saved', 'Nepavyko išsaugoti vardo'),
	('account.emailTitle', 'Email', 'El. paštas'),
	('account.emailCurrent', 'You sign in with {{email}}.', 'Prisijungiate adresu {{email}}.'),
	('account.newEmail', 'New email address', 'Naujas el. pašto adresas'),
	('account.sendEmailLink', 'Send confirmation link', 'Siųsti patvirtinimo nuorodą'),
	('account.sending', 'Sending…', 'Siunčiama…'),
	('account.emailCheckInbox', 'Check your new inbox: we sent a link to {{email}}. Your address changes only when you open it; until then, sign in with the old one.', 'Patikrinkite naująją pašto dėžutę: nusiuntėme nuorodą adresu {{email}}. Adresas pasikeis tik ją atidarius; iki tol junkitės senuoju.'),
	('account.emailFailed', 'The email could not be changed', 'Nepavyko pakeisti el. pašto');
INSERT INTO public.translations VALUES
	('account.passwordTitle', 'Password', 'Slaptažodis'),
	('account.currentPassword', 'Current password', 'Dabartinis slaptažodis'),
	('account.newPassword', 'New password', 'Naujas slaptažodis'),
	('account.newPasswordHint', 'At least {{min}} characters.', 'Bent {{min}} simbolių.'),
	('account.changePassword', 'Change password', 'Pakeisti slaptažodį'),
	('account.passwordChanged', 'Password changed', 'Slaptažodis pakeistas'),
	('account.passwordChangedDescription', 'Your other devices have been signed out.', 'Kituose įrenginiuose teks prisijungti iš naujo.'),
	('account.passwordFailed', 'The password could not be changed', 'Nepavyko pakeisti slaptažodžio'),
	('account.sessionsTitle', 'Signed-in devices', 'Prisijungę įrenginiai'),
	('account.browserOn', '{{browser}} on {{system}}', '{{browser}}, {{system}}'),
	('account.unknownDevice', 'Unknown device', 'Nežinomas įrenginys'),
	('account.thisDevice', 'This device', 'Šis įrenginys'),
	('account.lastActive', 'Last active {{when}}', 'Paskutinį kartą naudota {{when}}'),
	('account.signOutOthers', 'Sign out other devices', 'Atjungti kitus įrenginius'),
	('account.othersSignedOut', 'Other devices signed out', 'Kiti įrenginiai atjungti'),
	('account.signOutOthersFailed', 'Other devices could not be signed out', 'Nepavyko atjungti kitų įrenginių'),
	('account.sharingTitle', 'New spots', 'Naujos vietos'),
	('account.sharingHint', 'Who sees a new spot at first, and how exactly, in the add form. You can still choose for each spot there.', 'Kas iš pradžių matys naują vietą ir kaip tiksliai, pridėjimo formoje. Ten vis tiek galėsite pasirinkti kiekvienai vietai.'),
	('account.sharingLabel', 'Who sees a new spot', 'Kas mato naują vietą'),
	('account.sharingSave', 'Save', 'Išsaugoti'),
	('account.sharingSaved', 'Saved for new spots', 'Išsaugota naujoms vietoms'),
	('account.sharingFailed', 'The setting could not be saved', 'Nepavyko išsaugoti nustatymo'),
	('account.languageTitle', 'Language', 'Kalba'),
	('account.deleteTitle', 'Delete account', 'Ištrinti paskyrą'),
	('account.deleteExplain', 'This deletes your account and every spot, visit and photo of yours, and signs you out on every device. It cannot be undone.', 'Bus ištrinta jūsų paskyra ir visos jūsų vietos, apsilankymai bei nuotraukos, o jūs būsite atjungti visuose įrenginiuose. To atšaukti negalima.'),
	('account.deleteExportFirst', 'Want to keep your spots? Export them first.', 'Norite pasilikti savo vietas? Pirmiausia jas eksportuokite.'),
	('account.exportFirst', 'Export my spots', 'Eksportuoti mano vietas'),
	('account.deletePassword', 'Your password', 'Jūsų slaptažodis'),
	('account.deleteUnderstand', 'I understand that my spots, visits and photos will be deleted for good.', 'Suprantu, kad mano vietos, apsilankymai ir nuotraukos bus ištrinti visam laikui.'),
	('account.deleteButton', 'Delete my account', 'Ištrinti mano paskyrą'),
	('account.deleting', 'Deleting…', 'Trinama…'),
	('account.deleted', 'Your account has been deleted', 'Jūsų paskyra ištrinta'),
	('account.deleteFailed', 'The account could not be deleted', 'Nepavyko ištrinti paskyros'),
	('circles.title', 'Circles', 'Rateliai'),
	('circles.explain', 'Share chosen spots with family, friends or a club. Members see each other''s display names and roles, never email addresses.', 'Dalykitės pasirinktomis vietomis su šeima, draugais ar klubu. Nariai mato vienas kito rodomus vardus ir vaidmenis, bet ne el. pašto adresus.'),
	('circles.none', 'You are not in any circle yet. Create one, or open an invitation link someone sent you.', 'Kol kas nesate nė viename ratelyje. Sukurkite ratelį arba atidarykite jums atsiųstą kvietimo nuorodą.'),
	('circles.memberCount_one', '{{count}} member', '{{count}} narys'),
	('circles.memberCount_other', '{{count}} members', '{{count}} narių'),
	('circles.newName', 'Name of a new circle', 'Naujo ratelio pavadinimas'),
	('circles.newNameHint', 'For example “Family” or “Vilnius mycological club”.', 'Pavyzdžiui, „Šeima“ arba „Vilniaus mikologų klubas“.'),
	('circles.create', 'Create circle', 'Sukurti ratelį'),
	('circles.created', 'Circle {{circle}} created', 'Ratelis „{{circle}}“ sukurtas'),
	('circles.createFailed', 'The circle could not be created', 'Nepavyko sukurti ratelio'),
	('circles.atLimit', 'You are in {{max}} circles, the most one account may be in. Leave one to create another.', 'Jau priklausote {{max}} ratelių – daugiau vienai paskyrai negalima. Norėdami sukurti naują, iš kurio nors išeikite.'),
	('circles.circle', 'Circle', 'Ratelis'),
	('circles.panelDescription', 'A circle''s members, invitations and settings.', 'Ratelio nariai, kvietimai ir nustatymai.'),
	('circles.yourRole', 'Your role:', 'Jūsų vaidmuo:'),
	('circles.role.owner', 'Owner', 'Savininkas'),
	('circles.role.admin', 'Admin', 'Administratorius'),
	('circles.role.member', 'Member', 'Narys');
INSERT INTO public.translations VALUES
	('circles.membersTitle', 'Members ({{count}})', 'Nariai ({{count}})'),
	('circles.you', '(you)', '(jūs)'),
	('circles.makeAdmin', 'Make admin', 'Skirti administratoriumi'),
	('circles.makeAdminOf', 'Make admin: {{name}}', 'Skirti administratoriumi: {{name}}'),
	('circles.unmakeAdmin', 'Remove as admin', 'Atimti administratoriaus teises'),
	('circles.unmakeAdminOf', 'Remove as admin: {{name}}', 'Atimti administratoriaus teises: {{name}}'),
	('circles.madeAdmin', '{{name}} is now an admin', 'Administratoriaus teisės suteiktos: {{name}}'),
	('circles.unmadeAdmin', '{{name}} is no longer an admin', 'Administratoriaus teisės atimtos: {{name}}'),
	('circles.roleFailed', 'The role could not be changed', 'Nepavyko pakeisti vaidmens'),
	('circles.remove', 'Remove', 'Pašalinti'),
	('circles.removeMember', 'Remove {{name}}', 'Pašalinti: {{name}}'),
	('circles.removeQuestion', 'Remove a member from {{circle}}?', 'Pašalinti narį iš ratelio „{{circle}}“?'),
	('circles.removeExplain', '{{name}} will no longer see the spots shared with this circle, and their spots stop being shared with it. Only a new invitation brings them back.', '{{name}} nebematys su šiuo rateliu bendrinamų vietų, o šio nario vietomis su rateliu nebebus dalijamasi. Sugrįžti bus galima tik su nauju kvietimu.'),
	('circles.removed', '{{name}} was removed from the circle', 'Narys pašalintas iš ratelio: {{name}}'),
	('circles.removeFailed', 'The member could not be removed', 'Nepavyko pašalinti nario'),
	('circles.inviteTitle', 'Invite people', 'Pakviesti žmonių'),
	('circles.inviteExplain', 'Anyone with the link can join until it expires or is used up: show its QR code, send it in a message, or let Foray email it.', 'Prisijungti gali kiekvienas, turintis nuorodą, kol ji galioja ir nėra išnaudota: parodykite QR kodą, nusiųskite nuorodą žinute arba leiskite Foray išsiųsti ją el. paštu.'),
	('circles.linkOptions', 'Link options: how long, how many people, email', 'Nuorodos nustatymai: galiojimas, žmonių skaičius, el. paštas'),
	('circles.daysLabel', 'Days the link works', 'Kiek dienų nuoroda galios'),
	('circles.daysHint', 'From 1 to {{max}} days.', 'Nuo 1 iki {{max}} dienų.'),
	('circles.maxUsesLabel', 'How many people may join with it (optional)', 'Kiek žmonių gali ja prisijungti (nebūtina)'),
	('circles.maxUsesHint', 'Leave empty to let anyone with the link join until it expires.', 'Palikite tuščią – prisijungti galės kiekvienas, turintis nuorodą, kol ji galios.'),
	('circles.emailLabel', 'Also email it to (optional)', 'Dar išsiųsti el. paštu (nebūtina)'),
	('circles.emailHint', 'Only that address can use it, once; someone without a Foray account creates one first.', 'Kvietimu vieną kartą galės pasinaudoti tik šio adreso savininkas; kas neturi Foray paskyros, pirmiausia ją susikurs.'),
	('circles.createLink', 'Create invitation link', 'Sukurti kvietimo nuorodą'),
	('circles.sendInvite', 'Create link and email it', 'Sukurti nuorodą ir išsiųsti'),
	('circles.inviteCreated', 'Invitation link created', 'Kvietimo nuoroda sukurta'),
	('circles.inviteSent', 'Invitation link created and emailed to {{email}}', 'Kvietimo nuoroda sukurta ir išsiųsta adresu {{email}}'),
	('circles.inviteFailed', 'The invitation could not be created', 'Nepavyko sukurti kvietimo'),
	('circles.linkTitle', 'Invitation link', 'Kvietimo nuoroda'),
	('circles.linkLabel', 'Link to share', 'Nuoroda, kuria galite pasidalyti'),
	('circles.qrLabel', 'QR code of the invitation to {{circle}}', 'Kvietimo į ratelį „{{circle}}“ QR kodas'),
	('circles.copyLink', 'Copy link', 'Kopijuoti nuorodą'),
	('circles.shareLink', 'Share…', 'Bendrinti…'),
	('circles.shareTitle', 'Join my circle {{circle}} on Foray', 'Prisijunkite prie mano ratelio „{{circle}}“ programėlėje Foray'),
	('circles.linkCopied', 'Link copied', 'Nuoroda nukopijuota'),
	('circles.copyFailed', 'The link could not be copied. It is selected: copy it yourself.', 'Nepavyko nukopijuoti nuorodos. Ji pažymėta – nukopijuokite ją patys.'),
	('circles.validUntil', 'Valid until {{when}}', 'Galioja iki {{when}}'),
	('circles.usesNoLimit', 'Joined: {{uses}} (no limit)', 'Prisijungė: {{uses}} (be ribos)'),
	('circles.usesOf', 'Joined: {{uses}} of {{max}}', 'Prisijungė: {{uses}} iš {{max}}'),
	('circles.sentTo', 'emailed to {{email}}', 'išsiųsta adresu {{email}}'),
	('circles.openInvites', 'Open invitations', 'Galiojantys kvietimai'),
	('circles.noOpenInvites', 'No open invitations.', 'Galiojančių kvietimų nėra.'),
	('circles.showInvite', 'Show link', 'Rodyti nuorodą'),
	('circles.showInviteOf', 'Show link: {{until}}', 'Rodyti nuorodą: {{until}}'),
	('circles.revoke', 'Revoke', 'Atšaukti'),
	('circles.revokeInviteOf', 'Revoke the invitation: {{until}}', 'Atšaukti kvietimą: {{until}}'),
	('circles.inviteRevoked', 'Invitation revoked: its link no longer works', 'Kvietimas atšauktas – jo nuoroda nebeveikia'),
	('circles.revokeFailed', 'The invitation could not be revoked', 'Nepavyko atšaukti kvietimo'),
	('circles.renameTitle', 'Name', 'Pavadinimas');
INSERT INTO public.translations VALUES
	('circles.nameLabel', 'Circle name', 'Ratelio pavadinimas'),
	('circles.rename', 'Rename', 'Pervadinti'),
	('circles.renamed', 'Circle renamed to {{circle}}', 'Ratelis pervadintas: „{{circle}}“'),
	('circles.renameFailed', 'The circle could not be renamed', 'Nepavyko pervadinti ratelio'),
	('circles.handOverTitle', 'Hand over', 'Perduoti ratelį'),
	('circles.handOverExplain', 'Make another member the owner. You stay in the circle as an admin.', 'Savininku paskirkite kitą narį. Jūs liksite ratelyje administratoriumi.'),
	('circles.handOverNobody', 'No one else is in the circle yet: invite someone first.', 'Ratelyje kol kas nėra kitų narių – pirmiausia ką nors pakvieskite.'),
	('circles.newOwner', 'New owner', 'Naujasis savininkas'),
	('circles.chooseMember', 'Choose a member', 'Pasirinkite narį'),
	('circles.handOver', 'Hand over', 'Perduoti'),
	('circles.handOverQuestion', 'Hand {{circle}} over to {{name}}?', 'Perduoti ratelį „{{circle}}“? Naujasis savininkas: {{name}}'),
	('circles.handOverConfirmExplain', '{{name}} becomes the owner and may rename, hand over or delete the circle. You stay in it as an admin, but cannot undo this yourself.', '{{name}} taps savininku ir galės ratelį pervadinti, perduoti ar ištrinti. Jūs jame liksite administratoriumi, bet patys to atšaukti negalėsite.'),
	('circles.handedOver', '{{name}} now owns {{circle}}', 'Ratelio „{{circle}}“ savininkas dabar: {{name}}'),
	('circles.handOverFailed', 'The circle could not be handed over', 'Nepavyko perduoti ratelio'),
	('circles.leaveTitle', 'Leave the circle', 'Išeiti iš ratelio'),
	('circles.leaveExplain', 'You will no longer see the spots shared with this circle, and your own spots stop being shared with it. Only a new invitation brings you back.', 'Nebematysite su šiuo rateliu bendrinamų vietų, o jūsų vietomis su juo nebebus dalijamasi. Sugrįžti galėsite tik su nauju kvietimu.'),
	('circles.ownerLeaves', 'You own this circle. To leave it, hand it over to another member first, or delete it.', 'Šis ratelis – jūsų. Norėdami iš jo išeiti, pirmiausia perduokite jį kitam nariui arba ratelį ištrinkite.'),
	('circles.leave', 'Leave circle', 'Išeiti iš ratelio'),
	('circles.leaveQuestion', 'Leave {{circle}}?', 'Išeiti iš ratelio „{{circle}}“?'),
	('circles.left', 'You left {{circle}}', 'Išėjote iš ratelio „{{circle}}“'),
	('circles.leaveFailed', 'You could not leave the circle', 'Nepavyko išeiti iš ratelio'),
	('circles.deleteTitle', 'Delete the circle', 'Ištrinti ratelį'),
	('circles.deleteExplain', 'Everyone leaves it and its invitation links stop working. Spots shared only through this circle become private to their owners; spots also shared with other circles stay shared with those. This cannot be undone.', 'Visi nariai iš jo išeis, o kvietimo nuorodos nebeveiks. Vietos, kuriomis buvo dalijamasi tik per šį ratelį, taps privačios – jas matys tik jų savininkai; su kitais rateliais bendrinamos vietos jiems ir liks matomos. To atšaukti negalima.'),
	('circles.delete', 'Delete circle', 'Ištrinti ratelį'),
	('circles.deleteQuestion', 'Delete {{circle}}?', 'Ištrinti ratelį „{{circle}}“?'),
	('circles.deleted', '{{circle}} deleted', 'Ratelis „{{circle}}“ ištrintas'),
	('circles.deleteFailed', 'The circle could not be deleted', 'Nepavyko ištrinti ratelio'),
	('circles.errors.offline', 'No connection to Foray. Try again when you have signal.', 'Nėra ryšio su Foray. Bandykite dar kartą, kai bus ryšys.'),
	('circles.errors.gone', 'This circle no longer exists, or you are no longer in it.', 'Šio ratelio nebėra arba jūs jame nebesate.'),
	('circles.errors.CIRCLE_LIMIT', 'You can be in at most {{max}} circles. Leave one before you create or join another.', 'Galite priklausyti ne daugiau kaip {{max}} ratelių. Prieš kurdami naują ar prisijungdami prie kito, iš vieno išeikite.'),
	('circles.errors.CIRCLE_FULL', 'This circle is full: a circle can have at most {{members}} members.', 'Ratelis pilnas: jame gali būti ne daugiau kaip {{members}} narių.'),
	('circles.errors.INVITE_LIMIT', 'A circle can have at most {{invites}} open invitations. Revoke one before making another.', 'Ratelis gali turėti ne daugiau kaip {{invites}} galiojančių kvietimų. Prieš kurdami naują, vieną atšaukite.'),
	('circles.errors.OWNER_MUST_HAND_OVER', 'The owner cannot leave the circle: hand it over to another member first, or delete it.', 'Savininkas negali išeiti iš ratelio: pirmiausia perduokite jį kitam nariui arba ištrinkite.'),
	('circles.errors.OWNER_ROLE', 'The owner stays the owner until they hand the circle over to another member.', 'Savininkas lieka savininku, kol perduoda ratelį kitam nariui.'),
	('circles.errors.NOT_A_MEMBER', 'A circle can only be handed over to one of its members.', 'Ratelį galima perduoti tik vienam iš jo narių.'),
	('circles.errors.FORBIDDEN', 'Your role in this circle does not allow this.', 'Jūsų vaidmuo šiame ratelyje to neleidžia.'),
	('circles.invite.expired', 'This invitation link has expired. Ask whoever invited you for a new one.', 'Šios kvietimo nuorodos galiojimas baigėsi. Paprašykite jus pakvietusio žmogaus naujos.'),
	('circles.invite.usedUp', 'This invitation link has been used as many times as it allows. Ask for a new one.', 'Ši kvietimo nuoroda jau panaudota tiek kartų, kiek leista. Paprašykite naujos.'),
	('circles.invite.revoked', 'This invitation link was revoked and no longer works. Ask for a new one.', 'Ši kvietimo nuoroda atšaukta ir nebeveikia. Paprašykite naujos.'),
	('circles.invite.unknown', 'This invitation link does not work. Check that it was copied whole, or ask for a new one.', 'Ši kvietimo nuoroda neveikia. Patikrinkite, ar nukopijavote ją visą, arba paprašykite naujos.'),
	('circles.invite.otherAddress', 'This invitation was sent to another email address. Sign in with that address, or ask for a link.', 'Šis kvietimas išsiųstas kitu el. pašto adresu. Prisijunkite su tuo adresu arba paprašykite nuorodos.'),
	('circles.join.checkingTitle', 'Invitation to a circle', 'Kvietimas į ratelį'),
	('circles.join.checking', 'Checking the invitation…', 'Tikrinamas kvietimas…'),
	('circles.join.checkFailedTitle', 'The invitation could not be checked', 'Nepavyko patikrinti kvietimo'),
	('circles.join.notWorkingTitle', 'This invitation cannot be used', 'Šiuo kvietimu pasinaudoti negalima'),
	('circles.join.question', 'Join {{circle}}?', 'Prisijungti prie ratelio „{{circle}}“?'),
	('circles.join.invitedBy', '{{name}} invited you.', 'Jus pakvietė {{name}}.'),
	('circles.join.explain', 'Members of a circle see each other''s display names and the spots shared with the circle; your email address stays hidden. You can leave at any time.', 'Ratelio nariai mato vienas kito rodomus vardus ir su rateliu bendrinamas vietas; jūsų el. pašto adresas lieka paslėptas. Išeiti galėsite bet kada.'),
	('circles.join.join', 'Join', 'Prisijungti'),
	('circles.join.notNow', 'Not now', 'Ne dabar');
INSERT INTO public.translations VALUES
	('circles.join.joined', 'You joined {{circle}}', 'Prisijungėte prie ratelio „{{circle}}“'),
	('circles.join.alreadyMember', 'You are already in {{circle}}', 'Jūs jau esate ratelyje „{{circle}}“'),
	('circles.join.failed', 'Could not join the circle', 'Nepavyko prisijungti prie ratelio'),
	('twoStep.title', 'Two-step sign-in', 'Prisijungimas dviem žingsniais'),
	('twoStep.statusOn', 'On.', 'Įjungtas.'),
	('twoStep.statusOnHelp', 'Signing in asks for a code from your authenticator app after the password.', 'Jungiantis po slaptažodžio dar prašoma kodo iš autentifikavimo programėlės.'),
	('twoStep.statusOff', 'Off.', 'Išjungtas.'),
	('twoStep.statusOffHelp', 'Add a second step to signing in: a code from an authenticator app on your phone, so your password alone is not enough.', 'Pridėkite antrą prisijungimo žingsnį – kodą iš autentifikavimo programėlės telefone. Tada vien slaptažodžio nebeužteks.'),
	('twoStep.turnOn', 'Turn on two-step sign-in', 'Įjungti prisijungimą dviem žingsniais'),
	('twoStep.turnOff', 'Turn off two-step sign-in', 'Išjungti prisijungimą dviem žingsniais'),
	('twoStep.makeNewCodes', 'Make new recovery codes', 'Sukurti naujus atsarginius kodus'),
	('twoStep.password', 'Your password', 'Jūsų slaptažodis'),
	('twoStep.passwordForEnable', 'To turn on two-step sign-in, enter your password.', 'Norėdami įjungti prisijungimą dviem žingsniais, įveskite slaptažodį.'),
	('twoStep.passwordForCodes', 'New recovery codes replace the old ones, which stop working. Enter your password.', 'Nauji atsarginiai kodai pakeis senuosius – šie nebeveiks. Įveskite slaptažodį.'),
	('twoStep.passwordForDisable', 'Without two-step sign-in, your password alone lets anyone into your account. Enter your password to turn it off.', 'Be antro žingsnio į jūsų paskyrą galės patekti bet kas, žinantis slaptažodį. Norėdami išjungti, įveskite slaptažodį.'),
	('twoStep.continue', 'Continue', 'Toliau'),
	('twoStep.cancel', 'Cancel', 'Atšaukti'),
	('twoStep.scanHelp', 'Scan this QR code with an authenticator app.', 'Nuskenuokite šį QR kodą autentifikavimo programėle.'),
	('twoStep.qrLabel', 'QR code for your authenticator app', 'QR kodas autentifikavimo programėlei'),
	('twoStep.manualHelp', 'Can''t scan it? Type this key into the app instead:', 'Nepavyksta nuskenuoti? Įveskite šį raktą programėlėje ranka:'),
	('twoStep.manualKey', 'Key for your authenticator app', 'Raktas autentifikavimo programėlei'),
	('twoStep.copyKey', 'Copy key', 'Kopijuoti raktą'),
	('twoStep.keyCopied', 'Key copied', 'Raktas nukopijuotas'),
	('twoStep.firstCodeLabel', 'The 6-digit code the app shows', 'Programėlės rodomas 6 skaitmenų kodas'),
	('twoStep.confirmTurnOn', 'Turn on', 'Įjungti'),
	('twoStep.turnedOn', 'Two-step sign-in is on', 'Prisijungimas dviem žingsniais įjungtas'),
	('twoStep.turnedOff', 'Two-step sign-in is off', 'Prisijungimas dviem žingsniais išjungtas'),
	('twoStep.newCodesMade', 'New recovery codes made', 'Sukurti nauji atsarginiai kodai'),
	('twoStep.codesTitle', 'Your recovery codes', 'Jūsų atsarginiai kodai'),
	('twoStep.codesHelp', 'If you lose your phone, sign in with one of these codes instead of a code from the app. Each works once. Keep them somewhere safe, not only on this phone: they are shown only now.', 'Jei pamesite telefoną, prisijunkite vienu iš šių kodų vietoj programėlės kodo. Kiekvienas tinka tik kartą. Laikykite juos saugioje vietoje, ne vien šiame telefone: jie rodomi tik dabar.'),
	('twoStep.copyCodes', 'Copy codes', 'Kopijuoti kodus'),
	('twoStep.downloadCodes', 'Download as a file', 'Atsisiųsti failą'),
	('twoStep.codesSaved', 'I have saved them', 'Išsisaugojau'),
	('twoStep.codesCopied', 'Recovery codes copied', 'Atsarginiai kodai nukopijuoti'),
	('twoStep.codesFileHeading', 'Foray recovery codes (each works once)', 'Foray atsarginiai kodai (kiekvienas tinka tik kartą)'),
	('twoStep.copyFailed', 'Could not copy. Select the text and copy it yourself.', 'Nukopijuoti nepavyko. Pažymėkite tekstą ir nukopijuokite patys.'),
	('twoStep.failed', 'That did not work', 'Nepavyko'),
	('twoStep.loadFailed', 'Could not check two-step sign-in. Try again when you are online.', 'Nepavyko patikrinti prisijungimo dviem žingsniais. Bandykite dar kartą, kai būsite prisijungę prie interneto.'),
	('twoStep.codeHeading', 'Enter your code', 'Įveskite kodą'),
	('twoStep.codeHelp', 'Open your authenticator app and enter the 6-digit code it shows for Foray.', 'Atsidarykite autentifikavimo programėlę ir įveskite jos rodomą 6 skaitmenų Foray kodą.'),
	('twoStep.recoveryHelp', 'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each works once.', 'Įveskite vieną iš atsarginių kodų, kuriuos išsisaugojote įjungdami prisijungimą dviem žingsniais. Kiekvienas tinka tik kartą.'),
	('twoStep.codeLabel', 'Code from the app', 'Kodas iš programėlės'),
	('twoStep.recoveryLabel', 'Recovery code', 'Atsarginis kodas'),
	('twoStep.confirmSignIn', 'Sign in', 'Prisijungti'),
	('twoStep.checking', 'Checking…', 'Tikrinama…'),
	('twoStep.useRecoveryCode', 'Use a recovery code instead', 'Naudoti atsarginį kodą'),
	('twoStep.useAppCode', 'Use a code from the app instead', 'Naudoti kodą iš programėlės'),
	('twoStep.backToPassword', 'Back to e-mail and password', 'Grįžti prie el. pašto ir slaptažodžio'),
	('twoStep.codeFailed', 'The code was not accepted', 'Kodas nepriimtas'),
	('twoStep.error.INVALID_CODE', 'That code is not right. Check that the time on your phone is correct and enter the newest code.', 'Kodas neteisingas. Patikrinkite, ar telefono laikrodis rodo tikslų laiką, ir įveskite naujausią kodą.');
INSERT INTO public.translations VALUES
	('twoStep.error.TOTP_CODE_USED', 'That code has been used already. Wait for the next code in the app and enter that one.', 'Šis kodas jau panaudotas. Palaukite, kol programėlė parodys kitą kodą, ir įveskite jį.'),
	('twoStep.error.INVALID_BACKUP_CODE', 'That recovery code is not right, or it has been used already.', 'Atsarginis kodas neteisingas arba jau panaudotas.'),
	('twoStep.error.INVALID_TWO_FACTOR_COOKIE', 'The sign-in has timed out. Enter your e-mail and password again.', 'Prisijungimo laikas baigėsi. Vėl įveskite el. paštą ir slaptažodį.'),
	('twoStep.error.TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'Too many wrong codes. Enter your e-mail and password again.', 'Per daug neteisingų kodų. Vėl įveskite el. paštą ir slaptažodį.'),
	('twoStep.error.INVALID_PASSWORD', 'The password is wrong.', 'Slaptažodis neteisingas.'),
	('twoStep.error.TOTP_ALREADY_ENABLED', 'Two-step sign-in is already on.', 'Prisijungimas dviem žingsniais jau įjungtas.'),
	('twoStep.error.TWO_FACTOR_NOT_ENABLED', 'Two-step sign-in is off.', 'Prisijungimas dviem žingsniais išjungtas.'),
	('twoStep.error.RATE_LIMITED', 'Too many attempts. Please wait a little and try again.', 'Per daug bandymų. Palaukite ir bandykite dar kartą.'),
	('import.duplicateInFile', 'repeats a spot above', 'kartoja aukščiau esančią vietą'),
	('map.locationCount_few', '', '{{count}} vietos'),
	('map.locationCount_many', '', '{{count}} vietos'),
	('map.clusterLabel_few', '', 'Čia {{count}} vietos, priartinkite'),
	('map.clusterLabel_many', '', 'Čia {{count}} vietos, priartinkite'),
	('sharing.who.someCircles_few', '', '{{count}} ratelių nariai'),
	('sharing.who.someCircles_many', '', '{{count}} ratelio nariai'),
	('sharing.circleCount_few', '', '{{count}} rateliai'),
	('sharing.circleCount_many', '', '{{count}} ratelio'),
	('offline.waitingCount_few', '', '{{count}} vietos laukia įkėlimo'),
	('offline.waitingCount_many', '', '{{count}} vietos laukia įkėlimo'),
	('offline.failedCount_few', '', '{{count}} vietų nepavyko įkelti'),
	('offline.failedCount_many', '', '{{count}} vietos nepavyko įkelti'),
	('offline.uploaded_few', '', 'Įkeltos {{count}} vietos'),
	('offline.uploaded_many', '', 'Įkelta {{count}} vietos'),
	('offline.signOutTitle_few', '', '{{count}} vietos yra tik šiame telefone'),
	('offline.signOutTitle_many', '', '{{count}} vietos yra tik šiame telefone'),
	('fixer.fixes_few', '', 'Suvidurkinti {{count}} matavimai'),
	('fixer.fixes_many', '', 'Suvidurkinta {{count}} matavimo'),
	('visits.count_few', '', '{{count}} apsilankymai'),
	('visits.count_many', '', '{{count}} apsilankymo'),
	('import.summary_few', '', '{{name}}: {{count}} vietos'),
	('import.summary_many', '', '{{name}}: {{count}} vietos'),
	('import.summaryDuplicates_few', '', '{{count}} atrodo kaip dublikatai'),
	('import.summaryDuplicates_many', '', '{{count}} atrodo kaip dublikatai'),
	('import.summaryInvalid_few', '', '{{count}} įrašų negalima naudoti'),
	('import.summaryInvalid_many', '', '{{count}} įrašų negalima naudoti'),
	('import.summarySkipped_few', '', 'praleisti {{count}} maršrutai ar plotai'),
	('import.summarySkipped_many', '', 'praleista {{count}} maršrutų ar plotų'),
	('import.summaryPhotos_few', '', '{{count}} nuotraukos'),
	('import.summaryPhotos_many', '', '{{count}} nuotraukos'),
	('import.summaryPhotosMissing_few', '', '{{count}} nuotraukų nuorodų perkelti negalima'),
	('import.summaryPhotosMissing_many', '', '{{count}} nuotraukų nuorodų perkelti negalima'),
	('import.mapLabel_few', '', 'Failo vietų žemėlapis: {{count}} vietos'),
	('import.mapLabel_many', '', 'Failo vietų žemėlapis: {{count}} vietos'),
	('import.willSee_few', '', '{{count}} vietos: {{who}} jas matys {{how}}.'),
	('import.willSee_many', '', '{{count}} vietos: {{who}} jas matys {{how}}.'),
	('import.onlyYou_few', '', '{{count}} vietos: jas matysite tik jūs.'),
	('import.onlyYou_many', '', '{{count}} vietos: jas matysite tik jūs.'),
	('import.includeDuplicates_few', '', 'Importuoti ir {{count}} dublikatus'),
	('import.includeDuplicates_many', '', 'Importuoti ir {{count}} dublikato'),
	('import.more_few', '', '…ir dar {{count}}');
INSERT INTO public.translations VALUES
	('import.more_many', '', '…ir dar {{count}}'),
	('import.invalidTitle_few', '', '{{count}} įrašai, kurių negalima naudoti'),
	('import.invalidTitle_many', '', '{{count}} įrašo, kurių negalima naudoti'),
	('import.rowPhotos_few', '', '{{count}} nuotraukos'),
	('import.rowPhotos_many', '', '{{count}} nuotraukos'),
	('import.confirm_few', '', 'Importuoti {{count}} vietas'),
	('import.confirm_many', '', 'Importuoti {{count}} vietos'),
	('import.done_few', '', 'Importuotos {{count}} vietos'),
	('import.done_many', '', 'Importuota {{count}} vietos'),
	('import.donePhotos_few', '', 'Su {{count}} nuotraukomis.'),
	('import.donePhotos_many', '', 'Su {{count}} nuotraukos.'),
	('circles.memberCount_few', '', '{{count}} nariai'),
	('circles.memberCount_many', '', '{{count}} nario');


--
-- Data for Name: two_factor; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.two_factor VALUES
	('3cae1ce0-855c-4261-9099-e1f99d6b769b', 'e841288a235588594bbb5a37d7010b6d56035c59074ef413dfa50baeb8f2abe95275ee1cd32009987b7c57d32901b11960314e5fe05117f278c683e6a8306f649d8f2e639fba423f', '4fa4b85188078cf18a17c7884ec05f507fb05c56bcc9c60fd001d3e5aff5a23c9a64a7dc272e21a4ef65d238353e0921c00809f107cdf9a53833894953a0fa75ce4aa207a66e0cdd810ab1a6338e12ab1d06618a29477fe56729913b5ee1597d2e1739edcd059956528f5fd0e85ea004c28327b040284d24a6b074d3af8efeb70d3c20e9cfbde4b7e092dd323270e1bf42241d2f04561094bf8d9b032ab01c89ed85a5d0f72ac54446d9a17285cf06864ab36d5e32', '846a2ca2-42b9-4cce-80e9-1f151715c94d', true, 0, NULL, 59861243);


--
-- Data for Name: user; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public."user" VALUES
	('db708e0f-624f-46b6-8c42-266763874083', 'jonas', 'jonas@example.com', true, NULL, '2026-11-28 03:41:49.425+00', '2026-11-28 03:41:49.57+00', false, false, 'exact'),
	('846a2ca2-42b9-4cce-80e9-1f151715c94d', 'ona', 'ona@example.com', true, NULL, '2026-11-28 03:41:48.93+00', '2026-11-28 03:41:50.399+00', true, false, 'exact');


--
-- Data for Name: user_default_circles; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: verification; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: visit_photos; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.visit_photos VALUES
	('c3521a17-92f1-42fa-ba9f-fc9068f5dbad', '2086c685-2189-4a11-8d06-43309f573ef4', 0, 'w3u5br4Pv9lkkYPpzZB01DRNE1H9v7Yd', 'Tn_MSj8C6hVgErPN4I2dy5OLVwrrsFxj', '2026-11-28 03:41:50.204207+00');


--
-- Data for Name: visits; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.visits VALUES
	('2086c685-2189-4a11-8d06-43309f573ef4', '405c746a-270a-4771-9bc7-a30c5bcf6177', '2026-09-20', 'found', 'some', 'Six firm ones', '2026-11-28 03:41:50.144+00'),
	('ec44c12c-2d62-4823-b3af-f7617a432729', 'a350df98-b0d8-48fb-805b-a76609c3b6d6', '2026-07-01', 'nothing', NULL, NULL, '2026-11-28 03:41:50.157+00');


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE SET; Schema: drizzle; Owner: -
--

SELECT pg_catalog.setval('drizzle.__drizzle_migrations_id_seq', 19, true);


--
-- Name: mail_outbox_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.mail_outbox_id_seq', 2, true);


--
-- Name: __drizzle_migrations __drizzle_migrations_pkey; Type: CONSTRAINT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations
    ADD CONSTRAINT __drizzle_migrations_pkey PRIMARY KEY (id);


--
-- Name: account account_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account
    ADD CONSTRAINT account_pkey PRIMARY KEY (id);


--
-- Name: api_request_count api_request_count_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_request_count
    ADD CONSTRAINT api_request_count_pkey PRIMARY KEY (key);


--
-- Name: circle_invites circle_invites_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.circle_invites
    ADD CONSTRAINT circle_invites_pkey PRIMARY KEY (id);


--
-- Name: circle_invites circle_invites_token_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.circle_invites
    ADD CONSTRAINT circle_invites_token_unique UNIQUE (token);


--
-- Name: circle_members circle_members_circle_id_user_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.circle_members
    ADD CONSTRAINT circle_members_circle_id_user_id_pk PRIMARY KEY (circle_id, user_id);


--
-- Name: circles circles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.circles
    ADD CONSTRAINT circles_pkey PRIMARY KEY (id);


--
-- Name: deleted_location_ids deleted_location_ids_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deleted_location_ids
    ADD CONSTRAINT deleted_location_ids_pkey PRIMARY KEY (id);


--
-- Name: imports imports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.imports
    ADD CONSTRAINT imports_pkey PRIMARY KEY (id);


--
-- Name: invites_made invites_made_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invites_made
    ADD CONSTRAINT invites_made_pkey PRIMARY KEY (id);


--
-- Name: location_circle_overlaps location_circle_overlaps_location_id_circle_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_circle_overlaps
    ADD CONSTRAINT location_circle_overlaps_location_id_circle_id_pk PRIMARY KEY (location_id, circle_id);


--
-- Name: location_circles location_circles_location_id_circle_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_circles
    ADD CONSTRAINT location_circles_location_id_circle_id_pk PRIMARY KEY (location_id, circle_id);


--
-- Name: location_photos location_photos_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_photos
    ADD CONSTRAINT location_photos_pkey PRIMARY KEY (id);


--
-- Name: locations locations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.locations
    ADD CONSTRAINT locations_pkey PRIMARY KEY (id);


--
-- Name: mail_outbox mail_outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_pkey PRIMARY KEY (id);


--
-- Name: map_cells map_cells_level_cx_cy_shard_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.map_cells
    ADD CONSTRAINT map_cells_level_cx_cy_shard_pk PRIMARY KEY (level, cx, cy, shard);


--
-- Name: map_circle_cells map_circle_cells_circle_id_level_cx_cy_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.map_circle_cells
    ADD CONSTRAINT map_circle_cells_circle_id_level_cx_cy_pk PRIMARY KEY (circle_id, level, cx, cy);


--
-- Name: map_owner_cells map_owner_cells_user_id_level_cx_cy_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.map_owner_cells
    ADD CONSTRAINT map_owner_cells_user_id_level_cx_cy_pk PRIMARY KEY (user_id, level, cx, cy);


--
-- Name: rate_limit rate_limit_key_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rate_limit
    ADD CONSTRAINT rate_limit_key_unique UNIQUE (key);


--
-- Name: rate_limit rate_limit_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rate_limit
    ADD CONSTRAINT rate_limit_pkey PRIMARY KEY (id);


--
-- Name: server_settings server_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.server_settings
    ADD CONSTRAINT server_settings_pkey PRIMARY KEY (key);


--
-- Name: session session_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.session
    ADD CONSTRAINT session_pkey PRIMARY KEY (id);


--
-- Name: session session_token_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.session
    ADD CONSTRAINT session_token_unique UNIQUE (token);


--
-- Name: sign_in_device_failure sign_in_device_failure_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sign_in_device_failure
    ADD CONSTRAINT sign_in_device_failure_pkey PRIMARY KEY (device_id);


--
-- Name: sign_in_failure sign_in_failure_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sign_in_failure
    ADD CONSTRAINT sign_in_failure_pkey PRIMARY KEY (email);


--
-- Name: translations translations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.translations
    ADD CONSTRAINT translations_pkey PRIMARY KEY (key);


--
-- Name: two_factor two_factor_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.two_factor
    ADD CONSTRAINT two_factor_pkey PRIMARY KEY (id);


--
-- Name: user_default_circles user_default_circles_user_id_circle_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_default_circles
    ADD CONSTRAINT user_default_circles_user_id_circle_id_pk PRIMARY KEY (user_id, circle_id);


--
-- Name: user user_email_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public."user"
    ADD CONSTRAINT user_email_unique UNIQUE (email);


--
-- Name: user user_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public."user"
    ADD CONSTRAINT user_pkey PRIMARY KEY (id);


--
-- Name: verification verification_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.verification
    ADD CONSTRAINT verification_pkey PRIMARY KEY (id);


--
-- Name: visit_photos visit_photos_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.visit_photos
    ADD CONSTRAINT visit_photos_pkey PRIMARY KEY (id);


--
-- Name: visits visits_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.visits
    ADD CONSTRAINT visits_pkey PRIMARY KEY (id);


--
-- Name: account_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_user_id_idx ON public.account USING btree (user_id);


--
-- Name: circle_invites_circle_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX circle_invites_circle_idx ON public.circle_invites USING btree (circle_id, created_at);


--
-- Name: circle_invites_created_by_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX circle_invites_created_by_idx ON public.circle_invites USING btree (created_by, created_at);


--
-- Name: circle_members_one_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX circle_members_one_owner_idx ON public.circle_members USING btree (circle_id) WHERE (role = 'owner'::text);


--
-- Name: circle_members_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX circle_members_user_idx ON public.circle_members USING btree (user_id, circle_id);


--
-- Name: imports_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX imports_user_id_idx ON public.imports USING btree (user_id);


--
-- Name: invites_made_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX invites_made_user_idx ON public.invites_made USING btree (user_id, created_at);


--
-- Name: location_circle_overlaps_circle_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX location_circle_overlaps_circle_idx ON public.location_circle_overlaps USING btree (circle_id, location_id);


--
-- Name: location_circles_circle_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX location_circles_circle_idx ON public.location_circles USING btree (circle_id, location_id);


--
-- Name: location_photos_location_position_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX location_photos_location_position_idx ON public.location_photos USING btree (location_id, "position");


--
-- Name: location_photos_photo_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX location_photos_photo_key_idx ON public.location_photos USING btree (photo_key);


--
-- Name: location_photos_thumbnail_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX location_photos_thumbnail_key_idx ON public.location_photos USING btree (thumbnail_key);


--
-- Name: locations_owner_recent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_owner_recent_idx ON public.locations USING btree (user_id, created_at DESC NULLS LAST, id DESC NULLS LAST);


--
-- Name: locations_position_gist; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_position_gist ON public.locations USING gist ("position");


--
-- Name: locations_public_recent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_public_recent_idx ON public.locations USING btree (created_at DESC NULLS LAST, id DESC NULLS LAST) WHERE is_public;


--
-- Name: locations_search_trgm; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_search_trgm ON public.locations USING gin (search_text public.gin_trgm_ops);


--
-- Name: locations_shown_position_gist; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_shown_position_gist ON public.locations USING gist (shown_position);


--
-- Name: mail_outbox_pending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_outbox_pending_idx ON public.mail_outbox USING btree (next_attempt_at) WHERE (sent_at IS NULL);


--
-- Name: rate_limit_last_request_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rate_limit_last_request_idx ON public.rate_limit USING btree (last_request);


--
-- Name: session_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX session_user_id_idx ON public.session USING btree (user_id);


--
-- Name: two_factor_secret_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX two_factor_secret_idx ON public.two_factor USING btree (secret);


--
-- Name: two_factor_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX two_factor_user_id_idx ON public.two_factor USING btree (user_id);


--
-- Name: verification_identifier_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX verification_identifier_idx ON public.verification USING btree (identifier);


--
-- Name: visit_photos_photo_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX visit_photos_photo_key_idx ON public.visit_photos USING btree (photo_key);


--
-- Name: visit_photos_thumbnail_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX visit_photos_thumbnail_key_idx ON public.visit_photos USING btree (thumbnail_key);


--
-- Name: visit_photos_visit_position_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX visit_photos_visit_position_idx ON public.visit_photos USING btree (visit_id, "position");


--
-- Name: visits_location_recent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX visits_location_recent_idx ON public.visits USING btree (location_id, visited_on DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST);


--
-- Name: location_circles location_circles_added; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER location_circles_added AFTER INSERT ON public.location_circles REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.foray_location_circles_added();


--
-- Name: location_circles location_circles_changed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER location_circles_changed AFTER UPDATE ON public.location_circles REFERENCING OLD TABLE AS before NEW TABLE AS after FOR EACH STATEMENT EXECUTE FUNCTION public.foray_location_circles_changed();


--
-- Name: location_circles location_circles_fill; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER location_circles_fill BEFORE INSERT ON public.location_circles FOR EACH ROW WHEN ((new.owner_id IS NULL)) EXECUTE FUNCTION public.foray_location_circles_fill();


--
-- Name: location_circles location_circles_removed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER location_circles_removed AFTER DELETE ON public.location_circles REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION public.foray_location_circles_removed();


--
-- Name: locations locations_circle_rows; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER locations_circle_rows AFTER UPDATE OF is_public, type, user_id, latitude, longitude, "precision", shown_latitude, shown_longitude ON public.locations FOR EACH ROW EXECUTE FUNCTION public.foray_locations_circle_rows();


--
-- Name: locations locations_deleted_ids; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER locations_deleted_ids AFTER DELETE ON public.locations REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION public.foray_locations_deleted_ids();


--
-- Name: locations locations_inserted_map_cells; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER locations_inserted_map_cells AFTER INSERT ON public.locations REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION public.foray_locations_inserted_map_cells();


--
-- Name: locations locations_map_cells; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER locations_map_cells AFTER DELETE OR UPDATE OF is_public, latitude, longitude, type, "precision", shown_latitude, shown_longitude ON public.locations FOR EACH ROW EXECUTE FUNCTION public.foray_locations_map_cells();


--
-- Name: locations locations_shown; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER locations_shown BEFORE INSERT OR UPDATE OF latitude, longitude, "precision", shown_latitude, shown_longitude ON public.locations FOR EACH ROW EXECUTE FUNCTION public.foray_locations_shown();


--
-- Name: locations locations_truncated_map_cells; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER locations_truncated_map_cells AFTER TRUNCATE ON public.locations FOR EACH STATEMENT EXECUTE FUNCTION public.foray_locations_truncated();


--
-- Name: account account_user_id_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account
    ADD CONSTRAINT account_user_id_user_id_fk FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE;


--
-- Name: circle_invites circle_invites_circle_id_circles_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.circle_invites
    ADD CONSTRAINT circle_invites_circle_id_circles_id_fk FOREIGN KEY (circle_id) REFERENCES public.circles(id) ON DELETE CASCADE;


--
-- Name: circle_invites circle_invites_created_by_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.circle_invites
    ADD CONSTRAINT circle_invites_created_by_user_id_fk FOREIGN KEY (created_by) REFERENCES public."user"(id) ON DELETE CASCADE;


--
-- Name: circle_members circle_members_circle_id_circles_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.circle_members
    ADD CONSTRAINT circle_members_circle_id_circles_id_fk FOREIGN KEY (circle_id) REFERENCES public.circles(id) ON DELETE CASCADE;


--
-- Name: circle_members circle_members_user_id_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.circle_members
    ADD CONSTRAINT circle_members_user_id_user_id_fk FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE;


--
-- Name: imports imports_user_id_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.imports
    ADD CONSTRAINT imports_user_id_user_id_fk FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE;


--
-- Name: invites_made invites_made_user_id_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invites_made
    ADD CONSTRAINT invites_made_user_id_user_id_fk FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE;


--
-- Name: location_circle_overlaps location_circle_overlaps_circle_id_circles_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_circle_overlaps
    ADD CONSTRAINT location_circle_overlaps_circle_id_circles_id_fk FOREIGN KEY (circle_id) REFERENCES public.circles(id) ON DELETE CASCADE;


--
-- Name: location_circle_overlaps location_circle_overlaps_location_id_locations_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_circle_overlaps
    ADD CONSTRAINT location_circle_overlaps_location_id_locations_id_fk FOREIGN KEY (location_id) REFERENCES public.locations(id) ON DELETE CASCADE;


--
-- Name: location_circles location_circles_circle_id_circles_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_circles
    ADD CONSTRAINT location_circles_circle_id_circles_id_fk FOREIGN KEY (circle_id) REFERENCES public.circles(id) ON DELETE CASCADE;


--
-- Name: location_circles location_circles_location_id_locations_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_circles
    ADD CONSTRAINT location_circles_location_id_locations_id_fk FOREIGN KEY (location_id) REFERENCES public.locations(id) ON DELETE CASCADE;


--
-- Name: location_photos location_photos_location_id_locations_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_photos
    ADD CONSTRAINT location_photos_location_id_locations_id_fk FOREIGN KEY (location_id) REFERENCES public.locations(id) ON DELETE CASCADE;


--
-- Name: locations locations_user_id_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.locations
    ADD CONSTRAINT locations_user_id_user_id_fk FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE;


--
-- Name: map_circle_cells map_circle_cells_circle_id_circles_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.map_circle_cells
    ADD CONSTRAINT map_circle_cells_circle_id_circles_id_fk FOREIGN KEY (circle_id) REFERENCES public.circles(id) ON DELETE CASCADE;


--
-- Name: session session_user_id_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.session
    ADD CONSTRAINT session_user_id_user_id_fk FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE;


--
-- Name: two_factor two_factor_user_id_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.two_factor
    ADD CONSTRAINT two_factor_user_id_user_id_fk FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE;


--
-- Name: user_default_circles user_default_circles_membership_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_default_circles
    ADD CONSTRAINT user_default_circles_membership_fk FOREIGN KEY (circle_id, user_id) REFERENCES public.circle_members(circle_id, user_id) ON DELETE CASCADE;


--
-- Name: visit_photos visit_photos_visit_id_visits_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.visit_photos
    ADD CONSTRAINT visit_photos_visit_id_visits_id_fk FOREIGN KEY (visit_id) REFERENCES public.visits(id) ON DELETE CASCADE;


--
-- Name: visits visits_location_id_locations_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.visits
    ADD CONSTRAINT visits_location_id_locations_id_fk FOREIGN KEY (location_id) REFERENCES public.locations(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


