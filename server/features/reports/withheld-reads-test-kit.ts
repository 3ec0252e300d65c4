// What one person is shown of an area, through every read the API has: the moderation tests compare it before and
// after content is hidden or its owner disabled, and after it is shown again.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import type { Person } from './moderation-test-kit.ts';
import type { Spot, SpotPage } from '../../../common/schemas/spots.ts';

export type Area = { lat: number; lng: number };

const tileOf = (lat: number, lng: number, z: number) => {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
};

/** Everything `who` is shown of the area around `area` (about 2 km across), and of these spots, photos and visits. */
export async function shownTo(
  t: TestContext,
  who: Person,
  area: Area,
  watched: { spots: string[]; photoUrls: string[]; visits: string[] },
) {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  const json = async <T>(url: string): Promise<T> => {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
  const bbox = `${area.lng - 0.02},${area.lat - 0.02},${area.lng + 0.02},${area.lat + 0.02}`;
  const list = await json<SpotPage>('/api/v1/locations?limit=200');
  const box = await json<SpotPage>(`/api/v1/locations?bbox=${bbox}&limit=200`);
  const pins = await json<{ items: Array<{ id: string }> }>(`/api/v1/map/pins?bbox=${bbox}`);
  const count = (await json<{ count: number }>(`/api/v1/map/count?bbox=${bbox}`)).count;
  // A kept tile (country zoom: the kept counts only) and a street tile (markers).
  const tiles: Record<string, number> = {};
  const markers: string[] = [];
  for (const z of [7, 13]) {
    const { x, y } = tileOf(area.lat, area.lng, z);
    const tile = await json<{ total: number; markers: Array<{ id: string; has_photos: boolean }> }>(
      `/api/v1/map/tiles/${z}/${x}/${y}`,
    );
    tiles[`z${z}`] = tile.total;
    if (z === 13) markers.push(...tile.markers.map((marker) => `${marker.id}${marker.has_photos ? '+photos' : ''}`));
  }
  const byId: Record<string, number> = {};
  const visitLists: Record<string, string[] | number> = {};
  const summaries: Record<string, number> = {};
  for (const id of watched.spots) {
    const response = await get(`/api/v1/locations/${id}`);
    byId[id] = response.statusCode;
    if (response.statusCode === 200) summaries[id] = response.json<Spot>().visits.count;
    const visits = await get(`/api/v1/locations/${id}/visits`);
    visitLists[id] =
      visits.statusCode === 200
        ? visits.json<{ items: Array<{ id: string }> }>().items.map((visit) => visit.id)
        : visits.statusCode;
  }
  const photos: Record<string, number> = {};
  for (const url of watched.photoUrls) photos[url] = (await get(url)).statusCode;
  const checked = await t.app.inject({
    method: 'POST',
    url: '/api/v1/locations/check',
    headers: { cookie: who.cookie },
    payload: { ids: watched.spots },
  });
  const exported = (await get('/api/v1/export?format=geojson&scope=visible')).body;
  const due = await json<{ items: Array<{ location_id: string }> }>('/api/v1/fruiting/due');
  return {
    list: list.items.map((spot) => spot.id).sort(),
    box: box.items.map((spot) => spot.id).sort(),
    pins: pins.items.map((pin) => pin.id).sort(),
    count,
    tiles,
    markers: markers.sort(),
    byId,
    summaries,
    visitLists,
    photos,
    checked: checked
      .json<{ items: Array<{ id: string }> }>()
      .items.map((item) => item.id)
      .sort(),
    exported: watched.spots.filter((id) => exported.includes(id)),
    due: due.items.map((item) => item.location_id).sort(),
    photoIdsInList: list.items.flatMap((spot) => spot.photos.map((photo) => photo.id)).sort(),
  };
}

/** The kept counts read as a viewer's reads add them up, per table: what a rebuild from the spots must give again. */
async function keptCounts(db: { execute: TestContext['db']['execute'] }) {
  const rows = async (statement: ReturnType<typeof sql>) =>
    ((await db.execute(statement)) as unknown as { rows: unknown[] }).rows;
  return {
    public: await rows(sql`select level, cx, cy, sum(mushroom_spots)::int as m, sum(car_parks)::int as c from map_cells
      group by 1, 2, 3 having sum(mushroom_spots) <> 0 or sum(car_parks) <> 0 order by 1, 2, 3`),
    owner: await rows(sql`select user_id, level, cx, cy, mushroom_spots as m, car_parks as c from map_owner_cells
      where mushroom_spots <> 0 or car_parks <> 0 order by 1, 2, 3, 4`),
    circle: await rows(sql`select circle_id, level, cx, cy, mushroom_spots as m, car_parks as c from map_circle_cells
      where mushroom_spots <> 0 or car_parks <> 0 order by 1, 2, 3, 4`),
    finds: await rows(sql`select cell_y, visited_on, cell_x, species_key, user_id, species, visits from fruiting_finds
      order by 1, 2, 3, 4, 5, 6`),
  };
}

/** The counts the triggers kept equal the counts rebuilt from the spots themselves (in a transaction undone after). */
export async function expectKeptCountsExact(t: TestContext) {
  const kept = await keptCounts(t.db);
  let rebuilt: Awaited<ReturnType<typeof keptCounts>> | undefined;
  await t.db
    .transaction(async (tx) => {
      await tx.execute(sql`select foray_map_cells_rebuild()`);
      await tx.execute(sql`select foray_fruiting_rebuild()`);
      rebuilt = await keptCounts(tx);
      throw new Error('undo');
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'undo') throw error;
    });
  expect(kept).toEqual(rebuilt);
}
