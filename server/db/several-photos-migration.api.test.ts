import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationsBefore, openEmptyDatabase, type Engine } from '../test/migration-steps.ts';
import { findVisibleSpot } from '../features/spots/spots.queries.ts';

// Migration 0006 moves each spot's one photo into the new collection (ADR 0024). The test builds a database as
// it was before it — every migration up to it — fills it the old way, then applies the rest, as an upgrade does.

const FIRST_NEW = '0006_several_photos';

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

describe('migration 0006', () => {
  it('makes each spot’s one photo the first of its collection, with the same files, and keeps spots without one', async () => {
    await engine.migrate(oldMigrations);
    const rows = (statement: ReturnType<typeof sql>) =>
      engine.db
        .execute(statement)
        .then((result) => (result as unknown as { rows: Array<Record<string, unknown>> }).rows);
    await rows(sql`insert into "user" (id, name, email) values ('u1', 'Ona', 'ona@example.com')`);
    const withPhoto = crypto.randomUUID();
    const withoutPhoto = crypto.randomUUID();
    const photoKey = 'P'.repeat(32);
    const thumbnailKey = 'T'.repeat(32);
    await rows(sql`insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, photo_key, thumbnail_key)
      values (${withPhoto}, 'u1', 'mushroom_spot', 'Chanterelle', 'Ona', '2026-09-01', 54.6, 25.2, ${photoKey}, ${thumbnailKey}),
             (${withoutPhoto}, 'u1', 'car_park', '', '', '2026-09-01', 54.7, 25.3, null, null)`);

    await engine.migrate(MIGRATIONS);

    const moved = await rows(sql`select location_id, position, photo_key, thumbnail_key from location_photos`);
    expect(moved).toEqual([{ location_id: withPhoto, position: 0, photo_key: photoKey, thumbnail_key: thumbnailKey }]);
    const spot = await findVisibleSpot(engine.db, 'u1', withPhoto);
    expect(spot?.photo_url).toBe(`/api/v1/photos/${photoKey}`);
    expect(spot?.thumbnail_url).toBe(`/api/v1/photos/${thumbnailKey}`);
    expect(spot?.photos).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: `/api/v1/photos/${photoKey}`,
        thumbnail_url: `/api/v1/photos/${thumbnailKey}`,
      },
    ]);
    const bare = await findVisibleSpot(engine.db, 'u1', withoutPhoto);
    expect([bare?.photos, bare?.photo_url, bare?.thumbnail_url]).toEqual([[], null, null]);
    // The old columns are gone: the collection is the one place a photo is named.
    const columns = await rows(
      sql`select column_name from information_schema.columns where table_name = 'locations' and column_name like '%_key'`,
    );
    expect(columns).toEqual([]);
  });
});
