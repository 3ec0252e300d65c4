import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

// A spot placed from the phone's position carries how far off that position may be, in metres.

let t: TestContext;
let owner: { cookie: string };
let other: { cookie: string };

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.createUser('accuracy@example.com');
  other = await t.createUser('accuracy-other@example.com');
});
afterAll(() => t.close());

const postJson = (body: Record<string, unknown>, cookie = owner.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/v1/locations', headers: { cookie }, payload: body });

async function postForm(fields: Record<string, unknown>) {
  const body = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie: owner.cookie, ...body.headers },
    payload: body.payload,
  });
}

const read = (id: string, cookie = owner.cookie) =>
  t.app.inject({ url: `/api/v1/locations/${id}`, headers: { cookie } });

describe('accuracy_m', () => {
  it('is stored and returned, from JSON and from a form, on the spot, the list and the bbox', async () => {
    const fromJson = await postJson(validSpot({ accuracy_m: 7.5, mushroom_types: 'Accurate JSON' }));
    expect(fromJson.statusCode).toBe(201);
    expect(fromJson.json<Spot>().accuracy_m).toBe(7.5);
    expect((await read(fromJson.json<Spot>().id)).json<Spot>().accuracy_m).toBe(7.5);

    const fromForm = await postForm(validSpot({ accuracy_m: '12', mushroom_types: 'Accurate form' }));
    expect(fromForm.statusCode).toBe(201);
    expect(fromForm.json<Spot>().accuracy_m).toBe(12);

    const list = (await t.app.inject({ url: '/api/v1/locations?owner=mine', headers: { cookie: owner.cookie } })).json<{
      items: Spot[];
    }>();
    expect(list.items.find((spot) => spot.mushroom_types === 'Accurate form')?.accuracy_m).toBe(12);
    const box = (
      await t.app.inject({ url: '/api/v1/locations?bbox=25,54,26,55', headers: { cookie: owner.cookie } })
    ).json<{ items: Spot[] }>();
    expect(box.items.find((spot) => spot.mushroom_types === 'Accurate JSON')?.accuracy_m).toBe(7.5);
  });

  it('is null when not given, or given as null (a spot placed on the map by hand)', async () => {
    const absent = await postJson(validSpot());
    expect(absent.statusCode).toBe(201);
    expect(absent.json<Spot>().accuracy_m).toBeNull();
    const explicit = await postJson(validSpot({ accuracy_m: null }));
    expect(explicit.json<Spot>().accuracy_m).toBeNull();
    const emptyField = await postForm(validSpot({ accuracy_m: '' }));
    expect(emptyField.statusCode).toBe(201);
    expect(emptyField.json<Spot>().accuracy_m).toBeNull();
  });

  it('accepts the bounds: just above 0 and exactly 10,000 m', async () => {
    expect((await postJson(validSpot({ accuracy_m: 0.5 }))).json<Spot>().accuracy_m).toBe(0.5);
    expect((await postJson(validSpot({ accuracy_m: 10_000 }))).json<Spot>().accuracy_m).toBe(10_000);
  });

  it('refuses 0, negatives, more than 10,000 m and non-numbers with a 400 naming the field, JSON and form alike', async () => {
    for (const bad of [0, -3, 10_000.5, 1e9, '8', true, [8], { m: 8 }]) {
      const response = await postJson(validSpot({ accuracy_m: bad }));
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(response.json().error.message).toMatch(/^accuracy_m: /);
    }
    for (const bad of ['0', '-3', '10001', 'eight', 'NaN', 'Infinity', '8m']) {
      const response = await postForm(validSpot({ accuracy_m: bad }));
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.message).toMatch(/^accuracy_m: /);
    }
    const stored = await t.query<{ n: number }>(
      sql`select count(*)::int as n from locations where accuracy_m <= 0 or accuracy_m > 10000`,
    );
    expect(stored.rows[0]!.n).toBe(0);
  });

  it('shows on a public spot to others as it does to the owner, and a private one stays hidden', async () => {
    const shared = (await postJson(validSpot({ accuracy_m: 9, is_public: true }))).json<Spot>();
    expect((await read(shared.id, other.cookie)).json<Spot>()).toMatchObject({ accuracy_m: 9, is_owner: false });
    const hidden = (await postJson(validSpot({ accuracy_m: 9 }))).json<Spot>();
    expect((await read(hidden.id, other.cookie)).statusCode).toBe(404);
  });

  it('is in the OpenAPI document, for the request and the answer', async () => {
    const doc = JSON.stringify((await t.app.inject({ url: '/api/docs/json' })).json());
    expect(doc.match(/"accuracy_m"/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });
});
