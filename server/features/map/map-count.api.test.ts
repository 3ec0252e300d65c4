import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { circleMembers, circles } from '../../db/schema.ts';
import { MapCountSchema } from '../../../common/schemas/map-tiles.ts';
import type { BBox } from '../../../common/schemas/spots.ts';
import { EDGE_CELL_SPOTS_MAX } from './map-count.queries.ts';
import { columnOf, northOf, rowOf, westOf } from './view-cells.ts';

// The map header's number (ADR 0062): for random views at every zoom, cutting cells of every kept level, the count
// equals a count made here from the spots themselves by the privacy rule: A's own private spots, B's public ones,
// C's private ones, spots A shares with one circle of A and B or with both, approximate spots whose shown point lies
// in another cell than their true one, and a dense clearing that makes edge cells split down to the finest level.

let t: TestContext;
type User = { cookie: string; id: string };
let a: User;
let b: User;
let c: User;
const circleIds = { one: crypto.randomUUID(), two: crypto.randomUUID() };

/** A small seeded random source (mulberry32), so a failing view can be found again. */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
const random = randomSource(22);
const between = (low: number, high: number) => low + random() * (high - low);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

const AREA = { minLat: 54.6, maxLat: 55.2, minLng: 23.4, maxLng: 24.4 };
/** A clearing of ~700 × 700 m holding more spots than an edge cell of level 13 is counted from one by one. */
const CLEARING = { minLat: 54.9, maxLat: 54.906, minLng: 23.9, maxLng: 23.91 };

type Seeded = {
  owner: User;
  count: number;
  isPublic: boolean;
  within?: BBox;
  precision?: () => 'exact' | '1km' | '10km';
  circles?: string[];
};

async function seed({ owner, count, isPublic, within = boxOf(AREA), precision = () => 'exact', circles = [] }: Seeded) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    type: i % 5 === 0 ? 'car_park' : 'mushroom_spot',
    latitude: between(within.minLat, within.maxLat),
    longitude: between(within.minLng, within.maxLng),
    precision: precision(),
  }));
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await t.db.execute(sql`
      insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public, precision)
      values ${sql.join(
        chunk.map(
          (row) =>
            sql`(${row.id}, ${owner.id}, ${row.type}, 'Seeded', 'Test', date '2026-09-01', ${row.latitude}::float8, ${row.longitude}::float8, ${isPublic}, ${row.precision})`,
        ),
        sql`, `,
      )}`);
    for (const circle of circles) {
      await t.db.execute(sql`
        insert into location_circles (location_id, circle_id)
        select id, ${circle}::uuid from unnest(${`{${chunk.map((row) => row.id).join(',')}}`}::uuid[]) as id`);
    }
  }
}

function boxOf(area: typeof AREA): BBox {
  return { minLng: area.minLng, minLat: area.minLat, maxLng: area.maxLng, maxLat: area.maxLat };
}

type Row = {
  user_id: string;
  is_public: boolean;
  type: string;
  latitude: number;
  longitude: number;
  shown_latitude: number;
  shown_longitude: number;
  circles: string[];
};
let rows: Row[] = [];
const members: Record<string, string[]> = {};

/** The truth, from the rows: what the viewer may see, where they see it, inside the view, edges included. */
function bruteForce(viewer: User, view: BBox, extra: (row: Row) => boolean = () => true): number {
  let count = 0;
  for (const row of rows) {
    const own = row.user_id === viewer.id;
    const visible = own || row.is_public || row.circles.some((circle) => members[circle]!.includes(viewer.id));
    if (!visible || !extra(row)) continue;
    const [latitude, longitude] = own ? [row.latitude, row.longitude] : [row.shown_latitude, row.shown_longitude];
    if (longitude >= view.minLng && longitude <= view.maxLng && latitude >= view.minLat && latitude <= view.maxLat) {
      count++;
    }
  }
  return count;
}

const bbox = (view: BBox) => `${view.minLng},${view.minLat},${view.maxLng},${view.maxLat}`;

async function countOf(viewer: User | null, view: BBox, query = '') {
  return t.app.inject({
    url: `/api/v1/map/count?bbox=${bbox(view)}${query}`,
    headers: viewer ? { cookie: viewer.cookie } : {},
  });
}

/** A phone-sized or desktop-sized view at a map zoom, around a centre (Web Mercator: degrees shrink with cos φ). */
function viewAt(centre: { latitude: number; longitude: number }, zoom: number): BBox {
  const degreesPerPixel = 360 / (256 * 2 ** zoom);
  const width = between(320, 1600) * degreesPerPixel;
  const height = between(320, 900) * degreesPerPixel * Math.cos((centre.latitude * Math.PI) / 180);
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return {
    minLng: clamp(centre.longitude - width / 2, 180),
    maxLng: clamp(centre.longitude + width / 2, 180),
    minLat: clamp(centre.latitude - height / 2, 85),
    maxLat: clamp(centre.latitude + height / 2, 85),
  };
}

/** Many views: random sizes and zooms, centred on spots or anywhere near them, some rounded as the app rounds. */
function randomViews(count: number): BBox[] {
  const views: BBox[] = [];
  for (let i = 0; i < count; i++) {
    const row = pick(rows);
    const centre =
      random() < 0.6
        ? { latitude: row.shown_latitude, longitude: row.shown_longitude }
        : {
            latitude: between(AREA.minLat - 0.2, AREA.maxLat + 0.2),
            longitude: between(AREA.minLng - 0.3, AREA.maxLng + 0.3),
          };
    const view = viewAt(centre, pick([3, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]));
    if (i % 3 === 0) {
      const outwards = (value: number, up: boolean) => (up ? Math.ceil(value * 1e6) : Math.floor(value * 1e6)) / 1e6;
      views.push({
        minLng: outwards(view.minLng, false),
        minLat: outwards(view.minLat, false),
        maxLng: outwards(view.maxLng, true),
        maxLat: outwards(view.maxLat, true),
      });
    } else {
      views.push(view);
    }
  }
  return views;
}

/**
 * Views whose edges lie exactly on something: a spot's own coordinates (it is inside, as on the box route), a cell's
 * edge at each kept level (the cell is wholly inside, or not at all), a view of one point, the whole world.
 */
function edgeViews(): BBox[] {
  const views: BBox[] = [];
  for (let i = 0; i < 6; i++) {
    const row = pick(rows);
    const zoom = pick([9, 12, 15]);
    const shown = viewAt({ latitude: row.shown_latitude, longitude: row.shown_longitude }, zoom);
    views.push({ ...shown, minLng: row.shown_longitude, maxLat: row.shown_latitude });
    const atTrue = viewAt({ latitude: row.latitude, longitude: row.longitude }, zoom);
    views.push({ ...atTrue, maxLng: row.longitude, minLat: row.latitude });
  }
  for (const level of [7, 10, 13, 16]) {
    const row = pick(rows);
    const x = columnOf(row.longitude, level);
    const y = rowOf(row.latitude, level);
    const span = level === 7 ? 1 : 5;
    views.push({
      minLng: westOf(x - span, level),
      maxLng: westOf(x + span, level),
      minLat: northOf(y + span, level),
      maxLat: northOf(y - span, level),
    });
  }
  // An edge through the clearing at every zoom: its cells at every level hold too many spots to count one by one.
  for (const zoom of [6, 7, 8, 9, 10, 11, 12, 13, 14, 15]) {
    const cut = {
      latitude: between(CLEARING.minLat, CLEARING.maxLat),
      longitude: between(CLEARING.minLng, CLEARING.maxLng),
    };
    const view = viewAt(cut, zoom);
    const [width, height] = [view.maxLng - view.minLng, view.maxLat - view.minLat];
    views.push({ ...view, minLng: cut.longitude, maxLng: cut.longitude + width });
    views.push({ ...view, maxLat: cut.latitude, minLat: cut.latitude - height });
    views.push({
      minLng: cut.longitude - width,
      maxLng: cut.longitude,
      minLat: cut.latitude,
      maxLat: cut.latitude + height,
    });
  }
  const lone = pick(rows);
  views.push({ minLng: lone.longitude, maxLng: lone.longitude, minLat: lone.latitude, maxLat: lone.latitude });
  views.push({ minLng: -180, minLat: -90, maxLng: 180, maxLat: 90 });
  views.push({ minLng: -180, minLat: -85.05, maxLng: 180, maxLat: 85.05 });
  return views;
}

async function signedIn(email: string): Promise<User> {
  const user = await t.createUser(email);
  const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } });
  return { cookie: user.cookie, id: me.json<{ id: string }>().id };
}

beforeAll(async () => {
  t = await createTestContext();
  a = await signedIn('count-a@example.com');
  b = await signedIn('count-b@example.com');
  c = await signedIn('count-c@example.com');
  await t.db.insert(circles).values([
    { id: circleIds.one, name: 'Family' },
    { id: circleIds.two, name: 'Friends' },
  ]);
  await t.db.insert(circleMembers).values([
    { circleId: circleIds.one, userId: a.id, role: 'owner' },
    { circleId: circleIds.one, userId: b.id, role: 'member' },
    { circleId: circleIds.two, userId: a.id, role: 'owner' },
    { circleId: circleIds.two, userId: b.id, role: 'member' },
  ]);
  members[circleIds.one] = [a.id, b.id];
  members[circleIds.two] = [a.id, b.id];
  const approximate = () => pick(['exact', '1km', '10km'] as const);
  await seed({ owner: a, count: 400, isPublic: false });
  await seed({ owner: a, count: 80, isPublic: true, precision: () => '10km' });
  await seed({ owner: a, count: 150, isPublic: false, precision: approximate, circles: [circleIds.one] });
  await seed({ owner: a, count: 60, isPublic: false, precision: approximate, circles: [circleIds.one, circleIds.two] });
  await seed({ owner: b, count: 1200, isPublic: true, precision: () => (random() < 0.3 ? approximate() : 'exact') });
  await seed({ owner: c, count: 300, isPublic: false });
  await seed({ owner: b, count: 700, isPublic: true, within: boxOf(CLEARING) });
  await seed({ owner: a, count: 300, isPublic: false, within: boxOf(CLEARING) });
  await seed({ owner: a, count: 40, isPublic: false, within: boxOf(CLEARING), circles: [circleIds.one] });
  await seed({ owner: c, count: 200, isPublic: false, within: boxOf(CLEARING) });
  const read = await t.query<Row>(sql`
    select l.user_id, l.is_public, l.type, l.latitude, l.longitude, l.shown_latitude, l.shown_longitude,
           coalesce(array_agg(lc.circle_id::text) filter (where lc.circle_id is not null), '{}') as circles
    from locations l left join location_circles lc on lc.location_id = l.id group by l.id`);
  rows = read.rows.map((row) => ({
    ...row,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    shown_latitude: Number(row.shown_latitude),
    shown_longitude: Number(row.shown_longitude),
  }));
});
afterAll(() => t.close());

describe('the map header’s count', () => {
  it('is seeded as the test means: approximate spots shown in other cells, a clearing denser than an edge cell', () => {
    const movedAtLevel16 = rows.filter(
      (row) =>
        columnOf(row.longitude, 16) !== columnOf(row.shown_longitude, 16) ||
        rowOf(row.latitude, 16) !== rowOf(row.shown_latitude, 16),
    );
    expect(movedAtLevel16.length).toBeGreaterThan(100);
    const inClearing = rows.filter(
      (row) =>
        row.latitude >= CLEARING.minLat &&
        row.latitude <= CLEARING.maxLat &&
        row.longitude >= CLEARING.minLng &&
        row.longitude <= CLEARING.maxLng,
    );
    expect(inClearing.length).toBeGreaterThan(4 * EDGE_CELL_SPOTS_MAX);
  });

  it('equals a count of the spots themselves for each viewer, in random views at every zoom', async () => {
    const views = [...randomViews(70), ...edgeViews()];
    let nonZero = 0;
    for (const [i, view] of views.entries()) {
      for (const [name, viewer] of [
        ['A', a],
        ['B', b],
        ['C', c],
      ] as const) {
        const response = await countOf(viewer, view);
        expect(response.statusCode, response.body).toBe(200);
        const { count } = MapCountSchema.parse(response.json());
        expect(count, `view ${i} ${bbox(view)} for ${name}`).toBe(bruteForce(viewer, view));
        if (count > 0) nonZero++;
      }
    }
    // The views are not all empty, nor all the whole area.
    expect(nonZero).toBeGreaterThan(views.length);
    // Some 350 requests: a few seconds alone, several times that beside other test files on two cores.
  }, 120_000);

  it('tells a visitor with no account nothing', async () => {
    const response = await countOf(null, boxOf(AREA));
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toMatch(/count/);
  });

  it('counts with the filter bar’s conditions, from the spots, as a filtered tile does', async () => {
    const views = randomViews(12);
    for (const view of views) {
      for (const viewer of [a, b, c]) {
        const carParks = await countOf(viewer, view, '&type=car_park');
        expect(carParks.json<{ count: number }>().count).toBe(
          bruteForce(viewer, view, (row) => row.type === 'car_park'),
        );
        const others = await countOf(viewer, view, '&owner=others&type=mushroom_spot');
        expect(others.json<{ count: number }>().count).toBe(
          bruteForce(viewer, view, (row) => row.user_id !== viewer.id && row.type === 'mushroom_spot'),
        );
      }
    }
  });

  it('refuses a box that is not one', async () => {
    for (const wrong of ['', '1,2,3', '10,0,5,1', '0,0,181,1', 'a,b,c,d']) {
      const response = await t.app.inject({ url: `/api/v1/map/count?bbox=${wrong}`, headers: { cookie: a.cookie } });
      expect(response.statusCode, wrong).toBe(400);
    }
  });
});
