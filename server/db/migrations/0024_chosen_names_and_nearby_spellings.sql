-- A display name is the forager's own choice or none (ADR 0072): never the part of the e-mail before the @, which
-- sign-up used to put there and every circle member and every viewer of a public spot then read.
ALTER TABLE "user" ALTER COLUMN "name" DROP NOT NULL;
--> statement-breakpoint
-- A car park's finder was copied from that name by the add form (ADR 0006): taken away with it. A mushroom spot's
-- finder is typed by the forager and stays as they wrote it.
UPDATE locations AS l
SET finder = '', version = l.version + 1, updated_at = date_trunc('milliseconds', now())
FROM "user" AS u
WHERE l.user_id = u.id AND l.type = 'car_park' AND l.finder <> '' AND l.finder = u.name
  AND lower(u.name) = lower(left(btrim(split_part(u.email, '@', 1)), 60));
--> statement-breakpoint
-- Names made from the address as sign-up made them (the local part, trimmed, at most 60 characters), in any case:
-- cleared, so the app asks their owners to choose one. A forager who typed exactly their local part is asked too.
UPDATE "user"
SET name = NULL, updated_at = now()
WHERE lower(btrim(name)) = lower(left(btrim(split_part(email, '@', 1)), 60));
--> statement-breakpoint
-- Found nearby (ADR 0073): a row per spelling, so the read can tell how many foragers wrote each one.
ALTER TABLE "fruiting_finds" DROP CONSTRAINT "fruiting_finds_cell_y_visited_on_cell_x_species_key_user_id_pk";
--> statement-breakpoint
ALTER TABLE "fruiting_finds" ADD CONSTRAINT "fruiting_finds_cell_y_visited_on_cell_x_species_key_user_id_species_pk" PRIMARY KEY("cell_y","visited_on","cell_x","species_key","user_id","species");
--> statement-breakpoint
-- As in migration 0019, with each spelling its own row: a spot's species are its mushroom types, one spelling a
-- species (the smallest, when one spot writes it twice).
CREATE OR REPLACE FUNCTION foray_fruiting_add(owner text, is_public boolean, kind text, lat float8, lng float8,
  types text, day date, delta int) RETURNS void LANGUAGE plpgsql AS $$
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
  ORDER BY s.species_key, s.species
  ON CONFLICT (cell_y, visited_on, cell_x, species_key, user_id, species) DO UPDATE SET
    visits = f.visits + excluded.visits;
  DELETE FROM fruiting_finds
  WHERE cell_y = cell[2] AND visited_on = day AND cell_x = cell[1] AND user_id = owner AND visits <= 0;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION foray_fruiting_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM fruiting_finds;
  INSERT INTO fruiting_finds (cell_y, visited_on, cell_x, species_key, user_id, species, visits)
  SELECT (g.cell)[2], v.visited_on, (g.cell)[1], s.species_key, l.user_id, s.species, count(*)::int
  FROM visits v
  JOIN locations l ON l.id = v.location_id
  CROSS JOIN LATERAL (SELECT foray_grid10_cell(l.shown_latitude, l.shown_longitude) AS cell) AS g
  CROSS JOIN LATERAL foray_fruiting_species(l.mushroom_types) AS s
  WHERE v.outcome = 'found' AND l.is_public AND l.type = 'mushroom_spot'
  GROUP BY 1, 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
SELECT foray_fruiting_rebuild();
