import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { MAP_KEPT_LEVELS, type MapTile } from '../../../common/schemas/map-tiles.ts';

// The kept counts of ADR 0026 stay exact when two Foray servers share one PostgreSQL and two users add, move,
// share, retype and delete spots in the same few cells at once. Only on PostgreSQL: PGlite is one connection
// inside one server.
const onPostgres = process.env.FORAY_TEST_DB === 'postgres';

type User = { cookie: string; id: string };
type Key = { z: number; x: number; y: number };

function tileOf(latitude: number, longitude: number, z: number): Key {
  const n = 2 ** z;
  const rad = (latitude * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((longitude + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

// A few places a couple of hundred metres apart, in the same cell at the coarse kept levels and in different
// ones at the fine: every write of the test lands on the same few rows of map_cells.
const PLACES = [
  { latitude: 54.9, longitude: 23.9 },
  { latitude: 54.9021, longitude: 23.9032 },
  { latitude: 54.8983, longitude: 23.8968 },
  { latitude: 54.9046, longitude: 23.9071 },
];
const near = (place: { latitude: number; longitude: number }, spread = 0.0008) => ({
  latitude: place.latitude + (Math.random() - 0.5) * spread,
  longitude: place.longitude + (Math.random() - 0.5) * spread,
});
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** Polls until `done` holds, at most `tries` times, 25 ms apart; a count, not a clock, bounds the wait. */
async function until(done: () => Promise<boolean>, tries = 400): Promise<boolean> {
  for (let attempt = 0; attempt < tries; attempt++) {
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/** Sessions of one's own on the test database, beside the apps' pools; each test ends those it opened. */
function sessions(url: string) {
  const clients: pg.Client[] = [];
  const open = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    return client;
  };
  return { open, clients };
}

/** The backend process of a session: which shard of a cell its writes count into is this mod 8. */
const pid = async (client: pg.Client) =>
  (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

describe.runIf(onPostgres)('counts under concurrent writes from two servers on one PostgreSQL', () => {
  let t: TestContext;
  let second: { app: FastifyInstance; database: DatabaseHandle };
  let a: User;
  let b: User;
  let c: User;

  const signedIn = async (email: string): Promise<User> => {
    const { cookie } = await t.createUser(email);
    const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie } });
    return { cookie, id: me.json<{ id: string }>().id };
  };

  /** What a direct count says `viewer` may see in a tile: by cell, and the ids when it is sparse. */
  async function truth(viewer: User, key: Key) {
    const level = key.z + 3;
    const cells = await t.query<{ cx: number; cy: number; mushroom: number; car: number }>(sql`
      select foray_tile_x(longitude, ${level}) as cx, foray_tile_y(latitude, ${level}) as cy,
             count(*) filter (where type = 'mushroom_spot')::int as mushroom, count(*) filter (where type = 'car_park')::int as car
      from locations
      where (user_id = ${viewer.id} or is_public)
        and foray_tile_x(longitude, ${key.z}) = ${key.x} and foray_tile_y(latitude, ${key.z}) = ${key.y}
      group by 1, 2 order by 2, 1`);
    const ids = await t.query<{ id: string }>(sql`
      select id from locations
      where (user_id = ${viewer.id} or is_public)
        and foray_tile_x(longitude, ${key.z}) = ${key.x} and foray_tile_y(latitude, ${key.z}) = ${key.y}
      order by id`);
    return {
      cells: cells.rows.map((row) => ({
        cx: row.cx,
        cy: row.cy,
        count: row.mushroom + row.car,
        mushroom_spot: row.mushroom,
        car_park: row.car,
      })),
      ids: ids.rows.map((row) => row.id),
    };
  }

  /** Every tile holding a place, at country to street zoom, as each viewer sees it on either server, against the truth. */
  async function expectExactTiles() {
    const keys = new Map<string, Key>();
    for (const place of PLACES) {
      for (const z of [4, 7, 9, 10, 11, 12, 13, 14, 15, 16]) {
        const key = tileOf(place.latitude, place.longitude, z);
        keys.set(`${key.z}/${key.x}/${key.y}`, key);
      }
    }
    let inCells = 0;
    for (const [path, key] of keys) {
      for (const viewer of [a, b, c]) {
        const expected = await truth(viewer, key);
        for (const app of [t.app, second.app]) {
          const response = await app.inject({ url: `/api/v1/map/tiles/${path}`, headers: { cookie: viewer.cookie } });
          expect(response.statusCode).toBe(200);
          const answer = response.json<MapTile>();
          if (answer.cells.length > 0) {
            inCells++;
            expect(
              answer.cells.map(({ cx, cy, count, mushroom_spot, car_park }) => ({
                cx,
                cy,
                count,
                mushroom_spot,
                car_park,
              })),
              path,
            ).toEqual(expected.cells);
          } else {
            expect(answer.markers.map((marker) => marker.id).sort(), path).toEqual(expected.ids);
          }
        }
      }
    }
    // The coarse tiles hold more spots than a tile lists one by one: their counts come from map_cells.
    expect(inCells).toBeGreaterThan(0);
  }

  /** Each kept cell's shards add up to the public spots in it, exactly. */
  async function expectKeptCellsExact() {
    for (const level of MAP_KEPT_LEVELS) {
      const kept = await t.query<{ cx: number; cy: number; mushroom: number; car: number }>(sql`
        select cx, cy, sum(mushroom_spots)::int as mushroom, sum(car_parks)::int as car from map_cells
        where level = ${level} group by 1, 2 having sum(mushroom_spots) <> 0 or sum(car_parks) <> 0 order by 1, 2`);
      const counted = await t.query<{ cx: number; cy: number; mushroom: number; car: number }>(sql`
        select foray_tile_x(longitude, ${level}) as cx, foray_tile_y(latitude, ${level}) as cy,
               count(*) filter (where type = 'mushroom_spot')::int as mushroom, count(*) filter (where type = 'car_park')::int as car
        from locations where is_public group by 1, 2 order by 1, 2`);
      expect(kept.rows, `level ${level}`).toEqual(counted.rows);
    }
  }

  beforeAll(async () => {
    t = await createTestContext({ build: { apiRateLimitPerMinute: 100_000 } });
    // The second server: its own pool on the same database, as a second Foray process would have.
    const database = await openDatabase({
      kind: 'postgres',
      url: t.database.url!,
      maxConnections: 6,
      statementTimeoutMs: 10_000,
    });
    const app = await buildApp(t.config, {
      database,
      clientDir: null,
      authRateLimit: { window: 60, max: 10_000, signIn: 10_000, signUp: 10_000, reset: 10_000, twoFactor: 10_000 },
      authResponseFloorMs: 0,
      apiRateLimitPerMinute: 100_000,
    });
    await app.ready();
    second = { app, database };
    a = await signedIn('concurrent-a@example.com');
    b = await signedIn('concurrent-b@example.com');
    c = await signedIn('concurrent-c@example.com');
    // Enough spots in the places that the coarse tiles come as counted cells.
    for (const [user, isPublic, count] of [
      [a, true, 180],
      [b, true, 120],
      [a, false, 40],
      [b, false, 40],
    ] as const) {
      await t.db.execute(sql`
        insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public)
        select gen_random_uuid(), ${user.id}, case when i % 4 = 0 then 'car_park' else 'mushroom_spot' end, 'Seeded', 'Test', date '2026-09-01',
               ${PLACES[0]!.latitude}::float8 + (random() - 0.5) * 0.008, ${PLACES[0]!.longitude}::float8 + (random() - 0.5) * 0.012, ${isPublic}
        from generate_series(1, ${count}) as i`);
    }
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it('keeps every tile’s counts equal to a direct count after hundreds of concurrent creates, moves, shares, retypes and deletes', async () => {
    const owned = new Map<string, string[]>([
      [a.id, []],
      [b.id, []],
    ]);
    const statuses: number[] = [];
    const worker = async (index: number) => {
      const app = index % 2 === 0 ? t.app : second.app;
      for (let step = 0; step < 30; step++) {
        const user = pick([a, b]);
        const mine = owned.get(user.id)!;
        const headers = { cookie: user.cookie };
        const action =
          mine.length < 3 ? 'create' : pick(['create', 'create', 'move', 'move', 'share', 'retype', 'delete'] as const);
        if (action === 'create') {
          const response = await app.inject({
            method: 'POST',
            url: '/api/v1/locations',
            headers,
            payload: validSpot({
              ...near(pick(PLACES)),
              is_public: Math.random() < 0.6,
              ...(Math.random() < 0.3 ? { type: 'car_park' } : {}),
            }),
          });
          statuses.push(response.statusCode);
          if (response.statusCode === 201) mine.push(response.json<{ id: string }>().id);
          continue;
        }
        const id = pick(mine);
        const payload =
          action === 'move'
            ? near(pick(PLACES))
            : action === 'share'
              ? { is_public: Math.random() < 0.5 }
              : action === 'retype'
                ? Math.random() < 0.5
                  ? { type: 'car_park' }
                  : { type: 'mushroom_spot', mushroom_types: 'Chanterelle', finder: 'Ona' }
                : null;
        if (payload === null) {
          mine.splice(mine.indexOf(id), 1);
          const response = await app.inject({ method: 'DELETE', url: `/api/v1/locations/${id}`, headers });
          statuses.push(response.statusCode);
        } else {
          const response = await app.inject({ method: 'PATCH', url: `/api/v1/locations/${id}`, headers, payload });
          // Another worker may have deleted it a moment ago: 404, nothing changed.
          statuses.push(response.statusCode === 404 ? 200 : response.statusCode);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, index) => worker(index)));
    // Every write was answered, none failed (a deadlock or a lost update would show here or in the counts).
    expect(statuses.filter((status) => ![200, 201, 204].includes(status))).toEqual([]);
    expect(statuses.length).toBe(8 * 30);

    await expectKeptCellsExact();
    await expectExactTiles();
  });

  it('never deadlocks: two spots moved at once in opposite directions between coarse cells, through connections of one shard', async () => {
    // Each writing connection counts into its own shard of a cell (process id mod 8), so two connections of one
    // shard lock the same rows. A move subtracts from the old cell and adds to the new one; two opposite moves
    // must take those rows in one order, or each holds what the other waits for. A third session holding the
    // first row they need lines them up so that, without one order, they would meet in the middle.
    const { open, clients } = sessions(t.database.url!);
    try {
      const byShard = new Map<number, pg.Client>();
      let pair: [pg.Client, pg.Client] | null = null;
      while (!pair) {
        const client = await open();
        const shard = (await pid(client)) % 8;
        const seen = byShard.get(shard);
        if (seen) pair = [seen, client];
        else byShard.set(shard, client);
      }
      const [first, second] = pair;
      const shard = (await pid(first)) % 8;
      const holder = await open();
      const monitor = await open();
      // Two places in different cells at every kept level (a level-7 cell is ~2.8° of longitude wide).
      const west = { latitude: 54.2, longitude: 22.6 };
      const east = { latitude: 54.2, longitude: 26.9 };
      const insert = async (client: pg.Client, place: typeof west) =>
        (
          await client.query<{ id: string }>(
            `insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public)
             values (gen_random_uuid(), $1, 'mushroom_spot', 'Cep', 'Ona', date '2026-09-01', $2, $3, true) returning id`,
            [a.id, place.latitude, place.longitude],
          )
        ).rows[0]!.id;
      const goingEast = await insert(first, west);
      const goingWest = await insert(second, east);
      const backends = new Map([
        [first, await pid(first)],
        [second, await pid(second)],
      ]);
      // Asked of the monitor: the two are busy with their statements.
      const waiting = async (client: pg.Client) => {
        const backend = backends.get(client)!;
        return until(
          async () =>
            (
              await monitor.query(`select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`, [
                backend,
              ])
            ).rowCount === 1,
        );
      };

      await holder.query('begin');
      await holder.query(
        'select 1 from map_cells where level = 7 and cx = foray_tile_x($1, 7) and cy = foray_tile_y($2, 7) and shard = $3 for update',
        [west.longitude, west.latitude, shard],
      );
      const eastward = first.query('update locations set longitude = $1 where id = $2', [east.longitude, goingEast]);
      expect(await waiting(first)).toBe(true);
      const westward = second.query('update locations set longitude = $1 where id = $2', [west.longitude, goingWest]);
      expect(await waiting(second)).toBe(true);
      await holder.query('commit');
      const outcomes = await Promise.allSettled([eastward, westward]);
      expect(
        outcomes.map((outcome) =>
          outcome.status === 'rejected' ? String((outcome.reason as { code?: string }).code) : 'moved',
        ),
      ).toEqual(['moved', 'moved']);
      await expectKeptCellsExact();
    } finally {
      for (const client of clients) await client.end();
    }
  });

  it('adds up a cell’s shards though one is negative: a spot added through one connection and retyped, moved or deleted through another', async () => {
    // Two connections whose backends fall in different shards (process id mod 8).
    const { open, clients } = sessions(t.database.url!);
    try {
      const first = await open();
      const firstShard = (await pid(first)) % 8;
      let other = await open();
      while ((await pid(other)) % 8 === firstShard) other = await open();

      const place = { latitude: 55.95, longitude: 26.05 };
      const insert = async (client: pg.Client) =>
        (
          await client.query<{ id: string }>(
            `insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public)
             values (gen_random_uuid(), $1, 'mushroom_spot', 'Cep', 'Ona', date '2026-09-01', $2, $3, true) returning id`,
            [a.id, place.latitude, place.longitude],
          )
        ).rows[0]!.id;
      // More than a tile lists one by one, all through the first connection: the tiles come as counted cells.
      await first.query(
        `insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public)
         select gen_random_uuid(), $1, 'mushroom_spot', 'Cep', 'Ona', date '2026-09-01', $2 + i * 1e-6, $3, true from generate_series(1, 250) as i`,
        [b.id, place.latitude, place.longitude],
      );
      const retyped = await insert(first);
      const moved = await insert(first);
      const deleted = await insert(first);
      await other.query(`update locations set type = 'car_park' where id = $1`, [retyped]);
      await other.query(`update locations set latitude = latitude + 0.02 where id = $1`, [moved]);
      await other.query(`delete from locations where id = $1`, [deleted]);

      await expectKeptCellsExact();
      let inCells = 0;
      for (const z of [4, 6, 9, 12]) {
        const key = tileOf(place.latitude, place.longitude, z);
        for (const viewer of [a, b]) {
          const answer = (
            await t.app.inject({
              url: `/api/v1/map/tiles/${key.z}/${key.x}/${key.y}`,
              headers: { cookie: viewer.cookie },
            })
          ).json<MapTile>();
          const expected = await truth(viewer, key);
          if (answer.cells.length > 0) {
            inCells++;
            expect(
              answer.cells.map(({ cx, cy, count, mushroom_spot, car_park }) => ({
                cx,
                cy,
                count,
                mushroom_spot,
                car_park,
              })),
              `z ${z}`,
            ).toEqual(expected.cells);
          } else {
            expect(answer.markers.map((marker) => marker.id).sort(), `z ${z}`).toEqual(expected.ids);
          }
        }
      }
      expect(inCells).toBeGreaterThan(0);
    } finally {
      for (const client of clients) await client.end();
    }
  });
});
