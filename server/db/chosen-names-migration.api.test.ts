import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationsBefore, openEmptyDatabase, type Engine } from '../test/migration-steps.ts';

// Migration 0024 takes away the display names sign-up made from e-mail addresses (ADR 0072) and keeps found-nearby
// finds a row per spelling (ADR 0073). The test builds a database as it was before it — every migration up to it —
// fills it the old way, then applies the rest, as an upgrade does.

const FIRST_NEW = '0024_chosen_names_and_nearby_spellings';

let engine: Engine;
let oldMigrations: string;
beforeAll(async () => {
  engine = await openEmptyDatabase();
  oldMigrations = migrationsBefore(FIRST_NEW);
});
afterAll(async () => {
  await engine?.close();
  fs.rmSync(oldMigrations, { recursive: true, force: true });
});

const rows = <Row = Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
  engine.db.execute(statement).then((result) => (result as unknown as { rows: Row[] }).rows);

describe('migration 0024', () => {
  it('clears every display name made from its e-mail (in any case) and the car parks it was copied to; keeps chosen ones and finds per spelling', async () => {
    await engine.migrate(oldMigrations);
    const longLocal = `${'a'.repeat(30)}.${'b'.repeat(33)}`;
    // As sign-up made them: the local part as typed (the address itself is kept in lower case), cut to 60.
    const people = [
      ['derived', 'jonas.petraitis.1987', 'jonas.petraitis.1987@example.com'],
      ['cased', 'Ruta.Vaitkute', 'ruta.vaitkute@example.com'],
      ['cut', longLocal.slice(0, 60), `${longLocal}@example.com`],
      ['typed-own', 'ona', 'ona@example.com'],
      ['chosen', 'Ona Miškinė', 'ona.miskine@example.com'],
      ['other-part', 'jonas', 'jonas.petraitis@example.com'],
    ] as const;
    for (const [id, name, email] of people)
      await rows(sql`insert into "user" (id, name, email, email_verified) values (${id}, ${name}, ${email}, true)`);
    const spot = async (owner: string, type: string, finder: string, isPublic = false, types = 'Chanterelle') => {
      const id = crypto.randomUUID();
      await rows(sql`insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public)
        values (${id}, ${owner}, ${type}, ${types}, ${finder}, '2026-09-01', 54.6, 25.2, ${isPublic})`);
      return id;
    };
    const derivedCarPark = await spot('derived', 'car_park', 'jonas.petraitis.1987');
    const derivedMushrooms = await spot('derived', 'mushroom_spot', 'jonas.petraitis.1987');
    const chosenCarPark = await spot('chosen', 'car_park', 'Ona Miškinė');
    const typedCarPark = await spot('other-part', 'car_park', 'jonas');
    // Two public spots of one forager found on one day, the species spelled two ways.
    for (const types of ['Cep', 'cep']) {
      const id = await spot('chosen', 'mushroom_spot', 'Ona', true, types);
      await rows(
        sql`insert into visits (id, location_id, visited_on, outcome) values (${crypto.randomUUID()}, ${id}, '2026-09-02', 'found')`,
      );
    }

    await engine.migrate(MIGRATIONS);

    const names = await rows<{ id: string; name: string | null }>(sql`select id, name from "user" order by id`);
    expect(Object.fromEntries(names.map((row) => [row.id, row.name]))).toEqual({
      derived: null,
      cased: null,
      cut: null,
      'typed-own': null,
      chosen: 'Ona Miškinė',
      // Another part of the address is no name sign-up made.
      'other-part': 'jonas',
    });
    const finders = await rows<{ id: string; finder: string; version: number }>(
      sql`select id, finder, version from locations where type = 'car_park' or id = ${derivedMushrooms}`,
    );
    expect(Object.fromEntries(finders.map((row) => [row.id, [row.finder, row.version]]))).toEqual({
      // The car park's finder was the name, copied by the add form: gone with it, and the spot's version moves on
      // so every copy of it is read again.
      [derivedCarPark]: ['', 2],
      // What a forager typed as a mushroom spot's finder stays.
      [derivedMushrooms]: ['jonas.petraitis.1987', 1],
      [chosenCarPark]: ['Ona Miškinė', 1],
      [typedCarPark]: ['jonas', 1],
    });
    // A name can be chosen again, and a new account can have none.
    await rows(sql`update "user" set name = 'Jonas' where id = 'derived'`);
    await rows(sql`insert into "user" (id, name, email) values ('new', null, 'new@example.com')`);

    const finds = await rows<{ species: string; visits: number }>(
      sql`select species, visits from fruiting_finds where user_id = 'chosen' order by species collate "C"`,
    );
    expect(finds).toEqual([
      { species: 'Cep', visits: 1 },
      { species: 'cep', visits: 1 },
    ]);
  });
});
