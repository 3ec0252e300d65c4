import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import { latestDateFound } from '../../../common/limits.ts';

// Input that once reached PostgreSQL and came back as a 500: each must be a 4xx naming what was wrong.

let t: TestContext;
let owner: { cookie: string };

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.createUser('hardening@example.com');
});
afterAll(() => t.close());

const postJson = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/locations', headers: { cookie: owner.cookie }, payload: body });

async function postForm(fields: Record<string, unknown>) {
  const body = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie: owner.cookie, ...body.headers },
    payload: body.payload,
  });
}

const daysFromToday = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

describe('text fields', () => {
  for (const field of ['mushroom_types', 'finder', 'notes'] as const) {
    for (const [kind, send] of [
      ['JSON', postJson],
      ['multipart', postForm],
    ] as const) {
      it(`refuses a NUL or other control character in ${field} (${kind}) with a 400 naming the field`, async () => {
        for (const bad of ['Bole\u0000tus', '\u0007bell', 'esc\u001b[31m', 'del\u007f', '\u0085next line']) {
          const response = await send(validSpot({ [field]: bad }));
          expect(response.statusCode, JSON.stringify(bad)).toBe(400);
          expect(response.json().error.code).toBe('VALIDATION_ERROR');
          expect(response.json().error.message).toMatch(new RegExp(`^${field}: .*control characters`));
        }
      });
    }
  }

  it('keeps tabs and line breaks, which people do type', async () => {
    const response = await postJson(
      validSpot({ notes: 'Under the spruce\r\n\tnear the stream', finder: 'Ona\tand Jonas' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().notes).toBe('Under the spruce\r\n\tnear the stream');
  });
});

describe('empty form fields', () => {
  it('makes an id for an empty id field, and refuses an empty photo id like any id that is not one', async () => {
    const made = await postForm(validSpot({ id: '' }));
    expect(made.statusCode).toBe(201);
    expect(made.json().id).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await postForm(validSpot({ photo_id: '' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });
});

describe('date_found', () => {
  it.each(['0000-01-01', '0001-01-01', '1899-12-31', '9999-12-31', daysFromToday(2)])(
    'refuses %s with a 400',
    async (date) => {
      for (const send of [postJson, postForm]) {
        const response = await send(validSpot({ date_found: date }));
        expect(response.statusCode, date).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: expect.stringMatching(/^date_found: /),
        });
      }
    },
  );

  it.each(['1900-01-01', '1987-06-05', daysFromToday(0), latestDateFound()])('accepts %s', async (date) => {
    const response = await postJson(validSpot({ date_found: date }));
    expect(response.statusCode).toBe(201);
    expect(response.json().date_found).toBe(date);
  });
});

describe('list cursor', () => {
  const cursorOf = (raw: string) => Buffer.from(raw).toString('base64url');
  const id = '0b6f1e7c-3c1a-4b7e-9a51-2f8f5c1d2e3a';

  it.each([
    '1',
    '0',
    '-1',
    '2025',
    '2026-11-23',
    '2026-11-23T10:00:00Z',
    '2026-02-30T10:00:00.000Z',
    '2026-11-23T10:00:00.000+02:00',
    'Sat Nov 21 2026',
    '0000-01-01T00:00:00.000Z',
  ])('refuses a cursor whose date part is %j with a 400', async (date) => {
    const response = await t.app.inject({
      url: `/api/v1/locations?cursor=${cursorOf(`${date}|${id}`)}`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('accepts the cursors it gives out', async () => {
    await postJson(validSpot());
    await postJson(validSpot());
    const first = (await t.app.inject({ url: '/api/v1/locations?limit=1', headers: { cookie: owner.cookie } })).json();
    expect(first.next_cursor).toEqual(expect.any(String));
    const next = await t.app.inject({
      url: `/api/v1/locations?limit=1&cursor=${first.next_cursor}`,
      headers: { cookie: owner.cookie },
    });
    expect(next.statusCode).toBe(200);
    expect(next.json().items[0].id).not.toBe(first.items[0].id);
  });
});

describe('private answers', () => {
  it('tells every cache not to keep spots: list, bbox, by id, create and update', async () => {
    const created = await postJson(validSpot());
    const { id } = created.json();
    const answers = [
      created,
      await t.app.inject({ url: '/api/v1/locations', headers: { cookie: owner.cookie } }),
      await t.app.inject({ url: '/api/v1/locations?bbox=20,50,30,60', headers: { cookie: owner.cookie } }),
      await t.app.inject({ url: `/api/v1/locations/${id}`, headers: { cookie: owner.cookie } }),
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/locations/${id}`,
        headers: { cookie: owner.cookie },
        payload: { is_public: true },
      }),
      await t.app.inject({ url: '/api/v1/me', headers: { cookie: owner.cookie } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBeLessThan(300);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });
});

describe('numbers a double precision column cannot hold', () => {
  // Subnormal doubles: JSON and a range check take them, PostgreSQL underflows on them (a 500 before).
  const SUBNORMAL = [5e-324, -5e-324, 1e-310];
  const positions = (value: number) => [
    ['latitude', { latitude: value }],
    ['longitude', { longitude: value }],
    ['accuracy_m', { accuracy_m: Math.abs(value) }],
  ];

  for (const value of SUBNORMAL) {
    it(`refuses ${value} in a new spot's position and accuracy, as JSON and as a form`, async () => {
      for (const [field, overrides] of positions(value)) {
        for (const send of [postJson, postForm]) {
          const response = await send(validSpot(overrides as Record<string, unknown>));
          expect(response.statusCode, `${field} ${send === postJson ? 'JSON' : 'form'}`).toBe(400);
          expect(response.json().error).toMatchObject({
            code: 'VALIDATION_ERROR',
            message: expect.stringMatching(new RegExp(`^${field}: `)),
          });
        }
      }
    });

    it(`refuses ${value} in an edit's position and accuracy`, async () => {
      const { id } = (await postJson(validSpot())).json();
      for (const [field, patch] of [
        ['latitude', { latitude: value, longitude: 25 }],
        ['longitude', { latitude: 54, longitude: value }],
        ['accuracy_m', { latitude: 54, longitude: 25, accuracy_m: Math.abs(value) }],
      ] as const) {
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/locations/${id}`,
          headers: { cookie: owner.cookie },
          payload: patch,
        });
        expect(response.statusCode, field).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: expect.stringMatching(new RegExp(`^body ${field}: `)),
        });
      }
      const unchanged = await t.app.inject({ url: `/api/v1/locations/${id}`, headers: { cookie: owner.cookie } });
      expect(unchanged.json()).toMatchObject({ latitude: 54.6872, longitude: 25.2797, version: 1 });
    });
  }

  it('stores zero and the smallest normal double as they are sent', async () => {
    const smallest = 2.2250738585072014e-308;
    for (const [latitude, longitude] of [
      [0, 0],
      [smallest, -smallest],
    ] as const) {
      for (const send of [postJson, postForm]) {
        const response = await send(validSpot({ latitude, longitude, accuracy_m: 5 }));
        expect(response.statusCode, `${latitude}`).toBe(201);
        expect(response.json()).toMatchObject({ latitude, longitude });
      }
    }
    const { id } = (await postJson(validSpot())).json();
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${id}`,
      headers: { cookie: owner.cookie },
      payload: { latitude: smallest, longitude: smallest },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ latitude: smallest, longitude: smallest });
  });
});
