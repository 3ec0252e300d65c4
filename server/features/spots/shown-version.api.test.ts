import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext, sameAnswer } from '../../test/test-app.ts';
import { circleMembers, circles } from '../../db/schema.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

/**
 * What others see of an approximate spot's version and last change (ADR 0070): A moves her spots inside their cells
 * and sets another accuracy; B (in the circle one is shared with) and C (who sees the other, public one) get every
 * answer byte for byte as before — by id, the list, the box, the pins, the device check, the four exports, the tiles
 * with their ETags, the map's count and due now. A change they can see (the notes) moves version and updated_at for
 * them. A sees the real version and last change all along.
 */
let t: TestContext;
type Person = { cookie: string; id: string };
const people = {} as Record<'a' | 'b' | 'c', Person>;
let family: string;
let club: string;
const spot = {} as Record<'shared' | 'public', Spot>;
/** Where B is shown each spot (both are B's to see): the tiles asked for are those that hold it. */
const shown: Array<{ latitude: number; longitude: number }> = [];
const BOX = '24,54,26,55.5';

const inject = (who: Person, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie, ...headers }, ...(payload ? { payload } : {}) });

async function person(email: string): Promise<Person> {
  const { cookie } = await t.createUser(email);
  const { rows } = await t.query<{ id: string }>(sql`select id from "user" where email = ${email}`);
  return { cookie, id: rows[0]!.id };
}

/** The tile of zoom z that holds a point (Web Mercator). */
function tileOf(z: number, latitude: number, longitude: number) {
  const n = 2 ** z;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const rad = (latitude * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `/api/v1/map/tiles/${z}/${x}/${y}`;
}

const oneYearAgo = () => {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - 1);
  return day.toISOString().slice(0, 10);
};

/** Every answer of every route that gives `who` these spots: status, the headers that could carry a version, body. */
async function everythingSeenBy(who: Person): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  const record = async (name: string, answer: Promise<{ statusCode: number; headers: object; body: string }>) => {
    const response = await answer;
    const headers = response.headers as Record<string, unknown>;
    seen[name] = JSON.stringify([response.statusCode, headers.etag ?? null, headers['last-modified'] ?? null]);
    // A GPX file says when it was exported; nothing else in any answer is about the moment it was asked.
    seen[`${name} body`] = sameAnswer(response).replace(/<metadata>.*?<\/metadata>/, '<metadata/>');
  };
  for (const one of Object.values(spot)) {
    await record(`by id ${one.id}`, inject(who, 'GET', `/api/v1/locations/${one.id}`));
    await record(`visits ${one.id}`, inject(who, 'GET', `/api/v1/locations/${one.id}/visits`));
  }
  await record('list', inject(who, 'GET', '/api/v1/locations?limit=200'));
  await record('box', inject(who, 'GET', `/api/v1/locations?limit=200&bbox=${BOX}`));
  await record('pins', inject(who, 'GET', `/api/v1/map/pins?bbox=${BOX}&limit=10000`));
  await record('count', inject(who, 'GET', `/api/v1/map/count?bbox=${BOX}`));
  await record('check', inject(who, 'POST', '/api/v1/locations/check', { ids: [spot.shared.id, spot.public.id] }));
  await record('due', inject(who, 'GET', '/api/v1/fruiting/due'));
  for (const format of ['gpx', 'kml', 'geojson', 'csv'])
    await record(`export ${format}`, inject(who, 'GET', `/api/v1/export?format=${format}&scope=visible`));
  for (const one of shown) {
    for (const z of [8, 12, 16]) {
      const url = tileOf(z, one.latitude, one.longitude);
      await record(`tile ${url}`, inject(who, 'GET', url));
    }
  }
  return seen;
}

const asSeenBy = async (who: Person, id: string) => (await inject(who, 'GET', `/api/v1/locations/${id}`)).json<Spot>();

/** A point inside the viewer's cell of the spot, away from where it is: a move others must not notice. */
function elsewhereInCell(area: [number, number, number, number], at: { latitude: number; longitude: number }) {
  const [minLng, minLat, maxLng, maxLat] = area;
  const latitude =
    at.latitude < (minLat + maxLat) / 2 ? minLat + 0.7 * (maxLat - minLat) : minLat + 0.3 * (maxLat - minLat);
  const longitude =
    at.longitude < (minLng + maxLng) / 2 ? minLng + 0.7 * (maxLng - minLng) : minLng + 0.3 * (maxLng - minLng);
  return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
}

async function edit(id: string, patch: object): Promise<Spot> {
  const own = await asSeenBy(people.a, id);
  const response = await inject(people.a, 'PATCH', `/api/v1/locations/${id}`, { ...patch, base_version: own.version });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Spot>();
}

beforeAll(async () => {
  t = await createTestContext();
  people.a = await person('shown-a@example.com');
  people.b = await person('shown-b@example.com');
  people.c = await person('shown-c@example.com');
  family = crypto.randomUUID();
  club = crypto.randomUUID();
  await t.db.insert(circles).values([
    { id: family, name: 'Family' },
    { id: club, name: 'Club' },
  ]);
  await t.db.insert(circleMembers).values([
    { circleId: family, userId: people.a.id, role: 'owner' },
    { circleId: family, userId: people.b.id, role: 'member' },
    { circleId: club, userId: people.a.id, role: 'owner' },
  ]);
  const create = async (fields: object) => {
    const response = await inject(
      people.a,
      'POST',
      '/api/v1/locations',
      validSpot({ id: crypto.randomUUID(), ...fields }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Spot>();
  };
  spot.shared = await create({
    latitude: 54.731234,
    longitude: 25.301234,
    accuracy_m: 7,
    audience: 'circles',
    circle_ids: [family],
    precision: '1km',
    notes: 'family glade',
  });
  spot.public = await create({
    latitude: 54.651234,
    longitude: 25.191234,
    accuracy_m: 9,
    audience: 'public',
    is_public: true,
    precision: '10km',
    notes: 'for everyone',
  });
  // A find a year ago today: the shared spot is due now for B.
  const visit = await inject(people.a, 'POST', `/api/v1/locations/${spot.shared.id}/visits`, {
    id: crypto.randomUUID(),
    date: oneYearAgo(),
    outcome: 'found',
    amount: 'some',
  });
  expect(visit.statusCode, visit.body).toBe(201);
  for (const one of Object.values(spot)) shown.push(await asSeenBy(people.b, one.id));
});
afterAll(() => t.close());

describe('an approximate spot moved inside its cell', () => {
  it('reaches a circle member and a public viewer byte for byte as before; its owner sees the new version', async () => {
    const b = await asSeenBy(people.b, spot.shared.id);
    const c = await asSeenBy(people.c, spot.public.id);
    expect((await inject(people.b, 'GET', '/api/v1/fruiting/due')).json<{ items: unknown[] }>().items).toHaveLength(1);
    const before = { b: await everythingSeenBy(people.b), c: await everythingSeenBy(people.c) };
    const tileEtag = JSON.parse(before.b[`tile ${tileOf(16, b.latitude, b.longitude)}`]!)[1] as string;
    expect(tileEtag).toMatch(/^"/);
    const ownBefore = await asSeenBy(people.a, spot.shared.id);

    const movedShared = await edit(spot.shared.id, { ...elsewhereInCell(b.area!, spot.shared), accuracy_m: 30 });
    await edit(spot.public.id, { ...elsewhereInCell(c.area!, spot.public), accuracy_m: 3 });
    // A change of the circles it is shared with that B is not in: nothing B sees changes either.
    await edit(spot.shared.id, { audience: 'circles', circle_ids: [family, club] });

    expect(await everythingSeenBy(people.b)).toEqual(before.b);
    expect(await everythingSeenBy(people.c)).toEqual(before.c);
    // A conditional request for the tile is still answered "not modified".
    const again = await inject(people.b, 'GET', tileOf(16, b.latitude, b.longitude), undefined, {
      'if-none-match': tileEtag,
    });
    expect(again.statusCode).toBe(304);
    // The owner sees her edits: her version moved with each.
    const own = await asSeenBy(people.a, spot.shared.id);
    expect(movedShared.version).toBe(ownBefore.version + 1);
    expect(own.version).toBe(ownBefore.version + 2);
    expect(own.updated_at > ownBefore.updated_at).toBe(true);
    expect(own).toMatchObject({ accuracy_m: 30, circle_ids: [family, club].sort() });
  });

  it('moves version and updated_at for them when something they see changes', async () => {
    const before = { b: await asSeenBy(people.b, spot.shared.id), c: await asSeenBy(people.c, spot.public.id) };
    const checked = async (who: Person, id: string) =>
      (await inject(who, 'POST', '/api/v1/locations/check', { ids: [id] })).json<{
        items: Array<{ id: string; version: number }>;
      }>().items;
    await edit(spot.shared.id, { notes: 'family glade, by the stream' });
    await edit(spot.public.id, { notes: 'for everyone, by the road' });
    const after = { b: await asSeenBy(people.b, spot.shared.id), c: await asSeenBy(people.c, spot.public.id) };
    for (const who of ['b', 'c'] as const) {
      expect(after[who].version).toBe(before[who].version + 1);
      expect(after[who].updated_at > before[who].updated_at).toBe(true);
      expect(after[who].notes).not.toBe(before[who].notes);
      expect({ ...after[who], version: 0, updated_at: '', notes: '' }).toEqual({
        ...before[who],
        version: 0,
        updated_at: '',
        notes: '',
      });
    }
    expect(await checked(people.b, spot.shared.id)).toEqual([{ id: spot.shared.id, version: after.b.version }]);
    expect(await checked(people.c, spot.public.id)).toEqual([{ id: spot.public.id, version: after.c.version }]);
    // What others are shown never runs ahead of the owner's own version.
    expect((await asSeenBy(people.a, spot.shared.id)).version).toBeGreaterThan(after.b.version);
  });
});
