import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext, sameAnswer } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import { circleMembers, circles, spotCircles, spots as spotsTable } from '../../db/schema.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { MAP_MARKERS_MAX, type MapTile } from '../../../common/schemas/map-tiles.ts';
import { tileBounds } from '../map/map-tiles.queries.ts';
import { schemaErrors } from '../../test/xml-schema.ts';

/**
 * Circles and approximate spots (issue #20, ADR 0053), the heart of it: A shares with a circle B is in; C is in
 * none of A's circles; the anonymous visitor has no account. Over every route that returns spots, photos, visits,
 * counts, tiles or exports: B sees what A shares with the circle, C and the visitor learn nothing of it, and an
 * approximate spot's true position reaches nobody but A. After B leaves, B gets 404 for all of it.
 */
let t: TestContext;
type Person = { cookie: string; id: string };
const people = {} as Record<'a' | 'b' | 'c', Person>;
let family: string;

/** Where A's spots really are: six decimals each, so a body holding the true position would show these strings. */
const TRUE = {
  shared: { latitude: 54.712345, longitude: 25.276543 },
  approximate: { latitude: 54.731234, longitude: 25.301234 },
  publicFar: { latitude: 54.651234, longitude: 25.191234 },
  secret: { latitude: 54.691234, longitude: 25.241234 },
};
const spot = {} as Record<keyof typeof TRUE, Spot>;

/**
 * Whether a text holds a number whole: a shown point drawn at random in the cell may begin with the true position's
 * digits ("54.73123464…" holds "54.731234"), and only the whole number is the true position.
 */
const mentions = (text: string, value: string) =>
  new RegExp(`(?<![\\d.])${value.replace(/[.]/g, '\\.')}(?![\\d])`).test(text);
const ALL = '24,54,26,55.5';

const inject = (who: Person | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

async function photoJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#6b4' } })
    .jpeg()
    .toBuffer();
}

async function createAs(who: Person, fields: Record<string, unknown>, withPhoto = false): Promise<Spot> {
  if (withPhoto) {
    const body = await multipart(
      {
        ...validSpot(fields),
        ...(fields.circle_ids ? { circle_ids: (fields.circle_ids as string[]).join(',') } : {}),
      },
      { bytes: await photoJpeg() },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: who.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const response = await inject(who, 'POST', '/api/v1/locations', validSpot({ id: crypto.randomUUID(), ...fields }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function userId(email: string): Promise<string> {
  const { rows } = await t.query<{ id: string }>(sql`select id from "user" where email = ${email}`);
  return rows[0]!.id;
}

async function person(email: string): Promise<Person> {
  const { cookie } = await t.createUser(email);
  return { cookie, id: await userId(email) };
}

/** The tile of zoom z that holds a point (Web Mercator). */
function tileOf(z: number, latitude: number, longitude: number) {
  const n = 2 ** z;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const rad = (latitude * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x, y };
}

const tileUrl = (key: { z: number; x: number; y: number }) => `/api/v1/map/tiles/${key.z}/${key.x}/${key.y}`;

beforeAll(async () => {
  t = await createTestContext();
  people.a = await person('circle-a@example.com');
  people.b = await person('circle-b@example.com');
  people.c = await person('circle-c@example.com');
  // The circle is made in the database: the circle routes have tests of their own; here the spots' side is tested.
  family = crypto.randomUUID();
  await t.db.insert(circles).values({ id: family, name: 'Family' });
  await t.db.insert(circleMembers).values([
    { circleId: family, userId: people.a.id, role: 'owner' },
    { circleId: family, userId: people.b.id, role: 'member' },
  ]);
  spot.shared = await createAs(
    people.a,
    { ...TRUE.shared, accuracy_m: 4, audience: 'circles', circle_ids: [family], notes: 'family glade' },
    true,
  );
  spot.approximate = await createAs(people.a, {
    ...TRUE.approximate,
    accuracy_m: 7,
    audience: 'circles',
    circle_ids: [family],
    precision: '1km',
  });
  spot.publicFar = await createAs(people.a, {
    ...TRUE.publicFar,
    accuracy_m: 9,
    audience: 'public',
    is_public: true,
    precision: '10km',
  });
  spot.secret = await createAs(people.a, { ...TRUE.secret, notes: 'only mine' });
  const visit = await inject(people.a, 'POST', `/api/v1/locations/${spot.shared.id}/visits`, {
    id: crypto.randomUUID(),
    date: '2026-09-20',
    outcome: 'found',
    amount: 'some',
    note: 'a family note',
  });
  expect(visit.statusCode, visit.body).toBe(201);
  const publicVisit = await inject(people.a, 'POST', `/api/v1/locations/${spot.publicFar.id}/visits`, {
    id: crypto.randomUUID(),
    date: '2026-09-21',
    outcome: 'nothing',
    note: 'a note for nobody else',
  });
  expect(publicVisit.statusCode, publicVisit.body).toBe(201);
});
afterAll(() => t.close());

const ids = (page: { items: Spot[] }) => page.items.map((item) => item.id).sort();
const listOf = async (who: Person, query = '', limit = 200) =>
  (await inject(who, 'GET', `/api/v1/locations?limit=${limit}${query}`)).json<{ items: Spot[] }>();

describe('a spot shared with a circle', () => {
  it('reaches the circle’s members in the list, the box, by id and in the filter, and nobody else', async () => {
    const seenBy = {
      b: ids(await listOf(people.b)),
      c: ids(await listOf(people.c)),
    };
    expect(seenBy.b).toEqual([spot.shared.id, spot.approximate.id, spot.publicFar.id].sort());
    expect(seenBy.c).toEqual([spot.publicFar.id]);
    expect(ids(await listOf(people.b, `&bbox=${ALL}`))).toEqual(seenBy.b);
    expect(ids(await listOf(people.c, `&bbox=${ALL}`))).toEqual(seenBy.c);
    expect(ids(await listOf(people.b, '&owner=others&audience=circles'))).toEqual(
      [spot.shared.id, spot.approximate.id].sort(),
    );
    expect(ids(await listOf(people.b, `&circle_id=${family}`))).toEqual([spot.shared.id, spot.approximate.id].sort());
    // A circle one is not in filters to nothing, as a circle that does not exist.
    expect(ids(await listOf(people.c, `&circle_id=${family}`))).toEqual([]);
    expect(ids(await listOf(people.a, '&audience=private'))).toEqual([spot.secret.id]);

    const asB = (await inject(people.b, 'GET', `/api/v1/locations/${spot.shared.id}`)).json<Spot>();
    expect(asB).toMatchObject({
      audience: 'circles',
      circle_ids: [family],
      is_owner: false,
      precision: 'exact',
      area: null,
      ...TRUE.shared,
    });
    expect(asB.notes).toBe('family glade');
  });

  it('answers C and the anonymous visitor exactly as for a spot that does not exist: by id, photos, visits', async () => {
    const missing = await inject(people.c, 'GET', `/api/v1/locations/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    for (const hidden of [spot.shared, spot.approximate, spot.secret]) {
      const byId = await inject(people.c, 'GET', `/api/v1/locations/${hidden.id}`);
      expect(byId.statusCode).toBe(404);
      expect(sameAnswer(byId)).toBe(sameAnswer(missing));
      const visits = await inject(people.c, 'GET', `/api/v1/locations/${hidden.id}/visits`);
      expect(visits.statusCode).toBe(404);
      expect(sameAnswer(visits)).toBe(sameAnswer(missing));
      expect((await inject(null, 'GET', `/api/v1/locations/${hidden.id}`)).statusCode).toBe(401);
    }
    for (const url of [spot.shared.photo_url!, spot.shared.thumbnail_url!]) {
      expect((await inject(people.b, 'GET', url)).statusCode).toBe(200);
      expect((await inject(people.c, 'GET', url)).statusCode).toBe(404);
      expect([401, 404]).toContain((await inject(null, 'GET', url)).statusCode);
    }
  });

  it('shows its visits’ notes to the circle, and a public spot’s visits without notes to others', async () => {
    const forB = (await inject(people.b, 'GET', `/api/v1/locations/${spot.shared.id}/visits`)).json<{
      items: Array<{ note: string | null }>;
    }>();
    expect(forB.items.map((visit) => visit.note)).toEqual(['a family note']);
    for (const who of [people.b, people.c]) {
      const publicVisits = await inject(who, 'GET', `/api/v1/locations/${spot.publicFar.id}/visits`);
      expect(publicVisits.statusCode).toBe(200);
      expect(publicVisits.body).not.toContain('a note for nobody else');
    }
  });

  it('counts in tiles for the circle only, at every zoom, each spot once', async () => {
    for (const z of [5, 8, 11, 14, 17]) {
      const key = tileOf(z, TRUE.shared.latitude, TRUE.shared.longitude);
      const totals: Record<string, number> = {};
      for (const who of ['a', 'b', 'c'] as const) {
        const answer = await inject(people[who], 'GET', tileUrl(key));
        expect(answer.statusCode).toBe(200);
        totals[who] = answer.json<MapTile>().total;
        if (who !== 'a') expect(answer.body).not.toContain(spot.secret.id);
        if (who === 'c') {
          expect(answer.body).not.toContain(spot.shared.id);
          expect(answer.body).not.toContain(spot.approximate.id);
        }
      }
      // What each may see in that tile, counted from the list of the same viewer.
      const bounds = await visibleIn(key);
      expect(totals).toEqual(bounds);
    }
  });

  it('leaves C’s export of everything visible without a trace of it, in all four formats', async () => {
    for (const format of ['gpx', 'kml', 'geojson', 'csv']) {
      const forC = await inject(people.c, 'GET', `/api/v1/export?format=${format}&scope=visible`);
      expect(forC.statusCode).toBe(200);
      for (const hidden of [spot.shared, spot.approximate, spot.secret]) expect(forC.body).not.toContain(hidden.id);
      expect(forC.body).not.toContain('family glade');
      const forB = await inject(people.b, 'GET', `/api/v1/export?format=${format}&scope=visible`);
      expect(forB.body).toContain(spot.shared.id);
      expect(forB.body).not.toContain(spot.secret.id);
    }
  });

  it('tells a device which of the ids it keeps it may still see, and nothing more', async () => {
    const kept = [spot.shared.id, spot.approximate.id, spot.publicFar.id, spot.secret.id, crypto.randomUUID()];
    const check = async (who: Person) =>
      (await inject(who, 'POST', '/api/v1/locations/check', { ids: kept })).json<{ items: Array<{ id: string }> }>();
    expect((await check(people.b)).items.map((item) => item.id).sort()).toEqual(
      [spot.shared.id, spot.approximate.id, spot.publicFar.id].sort(),
    );
    expect((await check(people.c)).items.map((item) => item.id)).toEqual([spot.publicFar.id]);
    expect((await inject(null, 'POST', '/api/v1/locations/check', { ids: kept })).statusCode).toBe(401);
  });
});

/** The viewer's spots of a tile counted by its 8 × 8 cells, from their own list: what the tile's cells must say. */
async function cellsOf(who: 'a' | 'b' | 'c', key: { z: number; x: number; y: number }): Promise<number[][]> {
  const counts = new Map<string, number>();
  for (const item of (await listOf(people[who], `&bbox=${ALL}`, 10_000)).items) {
    const here = tileOf(key.z, item.latitude, item.longitude);
    if (here.x !== key.x || here.y !== key.y) continue;
    const cell = tileOf(key.z + 3, item.latitude, item.longitude);
    counts.set(`${cell.x},${cell.y}`, (counts.get(`${cell.x},${cell.y}`) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([cell, count]) => [...cell.split(',').map(Number), count] as number[])
    .sort((p, q) => p[1]! - q[1]! || p[0]! - q[0]!);
}

/** What each viewer's own list says is in a tile: the count a tile must give them. */
async function visibleIn(key: { z: number; x: number; y: number }): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const who of ['a', 'b', 'c'] as const) {
    const items = (await listOf(people[who], `&bbox=${ALL}`, 10_000)).items;
    counts[who] = items.filter((item) => {
      const here = tileOf(key.z, item.latitude, item.longitude);
      return here.x === key.x && here.y === key.y;
    }).length;
  }
  return counts;
}

describe('an approximate spot', () => {
  const inside = (point: { latitude: number; longitude: number }, area: number[]) =>
    point.longitude >= area[0]! &&
    point.latitude >= area[1]! &&
    point.longitude <= area[2]! &&
    point.latitude <= area[3]!;

  it('gives others one point in its cell, the same by every route and request, and its true position to nobody', async () => {
    const seen = new Set<string>();
    const trueText = [String(TRUE.approximate.latitude), String(TRUE.approximate.longitude)];
    const bodies: string[] = [];
    const shownAt = (await inject(people.b, 'GET', `/api/v1/locations/${spot.approximate.id}`)).json<Spot>();
    for (let round = 0; round < 3; round++) {
      const byId = await inject(people.b, 'GET', `/api/v1/locations/${spot.approximate.id}`);
      const list = await inject(people.b, 'GET', '/api/v1/locations?limit=200');
      const box = await inject(people.b, 'GET', `/api/v1/locations?limit=200&bbox=${ALL}`);
      const tile = await inject(people.b, 'GET', tileUrl(tileOf(15, shownAt.latitude, shownAt.longitude)));
      const exported = await inject(people.b, 'GET', '/api/v1/export?format=geojson&scope=visible');
      bodies.push(byId.body, list.body, box.body, tile.body, exported.body);
      for (const response of [byId, list, box, tile, exported]) {
        expect(mentions(JSON.stringify(response.headers), trueText[0]!)).toBe(false);
      }
      const one = byId.json<Spot>();
      expect(one.accuracy_m).toBeNull();
      expect(one.precision).toBe('1km');
      expect(one.area).not.toBeNull();
      const area = one.area!;
      expect(inside(TRUE.approximate, area)).toBe(true);
      expect(inside(one, area)).toBe(true);
      // About 1 km each way: 0.009° of latitude, and about as wide.
      expect(area[3]! - area[1]!).toBeCloseTo(0.009, 6);
      expect((area[2]! - area[0]!) * Math.cos((TRUE.approximate.latitude * Math.PI) / 180)).toBeCloseTo(0.009, 3);
      seen.add(`${one.latitude},${one.longitude}`);
      const fromList = list.json<{ items: Spot[] }>().items.find((item) => item.id === spot.approximate.id)!;
      const fromBox = box.json<{ items: Spot[] }>().items.find((item) => item.id === spot.approximate.id)!;
      const marker = tile.json<MapTile>().markers.find((item) => item.id === spot.approximate.id)!;
      expect(marker.precision).toBe('1km');
      for (const point of [fromList, fromBox, marker]) seen.add(`${point.latitude},${point.longitude}`);
      const feature = exported
        .json<{ features: Array<{ properties: { id: string }; geometry: { coordinates: number[] } }> }>()
        .features.find((item) => item.properties.id === spot.approximate.id)!;
      seen.add(`${feature.geometry.coordinates[1]},${feature.geometry.coordinates[0]}`);
    }
    expect(seen.size).toBe(1);
    expect([...seen][0]).not.toBe(`${TRUE.approximate.latitude},${TRUE.approximate.longitude}`);
    for (const body of bodies) for (const text of trueText) expect(mentions(body, text), text).toBe(false);
    // The owner sees the truth.
    const own = (await inject(people.a, 'GET', `/api/v1/locations/${spot.approximate.id}`)).json<Spot>();
    expect(own).toMatchObject({ ...TRUE.approximate, accuracy_m: 7, area: null, precision: '1km' });
  });

  it('is not found by a box around its true position that leaves out its shown point', async () => {
    const shown = (await inject(people.b, 'GET', `/api/v1/locations/${spot.approximate.id}`)).json<Spot>();
    const d = Math.min(
      Math.abs(shown.latitude - TRUE.approximate.latitude),
      Math.abs(shown.longitude - TRUE.approximate.longitude),
    );
    const r = d / 2;
    const box = [
      TRUE.approximate.longitude - r,
      TRUE.approximate.latitude - r,
      TRUE.approximate.longitude + r,
      TRUE.approximate.latitude + r,
    ].join(',');
    expect(ids(await listOf(people.b, `&bbox=${box}`))).not.toContain(spot.approximate.id);
    expect(ids(await listOf(people.a, `&bbox=${box}`))).toContain(spot.approximate.id);
  });

  it('keeps its point through edits inside the cell and changes of precision and audience; a new cell, a new point', async () => {
    const pointFor = async (who: Person) => {
      const seen = (await inject(who, 'GET', `/api/v1/locations/${spot.publicFar.id}`)).json<Spot>();
      return { latitude: seen.latitude, longitude: seen.longitude, area: seen.area };
    };
    const edit = async (patch: object) =>
      expect((await inject(people.a, 'PATCH', `/api/v1/locations/${spot.publicFar.id}`, patch)).statusCode).toBe(200);
    const first = await pointFor(people.c);
    expect(first.area![3]! - first.area![1]!).toBeCloseTo(0.09, 6);
    // A few metres inside the same 10 km cell.
    await edit({ latitude: TRUE.publicFar.latitude + 0.0001, longitude: TRUE.publicFar.longitude + 0.0001 });
    expect(await pointFor(people.c)).toEqual(first);
    await edit({ precision: '1km' });
    const fine = await pointFor(people.c);
    expect(fine).not.toEqual(first);
    await edit({ precision: '10km' });
    expect(await pointFor(people.c)).toEqual(first);
    await edit({ audience: 'private' });
    expect((await inject(people.c, 'GET', `/api/v1/locations/${spot.publicFar.id}`)).statusCode).toBe(404);
    await edit({ is_public: true });
    expect(await pointFor(people.c)).toEqual(first);
    await edit({ precision: '1km' });
    expect(await pointFor(people.c)).toEqual(fine);
    // 30 km north: another cell, another point.
    await edit({ latitude: TRUE.publicFar.latitude + 0.3, longitude: TRUE.publicFar.longitude, precision: '10km' });
    const moved = await pointFor(people.c);
    expect(moved.area).not.toEqual(first.area);
    await edit({ latitude: TRUE.publicFar.latitude, longitude: TRUE.publicFar.longitude });
    expect(await pointFor(people.c)).toEqual(first);
  });
});

describe('sharing that is taken back', () => {
  it('refuses a circle one is not in, as one that does not exist', async () => {
    const theirs = crypto.randomUUID();
    await t.db.insert(circles).values({ id: theirs, name: 'Not yours' });
    await t.db.insert(circleMembers).values({ circleId: theirs, userId: people.b.id, role: 'owner' });
    const refused = await inject(
      people.c,
      'POST',
      '/api/v1/locations',
      validSpot({ audience: 'circles', circle_ids: [theirs] }),
    );
    const missing = await inject(
      people.c,
      'POST',
      '/api/v1/locations',
      validSpot({ audience: 'circles', circle_ids: [crypto.randomUUID()] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'UNKNOWN_CIRCLE' } });
    expect(sameAnswer(refused)).toBe(sameAnswer(missing));
    expect(ids(await listOf(people.c, '&audience=private'))).toEqual([]);
  });

  it('answers a retried create of a shared spot with the same spot, its shares and kept counts written once', async () => {
    const id = crypto.randomUUID();
    const body = validSpot({ id, audience: 'circles', circle_ids: [family], precision: '1km' });
    const first = await inject(people.a, 'POST', '/api/v1/locations', body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await inject(people.a, 'POST', '/api/v1/locations', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const shares = await t.query<{ n: number }>(
      sql`select count(*)::int as n from location_circles where location_id = ${id}`,
    );
    expect(shares.rows[0]!.n).toBe(1);
    const kept = await keptCounts();
    await t.query(sql`select foray_map_cells_rebuild()`);
    expect(kept).toEqual(await keptCounts());
    expect((await inject(people.a, 'DELETE', `/api/v1/locations/${id}`)).statusCode).toBe(204);
  });

  it('answers a create with someone else’s id alike whether their spot still exists or not', async () => {
    const gone = await createAs(people.a, { audience: 'circles', circle_ids: [family] });
    expect((await inject(people.a, 'DELETE', `/api/v1/locations/${gone.id}`)).statusCode).toBe(204);
    const onLive = await inject(people.b, 'POST', '/api/v1/locations', validSpot({ id: spot.shared.id }));
    const onGone = await inject(people.b, 'POST', '/api/v1/locations', validSpot({ id: gone.id }));
    expect(onLive.statusCode).toBe(409);
    expect(onGone.statusCode).toBe(409);
    expect(sameAnswer(onGone)).toBe(sameAnswer(onLive));
    // The owner's own retry of a create still answers with the spot.
    const retry = await inject(people.a, 'POST', '/api/v1/locations', validSpot({ id: spot.secret.id }));
    expect(retry.statusCode).toBe(200);
  });

  it('gives a member who left 404 for everything that was shared through the circle', async () => {
    const extra = await person('circle-d@example.com');
    await t.db.insert(circleMembers).values({ circleId: family, userId: extra.id, role: 'member' });
    const before = await inject(extra, 'GET', `/api/v1/locations/${spot.shared.id}`);
    expect(before.statusCode).toBe(200);
    await t.db.delete(circleMembers).where(and(eq(circleMembers.circleId, family), eq(circleMembers.userId, extra.id)));
    const missing = await inject(extra, 'GET', `/api/v1/locations/${crypto.randomUUID()}`);
    for (const url of [
      `/api/v1/locations/${spot.shared.id}`,
      `/api/v1/locations/${spot.approximate.id}`,
      `/api/v1/locations/${spot.shared.id}/visits`,
    ]) {
      const answer = await inject(extra, 'GET', url);
      expect(answer.statusCode).toBe(404);
      expect(sameAnswer(answer)).toBe(sameAnswer(missing));
    }
    expect((await inject(extra, 'GET', spot.shared.photo_url!)).statusCode).toBe(404);
    expect(ids(await listOf(extra))).not.toContain(spot.shared.id);
    const check = await inject(extra, 'POST', '/api/v1/locations/check', {
      ids: [spot.shared.id, spot.approximate.id],
    });
    expect(check.json()).toEqual({ items: [] });
  });

  it('unshares a spot whose audience shrinks, for the circle at once', async () => {
    const patched = await inject(people.a, 'PATCH', `/api/v1/locations/${spot.shared.id}`, { audience: 'private' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ audience: 'private', circle_ids: [] });
    expect((await inject(people.b, 'GET', `/api/v1/locations/${spot.shared.id}`)).statusCode).toBe(404);
    expect((await inject(people.b, 'GET', spot.shared.photo_url!)).statusCode).toBe(404);
    const back = await inject(people.a, 'PATCH', `/api/v1/locations/${spot.shared.id}`, {
      audience: 'circles',
      circle_ids: [family],
    });
    expect(back.json()).toMatchObject({ audience: 'circles', circle_ids: [family] });
    expect((await inject(people.b, 'GET', `/api/v1/locations/${spot.shared.id}`)).statusCode).toBe(200);
  });

  it('refuses sharing fields that disagree, with a clear message', async () => {
    for (const body of [
      { audience: 'public', is_public: false },
      { audience: 'circles' },
      { audience: 'private', circle_ids: [family] },
      { precision: '5km' },
    ]) {
      const answer = await inject(people.a, 'PATCH', `/api/v1/locations/${spot.secret.id}`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
  });
});

describe('the map’s kept counts', () => {
  it('count for each viewer exactly what they may see, approximate spots at their shown points', async () => {
    // More spots than a tile sends one by one, so the tile answers with counted cells: kept public cells, the
    // viewer's own, and the circle's spots counted from the spots. Placed well inside one z 8 tile.
    const key = tileOf(8, 54.75, 24.6);
    const { west, east, north, south } = tileBounds(key);
    const made = { public: 0, publicApproximate: 0, circle: 0, circleApproximate: 0, secret: 0 };
    const kinds = Object.keys(made) as Array<keyof typeof made>;
    const rows = Array.from({ length: MAP_MARKERS_MAX * 2 }, (_, index) => {
      const kind = kinds[index % kinds.length]!;
      made[kind]++;
      return {
        id: crypto.randomUUID(),
        userId: people.a.id,
        type: 'mushroom_spot' as const,
        mushroomTypes: 'Bulk',
        finder: 'A',
        dateFound: '2026-09-01',
        latitude: south + (north - south) * (0.3 + (0.4 * ((index * 37) % 101)) / 101),
        longitude: west + (east - west) * (0.3 + (0.4 * ((index * 53) % 103)) / 103),
        isPublic: kind.startsWith('public'),
        precision: kind.endsWith('Approximate') ? ('1km' as const) : ('exact' as const),
        kind,
      };
    });
    await t.db.insert(spotsTable).values(rows.map(({ kind: _kind, ...row }) => row));
    await t.db
      .insert(spotCircles)
      .values(rows.filter((row) => row.kind.startsWith('circle')).map((row) => ({ spotId: row.id, circleId: family })));
    // B is in a second circle of A's that holds the same spots: still each counted once.
    const second = crypto.randomUUID();
    await t.db.insert(circles).values({ id: second, name: 'Club' });
    await t.db.insert(circleMembers).values([
      { circleId: second, userId: people.a.id, role: 'owner' },
      { circleId: second, userId: people.b.id, role: 'member' },
    ]);
    await t.db
      .insert(spotCircles)
      .values(rows.filter((row) => row.kind.startsWith('circle')).map((row) => ({ spotId: row.id, circleId: second })));

    const expected = await visibleIn(key);
    const fromBulk = { a: rows.length, b: rows.length - made.secret, c: made.public + made.publicApproximate };
    for (const who of ['a', 'b', 'c'] as const) {
      const answer = await inject(people[who], 'GET', tileUrl(key));
      const tile = answer.json<MapTile>();
      expect(tile.total, who).toBe(expected[who]);
      expect(tile.total, who).toBeGreaterThanOrEqual(fromBulk[who]);
      if (tile.total <= MAP_MARKERS_MAX) {
        // C sees only the public ones: few enough to come one by one.
        expect(tile.markers).toHaveLength(tile.total);
        continue;
      }
      expect(tile.markers).toEqual([]);
      // Each cell's count, against the viewer's own list of where they see the spots.
      expect(tile.cells.map((cell) => [cell.cx, cell.cy, cell.count])).toEqual(await cellsOf(who, key));
    }
  });
});

/** Every kept count as one sorted list of "table key: counts", shards added up and empty rows left out. */
async function keptCounts(): Promise<string[]> {
  const { rows } = await t.query<{ row: string; sum_latitude: number; sum_longitude: number }>(sql`
    select row, sum_latitude, sum_longitude from (
      select 'public ' || level || '/' || cx || '/' || cy || ': ' || sum(mushroom_spots) || ' ' || sum(car_parks) as row,
             sum(sum_latitude) as sum_latitude, sum(sum_longitude) as sum_longitude,
             sum(mushroom_spots) <> 0 or sum(car_parks) <> 0 as counts
      from map_cells group by level, cx, cy
      union all
      select 'owner ' || user_id || ' ' || level || '/' || cx || '/' || cy || ': ' || mushroom_spots || ' ' || car_parks,
             sum_latitude, sum_longitude, mushroom_spots <> 0 or car_parks <> 0
      from map_owner_cells
      union all
      select 'circle ' || circle_id || ' ' || level || '/' || cx || '/' || cy || ': ' || mushroom_spots || ' ' || car_parks,
             sum_latitude, sum_longitude, mushroom_spots <> 0 or car_parks <> 0
      from map_circle_cells
    ) kept where counts order by row`);
  // Sums of coordinates to 4 decimals: added up in another order, the last digits of a double differ.
  return rows.map(
    (row) => `${row.row} @ ${Number(row.sum_latitude).toFixed(4)} ${Number(row.sum_longitude).toFixed(4)}`,
  );
}

describe('the map’s kept counts through every kind of change', () => {
  it('stay what counting every spot afresh gives, and each viewer’s tile stays their list', async () => {
    const key = tileOf(8, 54.75, 24.6);
    const { west, east, north, south } = tileBounds(key);
    const at = (i: number) => ({
      latitude: south + (north - south) * (0.35 + 0.03 * i),
      longitude: west + (east - west) * (0.4 + 0.02 * i),
    });
    const club = crypto.randomUUID();
    await t.db.insert(circles).values({ id: club, name: 'Mycological club' });
    await t.db.insert(circleMembers).values([
      { circleId: club, userId: people.a.id, role: 'owner' },
      { circleId: club, userId: people.b.id, role: 'member' },
      { circleId: club, userId: people.c.id, role: 'member' },
    ]);
    const a1 = await createAs(people.a, { ...at(1), audience: 'circles', circle_ids: [family, club] });
    const a2 = await createAs(people.a, { ...at(2), audience: 'circles', circle_ids: [club], precision: '10km' });
    const a3 = await createAs(people.a, { ...at(3), type: 'car_park', audience: 'circles', circle_ids: [family] });
    const b1 = await createAs(people.b, {
      ...at(4),
      audience: 'circles',
      circle_ids: [family, club],
      precision: '1km',
    });
    const c1 = await createAs(people.c, { ...at(5), audience: 'circles', circle_ids: [club] });
    const patch = async (who: Person, id: string, body: object) => {
      const answer = await inject(who, 'PATCH', `/api/v1/locations/${id}`, body);
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const consistent = async (step: string) => {
      const kept = await keptCounts();
      await t.query(sql`select foray_map_cells_rebuild()`);
      expect(kept, step).toEqual(await keptCounts());
      // The overlaps a tile reads are exactly the shares of the spots shared with two or more circles.
      const overlaps = await t.query<{ share: string }>(sql`
        select location_id || ' ' || circle_id as share from location_circle_overlaps order by 1`);
      const shares = await t.query<{ share: string }>(sql`
        select location_id || ' ' || circle_id as share from location_circles
        where location_id in (select location_id from location_circles group by location_id having count(*) > 1)
        order by 1`);
      expect(overlaps.rows, step).toEqual(shares.rows);
      if (step !== 'a circle deleted') expect(overlaps.rows.length, step).toBeGreaterThan(0);
      const expected = await visibleIn(key);
      for (const who of ['a', 'b', 'c'] as const) {
        const tile = (await inject(people[who], 'GET', tileUrl(key))).json<MapTile>();
        expect(tile.total, `${step}: ${who}`).toBe(expected[who]);
      }
    };
    await consistent('shared with one or two circles');
    await patch(people.a, a1.id, { ...at(6) });
    await patch(people.a, a2.id, { precision: '1km' });
    await patch(people.b, b1.id, { ...at(7), precision: 'exact' });
    await consistent('moved, another precision');
    await patch(people.a, a1.id, { audience: 'public', is_public: true });
    await patch(people.a, a3.id, { audience: 'circles', circle_ids: [family, club] });
    await t.db.update(spotsTable).set({ type: 'mushroom_spot' }).where(eq(spotsTable.id, a3.id));
    await consistent('made public, shared more widely, retyped');
    await patch(people.a, a1.id, { audience: 'circles', circle_ids: [club] });
    await patch(people.a, a2.id, { audience: 'private' });
    await consistent('public to one circle, circles to only me');
    // C leaves the club: C's own share with it ends, and A's and B's no longer reach C.
    expect((await inject(people.c, 'DELETE', `/api/v1/circles/${club}/members/${people.c.id}`)).statusCode).toBe(204);
    await consistent('a member left');
    expect((await inject(people.a, 'DELETE', `/api/v1/locations/${b1.id}`)).statusCode).toBe(404);
    expect((await inject(people.b, 'DELETE', `/api/v1/locations/${b1.id}`)).statusCode).toBe(204);
    await consistent('a shared spot deleted');
    expect((await inject(people.a, 'DELETE', `/api/v1/circles/${club}`)).statusCode).toBe(204);
    await consistent('a circle deleted');
    expect((await inject(people.c, 'GET', `/api/v1/locations/${c1.id}`)).json()).toMatchObject({ audience: 'private' });
  });
});

describe('exports and imports', () => {
  // Circles of their own, so the tests above leave them as they were: A and B in the club; A alone in "Secret";
  // C alone in "C's".
  const circle = { club: crypto.randomUUID(), secret: crypto.randomUUID(), cs: crypto.randomUUID() };
  /** Far from the spots above (and the counts' tile), six decimals each. */
  const WHERE = { latitude: 56.112345, longitude: 21.154321 };
  let clubSpot: Spot;

  beforeAll(async () => {
    await t.db.insert(circles).values([
      { id: circle.club, name: 'Club' },
      { id: circle.secret, name: 'Secret' },
      { id: circle.cs, name: 'C’s' },
    ]);
    await t.db.insert(circleMembers).values([
      { circleId: circle.club, userId: people.a.id, role: 'owner' },
      { circleId: circle.club, userId: people.b.id, role: 'member' },
      { circleId: circle.secret, userId: people.a.id, role: 'owner' },
      { circleId: circle.cs, userId: people.c.id, role: 'owner' },
    ]);
    clubSpot = await createAs(people.a, {
      ...WHERE,
      mushroom_types: 'Club morels',
      accuracy_m: 5,
      audience: 'circles',
      circle_ids: [circle.club, circle.secret],
      precision: '1km',
    });
  });

  const exportOf = async (who: Person, format: string) => {
    const response = await inject(who, 'GET', `/api/v1/export?format=${format}&scope=visible&bbox=20,55,23,57`);
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const trueText = [String(WHERE.latitude), String(WHERE.longitude)];

  it('carry the owner’s audience, circles and precision, and the true position, in all four formats', async () => {
    const [geojson, gpx, kml, csv] = await Promise.all(
      ['geojson', 'gpx', 'kml', 'csv'].map((f) => exportOf(people.a, f)),
    );
    const feature = JSON.parse(geojson!).features.find((item: { id: string }) => item.id === clubSpot.id);
    expect(feature.properties).toMatchObject({ audience: 'circles', precision: '1km', accuracy_m: 5, area: null });
    expect([...feature.properties.circle_ids].sort()).toEqual([circle.club, circle.secret].sort());
    expect(feature.geometry.coordinates).toEqual([WHERE.longitude, WHERE.latitude]);
    expect(gpx).toContain('<foray:audience>circles</foray:audience>');
    expect(gpx).toContain(`<foray:circle>${circle.secret}</foray:circle>`);
    expect(gpx).toContain('<foray:precision>1km</foray:precision>');
    expect(kml).toContain('<Data name="audience"><value>circles</value></Data>');
    expect(kml).toContain('<Data name="precision"><value>1km</value></Data>');
    expect(kml).toContain(circle.secret);
    expect(csv).toContain(circle.secret);
    for (const body of [gpx!, kml!, csv!]) for (const text of trueText) expect(body).toContain(text);
    // Still valid against the published schemas, with Foray's fields in their places.
    expect(schemaErrors('gpx', gpx!)).toEqual([]);
    expect(schemaErrors('kml', kml!)).toEqual([]);
  });

  it('give a member only the circles they share and the shown point; C and the visitor get no trace', async () => {
    const shown = (await inject(people.b, 'GET', `/api/v1/locations/${clubSpot.id}`)).json<Spot>();
    expect(shown.circle_ids).toEqual([circle.club]);
    for (const format of ['geojson', 'gpx', 'kml', 'csv']) {
      const forB = await exportOf(people.b, format);
      expect(forB, format).toContain(clubSpot.id);
      expect(forB, format).toContain(circle.club);
      // Not A's other circle, not the true position, not its accuracy.
      expect(forB, format).not.toContain(circle.secret);
      for (const text of trueText) expect(mentions(forB, text), `${format} ${text}`).toBe(false);
      expect(forB, format).toContain(String(shown.latitude));
      expect(forB, format).not.toMatch(/accuracy_m[^\n]{0,12}\b5\b/);
      if (format === 'gpx' || format === 'kml') expect(schemaErrors(format, forB)).toEqual([]);
      const forC = await exportOf(people.c, format);
      for (const hidden of [clubSpot.id, circle.club, circle.secret, 'Club morels']) expect(forC).not.toContain(hidden);
    }
    const feature = JSON.parse(await exportOf(people.b, 'geojson')).features.find(
      (item: { id: string }) => item.id === clubSpot.id,
    );
    expect(feature.properties).toMatchObject({ audience: 'circles', precision: '1km', accuracy_m: null });
    expect(feature.properties.area).toEqual(shown.area);
    expect((await inject(null, 'GET', '/api/v1/export?format=csv')).statusCode).toBe(401);
  });

  const gpx = (points: Array<{ name: string; audience?: string; lat: number }>) => ({
    name: 'walk.gpx',
    bytes: new TextEncoder().encode(
      '<?xml version="1.0"?><gpx version="1.1" creator="Foray" xmlns="http://www.topografix.com/GPX/1/1" ' +
        'xmlns:foray="urn:foray:spot:1">' +
        points
          .map(
            (point) =>
              `<wpt lat="${point.lat}" lon="21.9"><time>2026-08-03T00:00:00Z</time><name>${point.name}</name>` +
              (point.audience ? `<extensions><foray:audience>${point.audience}</foray:audience></extensions>` : '') +
              '</wpt>',
          )
          .join('') +
        '</gpx>',
    ),
  });
  async function importAs(who: Person, file: { name: string; bytes: Uint8Array }, fields: Record<string, string>) {
    const body = await multipart({ import_id: crypto.randomUUID(), ...fields }, { ...file, field: 'file' });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/import',
      headers: { cookie: who.cookie, ...body.headers },
      payload: body.payload,
    });
  }
  /** What `who` sees of others' imported spots (the files' date), by name. */
  const othersImported = async (who: Person) =>
    (await listOf(who, '&bbox=20,55.5,23.5,57.5')).items
      .filter((item) => !item.is_owner && item.date_found === '2026-08-03')
      .map((item) => item.mushroom_types)
      .sort();

  it('import into one’s own circles only: the members see the spots, approximately; C sees nothing', async () => {
    const file = gpx([
      { name: 'Imported ceps', lat: 56.31 },
      { name: 'Imported chanterelles', lat: 56.32 },
    ]);
    const saved = await importAs(people.a, file, { audience: 'circles', circle_ids: circle.club, precision: '10km' });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await othersImported(people.b)).toEqual(['Imported ceps', 'Imported chanterelles']);
    expect(await othersImported(people.c)).toEqual([]);
    const seen = (await listOf(people.b)).items.find((item) => item.mushroom_types === 'Imported ceps')!;
    expect(seen).toMatchObject({ audience: 'circles', circle_ids: [circle.club], precision: '10km', accuracy_m: null });
    expect(seen.area).not.toBeNull();
    expect((await inject(people.c, 'GET', `/api/v1/locations/${seen.id}`)).statusCode).toBe(404);

    // Another's circle, or one that does not exist: the same refusal, and nothing saved.
    const before = (await listOf(people.c)).items.length;
    const refusals = [];
    for (const circleIds of [circle.club, crypto.randomUUID(), `${circle.cs},${circle.club}`]) {
      const refused = await importAs(people.c, gpx([{ name: 'Not mine to share', lat: 56.4 }]), {
        audience: 'circles',
        circle_ids: circleIds,
      });
      expect(refused.statusCode).toBe(400);
      refusals.push(refused.json().error);
    }
    expect(refusals.every((error) => error.code === 'UNKNOWN_CIRCLE')).toBe(true);
    expect(new Set(refusals.map((error) => error.message)).size).toBe(1);
    expect((await listOf(people.c)).items.length).toBe(before);
    expect(await othersImported(people.b)).not.toContain('Not mine to share');
  });

  it('import no wider than the file says: its only-me spots stay so, and its circles never become everyone', async () => {
    const file = gpx([
      { name: 'Kept to me in the file', audience: 'private', lat: 56.51 },
      { name: 'Circles in the file', audience: 'circles', lat: 56.52 },
      { name: 'Silent file', lat: 56.53 },
    ]);
    const form = await multipart({}, { ...file, field: 'file' });
    const shown = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/import/preview',
        headers: { cookie: people.a.cookie, ...form.headers },
        payload: form.payload,
      })
    ).json<{ spots: Array<{ mushroom_types: string; file_audience: string | null }> }>();
    expect(shown.spots.map((item) => [item.mushroom_types, item.file_audience])).toEqual([
      ['Kept to me in the file', 'private'],
      ['Circles in the file', 'circles'],
      ['Silent file', null],
    ]);
    // The older field still works: "everyone".
    expect((await importAs(people.a, file, { sharing: 'public' })).statusCode).toBe(201);
    expect(await othersImported(people.c)).toEqual(['Silent file']);
    const own = (await listOf(people.a, '&q=file')).items;
    expect(
      own
        .filter((item) => item.audience === 'private')
        .map((item) => item.mushroom_types)
        .sort(),
    ).toEqual(['Circles in the file', 'Kept to me in the file']);
    // Sharing and audience that disagree are refused with a message.
    const disagree = await importAs(people.a, file, { sharing: 'public', audience: 'private' });
    expect(disagree.statusCode).toBe(400);
    expect(disagree.json().error.message).toMatch(/sharing/);
  });
});
