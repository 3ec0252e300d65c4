import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { MapTileSchema, type MapTile } from '../../../common/schemas/map-tiles.ts';
import { tileBounds } from './map-tiles.queries.ts';

// The map by tile (ADR 0026): true counts at every zoom, from kept public counts plus one's own private spots,
// and never anyone else's private spot, not even as a count.

let t: TestContext;
type User = { cookie: string; id: string };
let a: User;
let b: User;

/** The z/x/y tile a position falls in (Web Mercator). */
function tileOf(latitude: number, longitude: number, z: number) {
  const n = 2 ** z;
  const rad = (latitude * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((longitude + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

// Everything dense is seeded inside one z 14 tile, so every coarser tile holding it holds all of it.
const CENTRE = { latitude: 54.9, longitude: 23.9 };
const DENSE = tileBounds(tileOf(CENTRE.latitude, CENTRE.longitude, 14));
const inset = (low: number, high: number) => ({ low: low + (high - low) * 0.1, high: high - (high - low) * 0.1 });
const LAT = inset(DENSE.south, DENSE.north);
const LNG = inset(DENSE.west, DENSE.east);

async function seed(user: User, count: number, options: { isPublic: boolean; carParkEvery?: number }) {
  await t.db.execute(sql`
    insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public)
    select gen_random_uuid(), ${user.id},
           case when ${options.carParkEvery ?? 0} > 0 and i % ${options.carParkEvery ?? 1} = 0 then 'car_park' else 'mushroom_spot' end,
           'Seeded', 'Test', date '2026-09-01',
           ${LAT.low}::float8 + random() * ${LAT.high - LAT.low}::float8,
           ${LNG.low}::float8 + random() * ${LNG.high - LNG.low}::float8,
           ${options.isPublic}
    from generate_series(1, ${count}) as i`);
}

const tile = async (
  user: User | null,
  key: { z: number; x: number; y: number },
  query = '',
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    url: `/api/v1/map/tiles/${key.z}/${key.x}/${key.y}${query}`,
    headers: { ...(user ? { cookie: user.cookie } : {}), ...headers },
  });

/** What a direct count says the viewer may see in each cell of a tile: the truth the answer must match. */
async function truth(viewer: User, key: { z: number; x: number; y: number }, extra = sql`true`) {
  const level = key.z + 3;
  const result = await t.query<{ cx: number; cy: number; mushroom: number; car: number }>(sql`
    select foray_tile_x(longitude, ${level}) as cx, foray_tile_y(latitude, ${level}) as cy,
           count(*) filter (where type = 'mushroom_spot')::int as mushroom, count(*) filter (where type = 'car_park')::int as car
    from locations
    where (user_id = ${viewer.id} or is_public) and ${extra}
      and foray_tile_x(longitude, ${key.z}) = ${key.x} and foray_tile_y(latitude, ${key.z}) = ${key.y}
    group by 1, 2 order by 2, 1`);
  return result.rows.map((row) => ({
    cx: row.cx,
    cy: row.cy,
    count: row.mushroom + row.car,
    mushroom_spot: row.mushroom,
    car_park: row.car,
  }));
}

const cellsOf = (answer: MapTile) =>
  answer.cells.map(({ cx, cy, count, mushroom_spot, car_park }) => ({ cx, cy, count, mushroom_spot, car_park }));

async function signedIn(email: string): Promise<User> {
  const user = await t.createUser(email);
  const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } });
  return { cookie: user.cookie, id: me.json<{ id: string }>().id };
}

beforeAll(async () => {
  t = await createTestContext();
  a = await signedIn('tiles-a@example.com');
  b = await signedIn('tiles-b@example.com');
  await seed(a, 300, { isPublic: true, carParkEvery: 7 });
  await seed(a, 150, { isPublic: false });
  await seed(b, 250, { isPublic: true, carParkEvery: 5 });
  await seed(b, 100, { isPublic: false });
});
afterAll(() => t.close());

describe('the map by tile', () => {
  it('counts exactly what each user may see, by cell and type, at country, region, town and street zoom', async () => {
    for (const z of [2, 5, 7, 10, 13, 14]) {
      const key = tileOf(CENTRE.latitude, CENTRE.longitude, z);
      for (const [viewer, expected] of [
        [a, 300 + 150 + 250],
        [b, 250 + 100 + 300],
      ] as const) {
        const response = await tile(viewer, key);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        // The route sends the JSON it made its ETag from; the contract still holds.
        const answer = MapTileSchema.parse(response.json());
        expect(answer.total, `z ${z}`).toBe(expected);
        expect(answer.markers).toEqual([]);
        expect(cellsOf(answer), `z ${z}`).toEqual(await truth(viewer, key));
        // A cell's position is the mean of its spots: inside the dense area.
        for (const cell of answer.cells) {
          expect(cell.latitude).toBeGreaterThan(LAT.low - 1e-6);
          expect(cell.latitude).toBeLessThan(LAT.high + 1e-6);
        }
      }
    }
  });

  it('never counts another user’s private spot: B’s tiles stay the same when A adds private spots, and change when A shares one', async () => {
    const key = tileOf(CENTRE.latitude, CENTRE.longitude, 8);
    const before = (await tile(b, key)).json<MapTile>();
    const beforeA = (await tile(a, key)).json<MapTile>();
    await seed(a, 5, { isPublic: false });
    expect((await tile(b, key)).json<MapTile>()).toEqual(before);
    expect((await tile(a, key)).json<MapTile>().total).toBe(beforeA.total + 5);

    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: a.cookie },
      payload: validSpot({ latitude: (LAT.low + LAT.high) / 2, longitude: (LNG.low + LNG.high) / 2, is_public: false }),
    });
    expect(made.statusCode).toBe(201);
    expect((await tile(b, key)).json<MapTile>().total).toBe(before.total);
    const shared = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${made.json().id}`,
      headers: { cookie: a.cookie },
      payload: { is_public: true },
    });
    expect(shared.statusCode).toBe(200);
    const after = (await tile(b, key)).json<MapTile>();
    expect(after.total).toBe(before.total + 1);
    expect(cellsOf(after)).toEqual(await truth(b, key));
  });

  it('keeps counts exact through a move, a change of type and a delete', async () => {
    const key = tileOf(CENTRE.latitude, CENTRE.longitude, 9);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: a.cookie },
      payload: validSpot({ latitude: LAT.low + 0.001, longitude: LNG.low + 0.001, is_public: true }),
    });
    const id = made.json().id as string;
    const base = (await tile(b, key)).json<MapTile>().total;

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${id}`,
      headers: { cookie: a.cookie },
      payload: { latitude: LAT.high - 0.001, longitude: LNG.high - 0.001 },
    });
    expect(moved.statusCode).toBe(200);
    expect(cellsOf((await tile(b, key)).json<MapTile>())).toEqual(await truth(b, key));

    const retyped = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${id}`,
      headers: { cookie: a.cookie },
      payload: { type: 'car_park' },
    });
    expect(retyped.statusCode).toBe(200);
    expect(cellsOf((await tile(b, key)).json<MapTile>())).toEqual(await truth(b, key));

    // Far away: gone from this tile, counted in the other.
    const far = { latitude: 56.2, longitude: 21.2 };
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${id}`,
      headers: { cookie: a.cookie },
      payload: far,
    });
    expect((await tile(b, key)).json<MapTile>().total).toBe(base - 1);
    const farKey = tileOf(far.latitude, far.longitude, 9);
    expect((await tile(b, farKey)).json<MapTile>().markers.map((marker) => marker.id)).toContain(id);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/locations/${id}`, headers: { cookie: a.cookie } }))
        .statusCode,
    ).toBe(204);
    expect((await tile(b, farKey)).json<MapTile>().markers.map((marker) => marker.id)).not.toContain(id);
    expect(cellsOf((await tile(b, key)).json<MapTile>())).toEqual(await truth(b, key));
  });

  it('sends a sparse tile’s spots as lean markers: one’s own private ones to oneself only', async () => {
    const place = { latitude: 55.6, longitude: 25.9 };
    const made: string[] = [];
    for (const [who, isPublic] of [
      [b, true],
      [b, true],
      [b, false],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: { cookie: who.cookie },
        payload: validSpot({ ...place, is_public: isPublic }),
      });
      made.push(response.json().id);
    }
    const key = tileOf(place.latitude, place.longitude, 12);
    const seenByA = (await tile(a, key)).json<MapTile>();
    // As sent (not through the schema, which would drop extra fields): the contract, and nothing more.
    expect(MapTileSchema.safeParse(seenByA).success).toBe(true);
    expect(seenByA.cells).toEqual([]);
    expect(seenByA.total).toBe(2);
    expect(seenByA.markers.map((marker) => marker.id).sort()).toEqual(made.slice(0, 2).sort());
    expect(Object.keys(seenByA.markers[0]!).sort()).toEqual([
      'has_photos',
      'id',
      'is_owner',
      'is_public',
      'latitude',
      'longitude',
      'precision',
      'type',
    ]);
    expect(seenByA.markers.every((marker) => !marker.is_owner && marker.is_public && !marker.has_photos)).toBe(true);
    const seenByB = (await tile(b, key)).json<MapTile>();
    expect(seenByB.total).toBe(3);
    expect(seenByB.markers.find((marker) => marker.id === made[2])).toMatchObject({ is_owner: true, is_public: false });
  });

  it('applies the filter bar: counted from the spots, exactly, and still without others’ private spots', async () => {
    const key = tileOf(CENTRE.latitude, CENTRE.longitude, 7);
    const carParks = (await tile(a, key, '?type=car_park')).json<MapTile>();
    // Under a hundred car parks: sent one by one, every one of them a car park the viewer may see.
    const expectedCarParks = (await truth(a, key, sql`type = 'car_park'`)).reduce((sum, cell) => sum + cell.count, 0);
    expect(carParks.total).toBe(expectedCarParks);
    expect(carParks.markers).toHaveLength(expectedCarParks);
    expect(
      carParks.markers.every((marker) => marker.type === 'car_park' && (marker.is_owner || marker.is_public)),
    ).toBe(true);
    const mine = (await tile(a, key, '?owner=mine')).json<MapTile>();
    expect(cellsOf(mine)).toEqual(await truth(a, key, sql`user_id = ${a.id}`));
    const others = (await tile(a, key, '?owner=others&visibility=private')).json<MapTile>();
    expect(others.total).toBe(0);
    expect((await tile(a, key, '?type=tree')).statusCode).toBe(400);
  });

  it('revalidates with an ETag but is kept by no browser cache, refuses tiles that do not exist and strangers', async () => {
    const key = tileOf(CENTRE.latitude, CENTRE.longitude, 6);
    const first = await tile(a, key);
    // Its markers name spots: a copy on disk would outlive their being taken back (ADR 0074).
    expect(first.headers['cache-control']).toBe('private, no-store');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await tile(a, key, '', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // B sees other counts, so another tag: a shared cache could never hand one user's answer to another.
    expect((await tile(b, key)).headers.etag).not.toBe(etag);

    for (const bad of ['23/0/0', '3/8/0', '3/0/8', '3/-1/0', 'a/0/0', '3/1.5/0']) {
      const response = await t.app.inject({ url: `/api/v1/map/tiles/${bad}`, headers: { cookie: a.cookie } });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await tile(null, key)).statusCode).toBe(401);
  });
});
