import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { isDueNow } from '../../../common/fruiting-due.ts';
import { DUE_CASES, dueCaseDate } from '../../../common/spot-filter.cases.ts';
import { DueListSchema } from '../../../common/schemas/fruiting.ts';
import { MapTileSchema, type MapTile } from '../../../common/schemas/map-tiles.ts';
import { SpotPageSchema } from '../../../common/schemas/spots.ts';
import { inSeason } from './fruiting.queries.ts';

/**
 * "Due now" as a filter of the map and the list (`due=now`, ADR 0061): the spots GET /api/v1/fruiting/due lists —
 * one's own and others' shared with one's circles, found in an earlier year around today's date — and nothing
 * more, in the list, the map's box, its tiles and the export. The cases are the phone's too (common/spot-filter.cases.ts).
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Person = { cookie: string; id: string };

// People and circles through the API, as a browser would make them (features do not share test helpers, ADR 0051).
const as = (who: Person | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });

async function person(label: string): Promise<Person> {
  const { cookie } = await t.createUser(`${label}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie } });
  return { cookie, id: me.json<{ id: string }>().id };
}

/** A circle of `owner`'s with `member` in it. */
async function circleWith(owner: Person, member: Person): Promise<string> {
  const circle = await as(owner, 'POST', '/api/v1/circles', { name: 'Family' });
  expect(circle.statusCode, circle.body).toBe(201);
  const id = circle.json<{ id: string }>().id;
  const link = await as(owner, 'POST', `/api/v1/circles/${id}/invites`, { max_uses: 1 });
  expect(link.statusCode, link.body).toBe(201);
  const accepted = await as(member, 'POST', `/api/v1/invites/${link.json<{ token: string }>().token}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return id;
}

async function spotOf(who: Person, fields: Record<string, unknown>): Promise<string> {
  const response = await as(who, 'POST', '/api/v1/locations', validSpot(fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function visit(who: Person, spotId: string, date: string, outcome: 'found' | 'nothing') {
  const response = await as(who, 'POST', `/api/v1/locations/${spotId}/visits`, {
    id: crypto.randomUUID(),
    date,
    outcome,
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Every id the list gives the viewer for `query`, page after page. */
async function listed(who: Person, query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  do {
    const response = await as(who, 'GET', `/api/v1/locations?limit=200&${query}${cursor}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = SpotPageSchema.parse(response.json());
    ids.push(...page.items.map((spot) => spot.id));
    cursor = page.next_cursor ? `&cursor=${encodeURIComponent(page.next_cursor)}` : '';
  } while (cursor);
  return ids.sort();
}

async function dueRoute(who: Person): Promise<string[]> {
  const response = await as(who, 'GET', '/api/v1/fruiting/due');
  expect(response.statusCode, response.body).toBe(200);
  return DueListSchema.parse(response.json())
    .items.map((item) => item.location_id)
    .sort();
}

async function exported(who: Person, query: string): Promise<string[]> {
  const response = await as(who, 'GET', `/api/v1/export?format=geojson&scope=visible&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body).features as Array<{ id: string }>).map((feature) => feature.id).sort();
}

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

async function tile(who: Person | null, key: { z: number; x: number; y: number }, query: string): Promise<MapTile> {
  const response = await as(who, 'GET', `/api/v1/map/tiles/${key.z}/${key.x}/${key.y}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return MapTileSchema.parse(response.json());
}

const today = () => new Date().toISOString().slice(0, 10);
const sorted = (ids: string[]) => [...ids].sort();
const only = (ids: string[], among: Set<string>) => ids.filter((id) => among.has(id));

describe('the filter "due now"', () => {
  it('keeps the cases that are due, as the due route lists them, in the list, the box, the tiles and the export', async () => {
    // A is the viewer; B shares with A's circle; C's spots are public.
    const [a, b, c] = [await person('due-a'), await person('due-b'), await person('due-c')];
    const circle = await circleWith(b, a);
    const place = (index: number) => ({ latitude: 56.2 + index * 0.01, longitude: 21.3 });
    const cases = [];
    for (const [index, due] of DUE_CASES.entries()) {
      const owner = due.spot.owner === 'viewer' ? a : due.spot.audience === 'public' ? c : b;
      const id = await spotOf(owner, {
        ...place(index),
        mushroom_types: due.why,
        is_public: due.spot.audience === 'public',
        ...(due.spot.audience === 'circles' ? { audience: 'circles', circle_ids: [circle] } : {}),
      });
      for (const v of due.visits) await visit(owner, id, dueCaseDate(today(), v), v.outcome);
      cases.push({ ...due, id, owner });
    }
    const all = new Set(cases.map((due) => due.id));
    const expected = sorted(cases.filter((due) => due.due).map((due) => due.id));

    expect(only(await listed(a, 'due=now'), all)).toEqual(expected);
    expect(only(await dueRoute(a), all)).toEqual(expected);
    const box = `bbox=21.2,56.1,21.4,${56.3 + DUE_CASES.length * 0.01}`;
    expect(await listed(a, `${box}&due=now`)).toEqual(expected);
    expect(only(await exported(a, 'due=now'), all)).toEqual(expected);
    // The tile holding every case: few enough spots to come one by one.
    const key = tileOf(56.25, 21.3, 8);
    const markers = (await tile(a, key, 'due=now')).markers.map((marker) => marker.id);
    expect(only(sorted(markers), all)).toEqual(expected);
    // It narrows the other conditions, and they narrow it.
    expect(only(await listed(a, 'due=now&owner=others'), all)).toEqual(
      sorted(cases.filter((due) => due.due && due.owner !== a).map((due) => due.id)),
    );

    // C's public spot that gave last year is due for C, never for A.
    const publicOne = cases.find((due) => due.spot.owner === 'other' && due.spot.audience === 'public')!;
    expect(await listed(c, 'due=now')).toEqual([publicOne.id]);
    expect(await listed(a, `${box}&due=now`)).not.toContain(publicOne.id);

    // Out of B's circle, A no longer sees B's spots as due, nor at all.
    const left = await as(a, 'DELETE', `/api/v1/circles/${circle}/members/${a.id}`);
    expect(left.statusCode, left.body).toBe(204);
    expect(only(await listed(a, 'due=now'), all)).toEqual(
      sorted(cases.filter((due) => due.due && due.owner === a).map((due) => due.id)),
    );
    expect(only(await listed(a, 'due=now'), all)).toEqual(only(await dueRoute(a), all));
  });

  it('counts in tiles exactly the spots the list gives, and never another’s not shared with the viewer', async () => {
    const [a, b, c, d] = [
      await person('tiles-a'),
      await person('tiles-b'),
      await person('tiles-c'),
      await person('tiles-d'),
    ];
    const circle = await circleWith(b, a);
    const centre = { latitude: 57.3, longitude: 22.6 };
    const near = (i: number) => ({
      latitude: centre.latitude + (i % 20) * 0.0005,
      longitude: centre.longitude + Math.floor(i / 20) * 0.0005,
    });
    const lastYear = dueCaseDate(today(), { years: 1, days: 0 });
    const offSeason = dueCaseDate(today(), { years: 2, days: 90 });
    /** `count` spots of `who`'s, each with one `found` visit on `date`; public or not. */
    async function seed(who: Person, count: number, date: string, isPublic: boolean) {
      await t.db.execute(sql`
        with made as (
          insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public)
          select gen_random_uuid(), ${who.id}, case when i % 9 = 0 then 'car_park' else 'mushroom_spot' end,
                 'Seeded', 'Test', date '2020-09-01',
                 ${centre.latitude}::float8 + (i % 20) * 0.0005, ${centre.longitude}::float8 + (i / 20) * 0.0005,
                 ${isPublic}
          from generate_series(1, ${count}) as i
          returning id
        )
        insert into visits (id, location_id, visited_on, outcome) select gen_random_uuid(), id, ${date}::date, 'found' from made`);
    }
    await seed(a, 210, lastYear, false);
    await seed(a, 40, offSeason, false);
    await seed(c, 60, lastYear, true);
    // B's spots shared with A's circle, and one B keeps to themselves.
    for (let i = 0; i < 12; i++) {
      const id = await spotOf(b, { ...near(i), audience: 'circles', circle_ids: [circle] });
      await visit(b, id, lastYear, 'found');
    }
    const hidden = await spotOf(b, { ...near(13) });
    await visit(b, hidden, lastYear, 'found');

    const bbox = `bbox=${centre.longitude - 0.01},${centre.latitude - 0.01},${centre.longitude + 0.05},${centre.latitude + 0.05}`;
    for (const z of [6, 9, 12]) {
      const key = tileOf(centre.latitude, centre.longitude, z);
      for (const [who, expected] of [
        [a, 210 + 12],
        [b, 12 + 1],
        [c, 60],
        [d, 0],
      ] as const) {
        const answer = await tile(who, key, 'due=now');
        const list = await listed(who, `${bbox}&due=now`);
        expect(list, `z ${z}`).toHaveLength(expected);
        expect(answer.total, `z ${z}`).toBe(expected);
        if (answer.markers.length > 0) expect(sorted(answer.markers.map((marker) => marker.id))).toEqual(list);
        else expect(answer.cells.reduce((sum, cell) => sum + cell.count, 0)).toBe(expected);
      }
      // A's tile has more spots than it sends one by one: counted cells, never a marker.
      expect((await tile(a, key, 'due=now')).cells.length).toBeGreaterThan(0);
    }
    expect(await listed(a, `${bbox}&due=now`)).not.toContain(hidden);
  });

  it('asks for sign-in, and refuses a value it does not know with a code and a message', async () => {
    for (const url of [
      '/api/v1/locations?due=now',
      '/api/v1/map/tiles/5/18/9?due=now',
      '/api/v1/export?format=csv&due=now',
    ])
      expect((await as(null, 'GET', url)).statusCode, url).toBe(401);
    const me = await person('due-input');
    for (const query of ['due=later', 'due=', 'due=NOW', 'due=now&due=now', 'due=this_year']) {
      for (const path of ['/api/v1/locations?', '/api/v1/map/tiles/5/18/9?', '/api/v1/export?format=csv&']) {
        const response = await as(me, 'GET', `${path}${query}`);
        expect(response.statusCode, `${path}${query}`).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
      }
    }
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of ['/api/v1/locations', '/api/v1/map/tiles/{z}/{x}/{y}', '/api/v1/export'])
      expect(
        doc.paths[path].get.parameters.map((parameter: { name: string }) => parameter.name),
        path,
      ).toContain('due');
  });
});

describe('the season in SQL and on the phone', () => {
  it('says "in season" of the same dates as isDueNow() does, across the new year and around 29 February', async () => {
    const DAY_MS = 86_400_000;
    for (const day of [today(), '2027-01-05', '2026-12-30', '2028-02-29', '2027-03-01', '2029-02-28', '2026-07-01']) {
      const start = Date.UTC(Number(day.slice(0, 4)) - 3, 10, 1);
      const end = Date.parse(`${day}T00:00:00Z`) + 20 * DAY_MS;
      const dates: string[] = [];
      for (let time = start; time <= end; time += DAY_MS) dates.push(new Date(time).toISOString().slice(0, 10));
      const result = await t.query<{ date: string; due: boolean }>(sql`
        select d::text as date, ${inSeason(sql`d`, day)} as due
        from unnest(string_to_array(${dates.join(',')}, ',')::date[]) as d`);
      const inSql = result.rows.filter((row) => row.due).map((row) => row.date);
      const inJs = dates.filter((date) => isDueNow([{ date, outcome: 'found' }], day));
      expect(inSql, day).toEqual(inJs);
      // At least two earlier years' 29 days each.
      expect(inJs.length, day).toBeGreaterThanOrEqual(2 * 29);
    }
  });
});
