CREATE TABLE "fruiting_finds" (
	"cell_y" integer NOT NULL,
	"visited_on" date NOT NULL,
	"cell_x" integer NOT NULL,
	"species_key" text NOT NULL,
	"user_id" text NOT NULL,
	"species" text NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "fruiting_finds_cell_y_visited_on_cell_x_species_key_user_id_pk" PRIMARY KEY("cell_y","visited_on","cell_x","species_key","user_id")
);

--> statement-breakpoint
-- The fixed grid of about 10 km (ADR 0059): the '10km' cells of foray_approximate_area (migration 0015), numbered.
-- y is the band of 0.09° of latitude, x the cell in the band; the same arithmetic, so a cell here is exactly an
-- approximate spot's area. Returns [x, y].
CREATE FUNCTION foray_grid10_cell(lat float8, lng float8) RETURNS int[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[least(floor((lng + 180) / width), ceil(360 / width) - 1)::int, y::int]
  FROM (
    SELECT y, least(360, 0.09::float8 / greatest(cos(radians(y * 0.09::float8 - 90 + 0.09::float8 / 2)), 0.001)) AS width
    FROM (SELECT least(floor((lat + 90) / 0.09::float8), ceil(180 / 0.09::float8) - 1) AS y) AS band
  ) AS cell
$$;
--> statement-breakpoint
-- A cell's box, [west, south, east, north] in degrees: what foray_approximate_area gives for any point in it.
CREATE FUNCTION foray_grid10_box(x int, y int) RETURNS float8[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[x * width - 180, south, least(x * width - 180 + width, 180), least(south + 0.09::float8, 90)]
  FROM (
    SELECT south, least(360, 0.09::float8 / greatest(cos(radians(south + 0.09::float8 / 2)), 0.001)) AS width
    FROM (SELECT y * 0.09::float8 - 90 AS south) AS band
  ) AS cell
$$;
--> statement-breakpoint
-- The cells of each band a box of degrees touches: one row per band, with its first and last x.
CREATE FUNCTION foray_grid10_cells_in_box(min_lat float8, min_lng float8, max_lat float8, max_lng float8)
RETURNS TABLE (y int, min_x int, max_x int)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT band.y, (foray_grid10_cell(band.middle, min_lng))[1], (foray_grid10_cell(band.middle, max_lng))[1]
  FROM (
    SELECT b AS y, b * 0.09::float8 - 90 + 0.09::float8 / 2 AS middle
    FROM generate_series((foray_grid10_cell(min_lat, 0))[2], (foray_grid10_cell(max_lat, 0))[2]) AS b
  ) AS band
$$;
--> statement-breakpoint
-- The species of a spot: its mushroom types split on commas and semicolons, trimmed, each once. The key folds case
-- and accents with the table the species search uses (common/spot-filter.ts); the name is the smallest spelling.
CREATE FUNCTION foray_fruiting_species(types text) RETURNS TABLE (species_key text, species text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZĄČĘĖĮŠŲŪŽąčęėįšųūžĀĒĢĪĶĻŅŌŖāēģīķļņōŗĆŁŃÓŚŹŻćłńóśźżÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòôõöøùúûüýÿĂăĎďĚěŇňŘřŤťŮůŞşŢţАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯёй̴̵̶̷̸̡̢̧̨̛̖̗̘̙̜̝̞̟̠̣̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌̕̚ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ͘͜͟͢͝͞͠͡', 'abcdefghijklmnopqrstuvwxyzaceeisuuzaceeisuuzaegiklnoraegiklnorclnoszzclnoszzaaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaddeennrrttuussttабвгдеежзииклмнопрстуфхцчшщъыьэюяеи'), min(name)
  FROM (
    SELECT regexp_replace(btrim(part, E' \t\r\n'), '\s+', ' ', 'g') AS name
    FROM regexp_split_to_table(types, '[,;]') AS part
  ) AS named
  WHERE name <> ''
  GROUP BY 1
$$;
--> statement-breakpoint
-- Adds `delta` finds of one spot on one day to its cell, species by species. Only a public mushroom spot counts, at
-- its shown point: a private spot, a spot shared with circles only and a car park never reach this table.
CREATE FUNCTION foray_fruiting_add(owner text, is_public boolean, kind text, lat float8, lng float8, types text,
  day date, delta int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cell int[];
BEGIN
  IF NOT is_public OR kind <> 'mushroom_spot' OR delta = 0 THEN
    RETURN;
  END IF;
  cell := foray_grid10_cell(lat, lng);
  INSERT INTO fruiting_finds AS f (cell_y, visited_on, cell_x, species_key, user_id, species, visits)
  SELECT cell[2], day, cell[1], s.species_key, owner, s.species, delta
  FROM foray_fruiting_species(types) AS s
  ORDER BY s.species_key
  ON CONFLICT (cell_y, visited_on, cell_x, species_key, user_id) DO UPDATE SET
    visits = f.visits + excluded.visits,
    species = least(f.species, excluded.species);
  DELETE FROM fruiting_finds
  WHERE cell_y = cell[2] AND visited_on = day AND cell_x = cell[1] AND user_id = owner AND visits <= 0;
END
$$;
--> statement-breakpoint
-- A visit recorded, edited or deleted. The spot is read FOR SHARE: an edit of the spot running at the same time (which
-- moves all its finds) waits for this visit, or this visit waits for it and then reads the spot as it became. A
-- visit deleted with its spot finds no spot: the spot's own trigger has counted it off already.
CREATE FUNCTION foray_visits_fruiting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.location_id = NEW.location_id AND OLD.visited_on = NEW.visited_on
     AND OLD.outcome = NEW.outcome THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.outcome = 'found' THEN
    SELECT user_id, is_public, type, shown_latitude, shown_longitude, mushroom_types INTO s
    FROM locations WHERE id = OLD.location_id FOR SHARE;
    IF FOUND THEN
      PERFORM foray_fruiting_add(s.user_id, s.is_public, s.type, s.shown_latitude, s.shown_longitude,
        s.mushroom_types, OLD.visited_on, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.outcome = 'found' THEN
    SELECT user_id, is_public, type, shown_latitude, shown_longitude, mushroom_types INTO s
    FROM locations WHERE id = NEW.location_id FOR SHARE;
    IF FOUND THEN
      PERFORM foray_fruiting_add(s.user_id, s.is_public, s.type, s.shown_latitude, s.shown_longitude,
        s.mushroom_types, NEW.visited_on, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visits_fruiting AFTER INSERT OR DELETE OR UPDATE OF location_id, visited_on, outcome ON visits
  FOR EACH ROW EXECUTE FUNCTION foray_visits_fruiting();
--> statement-breakpoint
-- A spot changed or deleted (its owner's account with it): its finds move from what they were counted with to what
-- they are now. Deletion runs BEFORE the row goes, while its visits are still there to be counted off.
CREATE FUNCTION foray_locations_fruiting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found_on record;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.is_public = NEW.is_public AND OLD.type = NEW.type AND OLD.user_id = NEW.user_id
     AND OLD.mushroom_types = NEW.mushroom_types
     AND foray_grid10_cell(OLD.shown_latitude, OLD.shown_longitude)
         = foray_grid10_cell(NEW.shown_latitude, NEW.shown_longitude) THEN
    RETURN NULL;
  END IF;
  IF OLD.is_public OR (TG_OP = 'UPDATE' AND NEW.is_public) THEN
    FOR found_on IN
      SELECT visited_on, count(*)::int AS n FROM visits
      WHERE location_id = OLD.id AND outcome = 'found' GROUP BY visited_on ORDER BY visited_on
    LOOP
      PERFORM foray_fruiting_add(OLD.user_id, OLD.is_public, OLD.type, OLD.shown_latitude, OLD.shown_longitude,
        OLD.mushroom_types, found_on.visited_on, -found_on.n);
      IF TG_OP = 'UPDATE' THEN
        PERFORM foray_fruiting_add(NEW.user_id, NEW.is_public, NEW.type, NEW.shown_latitude, NEW.shown_longitude,
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
CREATE TRIGGER locations_fruiting_changed
  AFTER UPDATE OF is_public, type, user_id, mushroom_types, latitude, longitude, precision, shown_latitude, shown_longitude
  ON locations FOR EACH ROW EXECUTE FUNCTION foray_locations_fruiting();
--> statement-breakpoint
CREATE TRIGGER locations_fruiting_deleted BEFORE DELETE ON locations
  FOR EACH ROW EXECUTE FUNCTION foray_locations_fruiting();
--> statement-breakpoint
-- Counts everything afresh: the backfill below, and after a bulk load with the triggers off (scripts/bench-fruiting.ts).
CREATE FUNCTION foray_fruiting_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM fruiting_finds;
  INSERT INTO fruiting_finds (cell_y, visited_on, cell_x, species_key, user_id, species, visits)
  SELECT (g.cell)[2], v.visited_on, (g.cell)[1], s.species_key, l.user_id, min(s.species), count(*)::int
  FROM visits v
  JOIN locations l ON l.id = v.location_id
  CROSS JOIN LATERAL (SELECT foray_grid10_cell(l.shown_latitude, l.shown_longitude) AS cell) AS g
  CROSS JOIN LATERAL foray_fruiting_species(l.mushroom_types) AS s
  WHERE v.outcome = 'found' AND l.is_public AND l.type = 'mushroom_spot'
  GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
SELECT foray_fruiting_rebuild();
