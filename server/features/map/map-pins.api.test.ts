import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { circleMembers, circles } from '../../db/schema.ts';
import { MapPinsSchema, type MapPins } from '../../../common/schemas/map-pins.ts';
import { pinOf } from '../../../common/map-pin.ts';
import { SpotPageSchema, type Spot } from '../../../common/schemas/spots.ts';

/**
 * The spots' map's pins (ADR 0065): for every caller, box and filter, exactly the spots the box route lists
 * (GET /api/v1/locations?bbox=…&limit=10000), in its order, each as pinOf(spot). A owns the circle "Family", B is in
 * it, C is in none of A's circles, the visitor has no account. A private spot reaches nobody but its owner; a spot
 * shared with the circle reaches its members only, and stops reaching one who leaves or is removed; someone else's
 * approximate spot comes at its shown point inside its area, without accuracy, its true position in no answer.
 */
let t: TestContext;
type Person = { cookie: string; id: string };
const people = {} as Record<'a' | 'b' | 'c', Person>;
let family: string;

/** Where the spots really are: six decimals each, so a body holding a true position would show these strings. */
const TRUE = {
  secret: { latitude: 54.691234, longitude: 25.241234 },
  shared: { latitude: 54.712345, longitude: 25.276543 },
  sharedApprox: { latitude: 54.731234, longitude: 25.301234 },
  publicApprox: { latitude: 54.651234, longitude: 25.191234 },
  carPark: { latitude: 54.702345, longitude: 25.262345 },
  bPublic: { latitude: 54.682345, longitude: 25.222345 },
  bShared: { latitude: 54.742345, longitude: 25.322345 },
  bPrivate: { latitude: 54.662345, longitude: 25.212345 },
  cPublic: { latitude: 54.672345, longitude: 25.232345 },
  cPrivate: { latitude: 54.722345, longitude: 25.292345 },
  cFar: { latitude: 55.902345, longitude: 21.102345 },
};
type Name = keyof typeof TRUE;
const spot = {} as Record<Name, Spot>;

/** Every spot above but cFar; ALL and WORLD hold every spot, WEST the western part, EMPTY none. */
const BOXES = {
  ALL: '24,54,26,55.5',
  WEST: '25.2,54.6,25.27,54.8',
  EMPTY: '10,40,10.5,40.5',
  WORLD: '-180,-90,180,90',
};

const get = (who: Person | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

async function createAs(who: Person, name: Name, fields: Record<string, unknown>): Promise<Spot> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie: who.cookie },
    payload: validSpot({ id: crypto.randomUUID(), ...TRUE[name], ...fields }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Spot>();
}

async function person(email: string): Promise<Person> {
  const { cookie } = await t.createUser(email);
  const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie } });
  return { cookie, id: me.json<{ id: string }>().id };
}

/** The box route's answer for the same box and filter, as many as the pins route may give. */
async function boxRoute(who: Person, bbox: string, filter = ''): Promise<Spot[]> {
  const response = await get(who, `/api/v1/locations?bbox=${bbox}&limit=10000${filter}`);
  expect(response.statusCode, response.body).toBe(200);
  return SpotPageSchema.parse(response.json()).items;
}

/** The pins, checked against their schema; the raw body too, for searching its text. */
async function pinsOf(who: Person, bbox: string, filter = ''): Promise<{ pins: MapPins; body: string }> {
  const response = await get(who, `/api/v1/map/pins?bbox=${bbox}${filter}`);
  expect(response.statusCode, `${bbox}${filter}: ${response.body}`).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('private, no-store');
  const pins = response.json<MapPins>();
  const parsed = MapPinsSchema.safeParse(pins);
  expect(parsed.success, `${bbox}${filter}: ${parsed.error?.message}`).toBe(true);
  return { pins, body: response.body };
}

/** The pins of a box and filter are the box route's spots as pins, in its order, and not truncated. */
async function expectPinsAsBox(who: Person, bbox: string, filter = ''): Promise<{ pins: MapPins; body: string }> {
  const [answer, spots] = await Promise.all([pinsOf(who, bbox, filter), boxRoute(who, bbox, filter)]);
  expect(answer.pins, `${bbox}${filter}`).toEqual({ items: spots.map(pinOf), truncated: false });
  return answer;
}

const text = (point: { latitude: number; longitude: number }) => [String(point.latitude), String(point.longitude)];
const idsOf = (pins: MapPins) => pins.items.map((pin) => pin.id);

beforeAll(async () => {
  t = await createTestContext();
  people.a = await person('pins-a@example.com');
  people.b = await person('pins-b@example.com');
  people.c = await person('pins-c@example.com');
  // The circle is made in the database, as the spots' circle tests do: the circle routes have tests of their own.
  family = crypto.randomUUID();
  await t.db.insert(circles).values({ id: family, name: 'Family' });
  await t.db.insert(circleMembers).values([
    { circleId: family, userId: people.a.id, role: 'owner' },
    { circleId: family, userId: people.b.id, role: 'member' },
  ]);
  const { a, b, c } = people;
  spot.secret = await createAs(a, 'secret', { mushroom_types: 'Secret porcini', accuracy_m: 3 });
  spot.shared = await createAs(a, 'shared', {
    mushroom_types: 'Family chanterelles',
    accuracy_m: 4,
    audience: 'circles',
    circle_ids: [family],
  });
  spot.sharedApprox = await createAs(a, 'sharedApprox', {
    mushroom_types: 'Family morels',
    accuracy_m: 7,
    audience: 'circles',
    circle_ids: [family],
    precision: '1km',
  });
  spot.publicApprox = await createAs(a, 'publicApprox', {
    mushroom_types: 'Public ceps',
    accuracy_m: 9,
    is_public: true,
    precision: '10km',
  });
  // Placed by hand: no accuracy.
  spot.carPark = await createAs(a, 'carPark', { type: 'car_park', mushroom_types: '', is_public: true });
  spot.bPublic = await createAs(b, 'bPublic', { accuracy_m: 6, is_public: true });
  spot.bShared = await createAs(b, 'bShared', {
    mushroom_types: 'B chanterelles',
    accuracy_m: 5,
    audience: 'circles',
    circle_ids: [family],
    precision: '1km',
  });
  spot.bPrivate = await createAs(b, 'bPrivate', { mushroom_types: 'B hidden' });
  spot.cPublic = await createAs(c, 'cPublic', { type: 'car_park', is_public: true });
  spot.cPrivate = await createAs(c, 'cPrivate', { mushroom_types: 'C hidden', date_found: '2025-08-01' });
  spot.cFar = await createAs(c, 'cFar', { is_public: true });
  // Two spots made in the same instant: the order between them is the id's, on both routes.
  await t.query(sql`update locations set created_at = (select created_at from locations where id = ${spot.bPublic.id})
    where id in (${spot.publicApprox.id}, ${spot.carPark.id})`);
});
afterAll(() => t.close());

/** What each viewer must never find in any answer: others' private spots, the true place of others' approximate ones. */
const forbidden = (): Record<'a' | 'b' | 'c', string[]> => ({
  a: [spot.bPrivate.id, spot.cPrivate.id, 'B hidden', 'C hidden', ...text(TRUE.bShared), ...text(TRUE.bPrivate)],
  b: [
    spot.secret.id,
    spot.cPrivate.id,
    'Secret porcini',
    'C hidden',
    ...text(TRUE.secret),
    ...text(TRUE.sharedApprox),
    ...text(TRUE.publicApprox),
    ...text(TRUE.cPrivate),
  ],
  c: [
    spot.secret.id,
    spot.shared.id,
    spot.sharedApprox.id,
    spot.bShared.id,
    spot.bPrivate.id,
    'Secret porcini',
    'Family',
    'B chanterelles',
    'B hidden',
    ...text(TRUE.secret),
    ...text(TRUE.shared),
    ...text(TRUE.sharedApprox),
    ...text(TRUE.publicApprox),
    ...text(TRUE.bShared),
    ...text(TRUE.bPrivate),
  ],
});

describe('the map’s pins', () => {
  it('are the box route’s spots as pins, in its order, for every viewer, box and filter', async () => {
    const filters = [
      '',
      '&type=car_park',
      '&type=mushroom_spot',
      '&q=chanterelle',
      '&audience=circles',
      `&circle_id=${family}`,
      '&owner=mine',
      '&owner=others',
      '&from=2026-01-01&to=2026-12-31',
    ];
    let nonEmpty = 0;
    let pinsSeen = 0;
    const never = forbidden();
    for (const who of ['a', 'b', 'c'] as const) {
      for (const [boxName, bbox] of Object.entries(BOXES)) {
        for (const filter of filters) {
          const { pins, body } = await expectPinsAsBox(people[who], bbox, filter);
          if (pins.items.length > 0) nonEmpty++;
          pinsSeen += pins.items.length;
          for (const hidden of never[who]) expect(body, `${who} ${boxName}${filter}: ${hidden}`).not.toContain(hidden);
          if (boxName === 'EMPTY') expect(pins.items, `${who}${filter}`).toEqual([]);
        }
      }
    }
    // The comparison is of something: most views hold spots, and many of them.
    expect(nonEmpty).toBeGreaterThan(50);
    expect(pinsSeen).toBeGreaterThan(200);
  });

  it('hold exactly what each viewer may see: A’s private spot for A alone, A’s circle spots for B and not C', async () => {
    const sorted = (names: Name[]) => names.map((name) => spot[name].id).sort();
    const seen = async (who: Person, bbox = BOXES.WORLD, filter = '') =>
      idsOf((await expectPinsAsBox(who, bbox, filter)).pins).sort();
    const publicOnes: Name[] = ['publicApprox', 'carPark', 'bPublic', 'cPublic', 'cFar'];
    expect(await seen(people.a)).toEqual(sorted(['secret', 'shared', 'sharedApprox', 'bShared', ...publicOnes]));
    expect(await seen(people.b)).toEqual(sorted(['shared', 'sharedApprox', 'bShared', 'bPrivate', ...publicOnes]));
    expect(await seen(people.c)).toEqual(sorted(['cPrivate', ...publicOnes]));
    expect(await seen(people.b, BOXES.ALL, `&circle_id=${family}`)).toEqual(
      sorted(['shared', 'sharedApprox', 'bShared']),
    );
    expect(await seen(people.c, BOXES.ALL, `&circle_id=${family}`)).toEqual([]);
    expect(await seen(people.b, BOXES.ALL, '&owner=mine')).toEqual(sorted(['bPublic', 'bShared', 'bPrivate']));
    expect(await seen(people.a, BOXES.ALL, '&type=car_park')).toEqual(sorted(['carPark', 'cPublic']));
  });

  it('give one’s own spot its true position and accuracy, with no area', async () => {
    const { pins } = await pinsOf(people.a, BOXES.ALL);
    const own = pins.items.find((pin) => pin.id === spot.sharedApprox.id);
    expect(own).toEqual({
      id: spot.sharedApprox.id,
      type: 'mushroom_spot',
      mushroom_types: 'Family morels',
      ...TRUE.sharedApprox,
      accuracy_m: 7,
      precision: '1km',
      area: null,
      is_owner: true,
      version: 1,
    });
    const placedByHand = pins.items.find((pin) => pin.id === spot.carPark.id);
    expect(placedByHand).toMatchObject({ type: 'car_park', ...TRUE.carPark, accuracy_m: null, area: null });
    // Someone else's exact spot: where it is, with its accuracy.
    expect(pins.items.find((pin) => pin.id === spot.bPublic.id)).toMatchObject({
      ...TRUE.bPublic,
      accuracy_m: 6,
      precision: 'exact',
      area: null,
      is_owner: false,
    });
  });

  it('give someone else’s approximate spot its shown point inside its area, no accuracy, and never the true place', async () => {
    const cases = [
      { who: people.b, name: 'sharedApprox' as const, precision: '1km' },
      { who: people.b, name: 'publicApprox' as const, precision: '10km' },
      { who: people.c, name: 'publicApprox' as const, precision: '10km' },
      { who: people.a, name: 'bShared' as const, precision: '1km' },
    ];
    for (const { who, name, precision } of cases) {
      const { pins, body } = await pinsOf(who, BOXES.ALL);
      const pin = pins.items.find((item) => item.id === spot[name].id);
      expect(pin, name).toBeDefined();
      expect(pin).toMatchObject({ precision, accuracy_m: null, is_owner: false });
      const [minLng, minLat, maxLng, maxLat] = pin!.area!;
      expect(pin!.longitude).toBeGreaterThanOrEqual(minLng);
      expect(pin!.longitude).toBeLessThanOrEqual(maxLng);
      expect(pin!.latitude).toBeGreaterThanOrEqual(minLat);
      expect(pin!.latitude).toBeLessThanOrEqual(maxLat);
      // A cell of about 1 or 10 km, around the true position.
      const span = precision === '1km' ? [0.005, 0.05] : [0.05, 0.5];
      expect(maxLat - minLat).toBeGreaterThan(span[0]!);
      expect(maxLat - minLat).toBeLessThan(span[1]!);
      expect(TRUE[name].latitude).toBeGreaterThanOrEqual(minLat);
      expect(TRUE[name].latitude).toBeLessThanOrEqual(maxLat);
      expect(TRUE[name].longitude).toBeGreaterThanOrEqual(minLng);
      expect(TRUE[name].longitude).toBeLessThanOrEqual(maxLng);
      expect([pin!.latitude, pin!.longitude]).not.toEqual([TRUE[name].latitude, TRUE[name].longitude]);
      for (const hidden of text(TRUE[name])) expect(body, `${name}: ${hidden}`).not.toContain(hidden);
      // The same point as the spot itself gives.
      const whole = (await get(who, `/api/v1/locations/${spot[name].id}`)).json<Spot>();
      expect(pin).toEqual(pinOf(whole));

      // Found by its shown point, not by its true one: a tight box around each, as the box route does. The shown
      // point is drawn at random inside the cell, so it may fall within a few metres of the true one; the box
      // around the true place is then shrunk to half their distance, so it never holds the shown point.
      const gap = Math.max(
        Math.abs(pin!.latitude - TRUE[name].latitude),
        Math.abs(pin!.longitude - TRUE[name].longitude),
      );
      const around = (point: { latitude: number; longitude: number }, half = 0.0001) =>
        `${point.longitude - half},${point.latitude - half},${point.longitude + half},${point.latitude + half}`;
      const atShown = await expectPinsAsBox(who, around(pin!));
      expect(idsOf(atShown.pins)).toContain(spot[name].id);
      const atTrue = await expectPinsAsBox(who, around(TRUE[name], Math.min(0.0001, gap / 2)));
      expect(idsOf(atTrue.pins)).not.toContain(spot[name].id);
      for (const hidden of text(TRUE[name])) expect(atTrue.body).not.toContain(hidden);
    }
    // The owner finds it at its true place.
    const around = `${TRUE.sharedApprox.longitude - 0.0001},${TRUE.sharedApprox.latitude - 0.0001},${TRUE.sharedApprox.longitude + 0.0001},${TRUE.sharedApprox.latitude + 0.0001}`;
    expect(idsOf((await expectPinsAsBox(people.a, around)).pins)).toEqual([spot.sharedApprox.id]);
  });

  it('say truncated when more spots than the limit are in the box, and give the newest', async () => {
    const spots = await boxRoute(people.a, BOXES.ALL);
    expect(spots.length).toBeGreaterThan(4);
    for (const limit of [1, 2, spots.length - 1]) {
      const { pins } = await pinsOf(people.a, BOXES.ALL, `&limit=${limit}`);
      expect(pins, `limit ${limit}`).toEqual({ items: spots.slice(0, limit).map(pinOf), truncated: true });
    }
    for (const limit of [spots.length, spots.length + 1, 10_000]) {
      const { pins } = await pinsOf(people.a, BOXES.ALL, `&limit=${limit}`);
      expect(pins, `limit ${limit}`).toEqual({ items: spots.map(pinOf), truncated: false });
    }
    // With a filter, the limit counts the filtered spots only.
    const carParks = await boxRoute(people.a, BOXES.ALL, '&type=car_park');
    expect(carParks).toHaveLength(2);
    expect((await pinsOf(people.a, BOXES.ALL, '&type=car_park&limit=2')).pins.truncated).toBe(false);
    expect((await pinsOf(people.a, BOXES.ALL, '&type=car_park&limit=1')).pins).toEqual({
      items: [pinOf(carParks[0]!)],
      truncated: true,
    });
    // An empty box is never truncated.
    expect((await pinsOf(people.a, BOXES.EMPTY, '&limit=1')).pins).toEqual({ items: [], truncated: false });
  });

  it('refuse a box or a limit that is not one with 400 VALIDATION_ERROR and a message', async () => {
    for (const query of [
      'bbox=a,b,c,d',
      'bbox=1,2,3',
      'bbox=10,0,5,1',
      'bbox=0,0,181,1',
      '',
      `bbox=${BOXES.ALL}&limit=0`,
      `bbox=${BOXES.ALL}&limit=10001`,
      `bbox=${BOXES.ALL}&limit=-1`,
      `bbox=${BOXES.ALL}&limit=1.5`,
      `bbox=${BOXES.ALL}&limit=many`,
      `bbox=${BOXES.ALL}&type=tree`,
      `bbox=${BOXES.ALL}&from=2026-09-02&to=2026-09-01`,
      `bbox=${BOXES.ALL}&unknown=1`,
    ]) {
      const response = await get(people.a, `/api/v1/map/pins?${query}`);
      expect(response.statusCode, query).toBe(400);
      const { error } = response.json<{ error: { code: string; message: string } }>();
      expect(error.code, query).toBe('VALIDATION_ERROR');
      expect(error.message.length, query).toBeGreaterThan(0);
      expect(response.body, query).not.toContain(spot.secret.id);
    }
    const wrongBox = await get(people.a, '/api/v1/map/pins?bbox=a,b,c,d');
    expect(wrongBox.json<{ error: { message: string } }>().error.message).toMatch(/bbox/);
    const wrongLimit = await get(people.a, `/api/v1/map/pins?bbox=${BOXES.ALL}&limit=10001`);
    expect(wrongLimit.json<{ error: { message: string } }>().error.message).toMatch(/limit/);
  });

  it('tell a visitor with no account nothing: 401', async () => {
    for (const cookie of [null, 'foray.session_token=forged.c2lnbmF0dXJl']) {
      const response = await t.app.inject({
        url: `/api/v1/map/pins?bbox=${BOXES.WORLD}`,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      expect(response.body).not.toContain('items');
      expect(response.body).not.toContain(spot.publicApprox.id);
    }
  });

  it('are documented in the OpenAPI document with the box, the limit and the filter bar', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/v1/map/pins']?.get;
    expect(operation).toBeDefined();
    const names = operation.parameters.map((parameter: { name: string }) => parameter.name);
    const listNames = doc.paths['/api/v1/locations'].get.parameters
      .map((parameter: { name: string }) => parameter.name)
      .filter((name: string) => name !== 'cursor');
    expect([...names].sort()).toEqual([...listNames].sort());
    expect(names).toEqual(expect.arrayContaining(['bbox', 'limit', 'owner', 'q', 'type', 'audience', 'circle_id']));
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
  });
});

describe('the pins of a circle’s spots once a member is gone', () => {
  const circleSpots = () => [spot.shared.id, spot.sharedApprox.id];

  it('stop reaching a member who leaves, and one the owner removes', async () => {
    const { a, b } = people;
    expect(idsOf((await expectPinsAsBox(b, BOXES.ALL)).pins)).toEqual(expect.arrayContaining(circleSpots()));

    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/circles/${family}/members/${b.id}`,
      headers: { cookie: b.cookie },
    });
    expect(left.statusCode, left.body).toBe(204);
    for (const filter of ['', `&circle_id=${family}`, '&audience=circles', '&owner=others']) {
      const { pins, body } = await expectPinsAsBox(b, BOXES.ALL, filter);
      for (const id of circleSpots()) expect(idsOf(pins), filter).not.toContain(id);
      expect(body).not.toContain('Family');
    }
    // Leaving also ended B's own share with the circle: A no longer gets B's spot.
    expect(idsOf((await expectPinsAsBox(a, BOXES.ALL)).pins)).not.toContain(spot.bShared.id);

    // Back in the circle, B sees the circle's spots again ...
    await t.db.insert(circleMembers).values({ circleId: family, userId: b.id, role: 'member' });
    expect(idsOf((await expectPinsAsBox(b, BOXES.ALL)).pins)).toEqual(expect.arrayContaining(circleSpots()));

    // ... until the owner removes B.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/circles/${family}/members/${b.id}`,
      headers: { cookie: a.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const { pins, body } = await expectPinsAsBox(b, BOXES.WORLD);
    for (const id of circleSpots()) expect(idsOf(pins)).not.toContain(id);
    for (const hidden of [...text(TRUE.shared), ...text(TRUE.sharedApprox), 'Family']) {
      expect(body).not.toContain(hidden);
    }
    // The public ones are still there.
    expect(idsOf(pins)).toEqual(expect.arrayContaining([spot.publicApprox.id, spot.carPark.id]));
  });
});
