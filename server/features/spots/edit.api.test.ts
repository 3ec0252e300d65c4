// Editing a spot: PATCH /api/v1/locations/:id with any of its fields and the version the edit was made on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

let t: TestContext;
let owner: { cookie: string };
let other: { cookie: string };

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.createUser('editor@example.com');
  other = await t.createUser('neighbour@example.com');
});
afterAll(() => t.close());

async function create(body: Record<string, unknown> = {}, cookie = owner.cookie): Promise<Spot> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie },
    payload: validSpot(body),
  });
  expect(response.statusCode).toBe(201);
  return response.json<Spot>();
}
const patch = (id: string, body: unknown, cookie = owner.cookie) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/locations/${id}`,
    headers: { cookie },
    payload: body as Record<string, unknown>,
  });
const get = (url: string, cookie = owner.cookie) => t.app.inject({ url, headers: { cookie } });
const row = async (id: string) =>
  (
    await t.query<{ notes: string | null; version: number; finder: string }>(
      sql`select notes, version, finder from locations where id = ${id}`,
    )
  ).rows[0];

describe('editing a spot', () => {
  it('changes only the fields sent, moves the version on and sets updated_at', async () => {
    const spot = await create();
    expect(spot.version).toBe(1);
    expect(spot.updated_at).toBe(spot.created_at);
    const response = await patch(spot.id, { notes: '  By the birch now ', finder: 'Jonas', base_version: 1 });
    expect(response.statusCode).toBe(200);
    const edited = response.json<Spot>();
    expect(edited).toEqual({
      ...spot,
      notes: 'By the birch now',
      finder: 'Jonas',
      version: 2,
      updated_at: expect.any(String),
    });
    expect(edited.updated_at > spot.updated_at).toBe(true);
    expect((await get(`/api/v1/locations/${spot.id}`)).json()).toEqual(edited);
  });

  it('edits every field at once, and a move placed by hand clears the old accuracy', async () => {
    const spot = await create({ accuracy_m: 6 });
    const response = await patch(spot.id, {
      type: 'car_park',
      mushroom_types: 'Car park',
      finder: 'Ona',
      date_found: '2026-08-01',
      notes: null,
      latitude: 55.5,
      longitude: 24.25,
      is_public: true,
      base_version: spot.version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      type: 'car_park',
      mushroom_types: 'Car park',
      date_found: '2026-08-01',
      notes: null,
      latitude: 55.5,
      longitude: 24.25,
      accuracy_m: null,
      is_public: true,
      version: 2,
    });
  });

  it('keeps the accuracy a move from the phone’s position sends', async () => {
    const spot = await create();
    const response = await patch(spot.id, { latitude: 54.1, longitude: 25.1, accuracy_m: 4.5, base_version: 1 });
    expect(response.json()).toMatchObject({ latitude: 54.1, longitude: 25.1, accuracy_m: 4.5 });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const spot = await create();
    const refused: Array<[unknown, string]> = [
      [{}, 'VALIDATION_ERROR'],
      [{ base_version: 1 }, 'VALIDATION_ERROR'],
      [{ colour: 'red' }, 'VALIDATION_ERROR'],
      [{ notes: 'x', owner: 'someone' }, 'VALIDATION_ERROR'],
      [{ date_found: '2026-02-30' }, 'VALIDATION_ERROR'],
      [{ date_found: '1899-12-31' }, 'VALIDATION_ERROR'],
      [{ finder: 'x'.repeat(201) }, 'VALIDATION_ERROR'],
      [{ notes: 'bad\u0000byte' }, 'VALIDATION_ERROR'],
      [{ latitude: 91, longitude: 25 }, 'VALIDATION_ERROR'],
      [{ latitude: 54 }, 'VALIDATION_ERROR'],
      [{ accuracy_m: 5 }, 'VALIDATION_ERROR'],
      [{ latitude: 54, longitude: 25, accuracy_m: 0 }, 'VALIDATION_ERROR'],
      [{ type: 'campsite' }, 'VALIDATION_ERROR'],
      [{ is_public: 'yes' }, 'VALIDATION_ERROR'],
      [{ notes: 'x', base_version: 0 }, 'VALIDATION_ERROR'],
      [{ notes: 'x', base_version: 1.5 }, 'VALIDATION_ERROR'],
      [{ finder: '   ' }, 'MISSING_INFORMATION'],
      [{ mushroom_types: '' }, 'MISSING_INFORMATION'],
      [[1, 2], 'VALIDATION_ERROR'],
    ];
    for (const [body, code] of refused) {
      const response = await patch(spot.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error, JSON.stringify(body)).toMatchObject({ code, message: expect.any(String) });
    }
    expect(await row(spot.id)).toEqual({ notes: 'Under the old spruce', version: 1, finder: 'Ona' });
  });

  it('lets a car park become a mushroom spot only with its types and finder', async () => {
    const car = await create({ type: 'car_park', mushroom_types: '', finder: '' });
    expect((await patch(car.id, { type: 'mushroom_spot' })).json().error.code).toBe('MISSING_INFORMATION');
    const response = await patch(car.id, { type: 'mushroom_spot', mushroom_types: 'Ceps', finder: 'Ona' });
    expect(response.json()).toMatchObject({ type: 'mushroom_spot', mushroom_types: 'Ceps', finder: 'Ona' });
  });
});

describe('an edit made on an old version', () => {
  it('is refused with 409 STALE and the spot as it is now, and changes nothing', async () => {
    const spot = await create();
    expect((await patch(spot.id, { notes: 'Phone A', base_version: 1 })).statusCode).toBe(200);
    const stale = await patch(spot.id, { notes: 'Phone B', finder: 'Jonas', base_version: 1 });
    expect(stale.statusCode).toBe(409);
    const { error } = stale.json<{ error: { code: string; message: string; details: { current: Spot } } }>();
    expect(error.code).toBe('STALE');
    expect(error.message).toEqual(expect.any(String));
    expect(error.details.current).toEqual((await get(`/api/v1/locations/${spot.id}`)).json());
    expect(error.details.current).toMatchObject({ notes: 'Phone A', finder: 'Ona', version: 2 });
    expect(await row(spot.id)).toEqual({ notes: 'Phone A', version: 2, finder: 'Ona' });

    // "Keep mine": the same change sent again on the version the server showed.
    const kept = await patch(spot.id, { notes: 'Phone B', finder: 'Jonas', base_version: 2 });
    expect(kept.json()).toMatchObject({ notes: 'Phone B', finder: 'Jonas', version: 3 });
  });

  it('lets exactly one of two edits made on the same version win when they arrive together', async () => {
    const spot = await create();
    const answers = await Promise.all([
      patch(spot.id, { notes: 'Phone A', base_version: 1 }),
      patch(spot.id, { notes: 'Phone B', base_version: 1 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<Spot>();
    expect(await row(spot.id)).toEqual({ notes: winner.notes, version: 2, finder: 'Ona' });
  });

  it('answers 200 without a second change when it is a retry the server already applied', async () => {
    const spot = await create();
    const first = await patch(spot.id, { notes: 'Once', latitude: 54.2, longitude: 25.2, base_version: 1 });
    const retry = await patch(spot.id, { notes: 'Once', latitude: 54.2, longitude: 25.2, base_version: 1 });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await row(spot.id))!.version).toBe(2);
  });

  it('applies a change without base_version to whatever is current (sharing from older clients)', async () => {
    const spot = await create();
    await patch(spot.id, { notes: 'Changed', base_version: 1 });
    const shared = await patch(spot.id, { is_public: true });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ is_public: true, notes: 'Changed', version: 3 });
  });
});

describe('privacy', () => {
  it('answers another user 404 — for a private spot, a public one, and one that does not exist — and changes nothing', async () => {
    const secret = await create({ notes: 'Secret' });
    const shared = await create({ is_public: true, notes: 'Shared' });
    for (const body of [
      { notes: 'Mine now' },
      { notes: 'Mine now', base_version: 1 },
      { notes: 'Mine now', base_version: 7 },
      { is_public: true },
    ]) {
      for (const id of [secret.id, shared.id, crypto.randomUUID()]) {
        const response = await patch(id, body, other.cookie);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
        // A stale version never gives the spot away: no 409 with its content.
        expect(response.body).not.toContain('Secret');
      }
    }
    expect(await row(secret.id)).toEqual({ notes: 'Secret', version: 1, finder: 'Ona' });
    expect(await row(shared.id)).toEqual({ notes: 'Shared', version: 1, finder: 'Ona' });
    expect((await get(`/api/v1/locations/${secret.id}`, other.cookie)).statusCode).toBe(404);
  });

  it('never shows another user a private spot’s edit, and sharing by edit shows it and its photo, then hides both', async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 90, g: 60, b: 30 } } })
      .jpeg()
      .toBuffer();
    const body = await multipart(validSpot(), { bytes: photo });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    });
    const spot = created.json<Spot>();
    const listedFor = async (cookie: string) =>
      (await get('/api/v1/locations?bbox=20,50,30,60&limit=10000', cookie))
        .json<{ items: Spot[] }>()
        .items.map((item) => item.id);

    await patch(spot.id, { notes: 'Private words', base_version: 1 });
    expect(await listedFor(other.cookie)).not.toContain(spot.id);
    expect((await get(spot.photo_url!, other.cookie)).statusCode).toBe(404);

    const shared = await patch(spot.id, { is_public: true, notes: 'Now for all', base_version: 2 });
    expect(shared.json()).toMatchObject({
      is_public: true,
      photo_url: spot.photo_url,
      thumbnail_url: spot.thumbnail_url,
    });
    expect(await listedFor(other.cookie)).toContain(spot.id);
    expect((await get(`/api/v1/locations/${spot.id}`, other.cookie)).json()).toMatchObject({
      notes: 'Now for all',
      is_owner: false,
    });
    expect((await get(spot.photo_url!, other.cookie)).statusCode).toBe(200);
    expect((await get(spot.thumbnail_url!, other.cookie)).statusCode).toBe(200);

    await patch(spot.id, { is_public: false, base_version: 3 });
    expect(await listedFor(other.cookie)).not.toContain(spot.id);
    expect((await get(`/api/v1/locations/${spot.id}`, other.cookie)).statusCode).toBe(404);
    expect((await get(spot.photo_url!, other.cookie)).statusCode).toBe(404);
    expect((await get(spot.thumbnail_url!, other.cookie)).statusCode).toBe(404);
    // The owner's photo is untouched by edits.
    expect((await get(spot.photo_url!)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const spot = await create();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${spot.id}`,
      payload: { notes: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('documents the edit, its fields and the 409', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/v1/locations/{id}'].patch;
    const schema = operation.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining([
        'type',
        'mushroom_types',
        'finder',
        'date_found',
        'notes',
        'latitude',
        'longitude',
        'accuracy_m',
        'is_public',
        'base_version',
      ]),
    );
    expect(operation.responses['409']).toBeDefined();
  });
});
