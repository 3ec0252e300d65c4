import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

let t: TestContext;
let owner: { cookie: string; email: string };
let other: { cookie: string; email: string };

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.createUser('owner@example.com', undefined, 'Ona');
  other = await t.createUser('other@example.com');
});
afterAll(() => t.close());

const create = (cookie: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/locations', headers: { cookie }, payload: body });
const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

describe('recording spots', () => {
  it('creates a spot from JSON and reads it back in the contract shape', async () => {
    const response = await create(owner.cookie, validSpot({ mushroom_types: '  Boletus edulis ', notes: '  ' }));
    expect(response.statusCode).toBe(201);
    const spot = response.json<Spot>();
    expect(spot).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'mushroom_spot',
      mushroom_types: 'Boletus edulis',
      finder: 'Ona',
      date_found: '2026-09-14',
      notes: null,
      habitat: 'Mossy ground under spruce',
      latitude: 54.6872,
      longitude: 25.2797,
      accuracy_m: null,
      is_public: false,
      audience: 'private',
      circle_ids: [],
      precision: 'exact',
      area: null,
      photo_url: null,
      thumbnail_url: null,
      photos: [],
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: spot.created_at,
      version: 1,
      is_owner: true,
      owner_name: 'Ona',
      visits: { count: 0, last: null },
    });
    const again = await get(owner.cookie, `/api/v1/locations/${spot.id}`);
    expect(again.json()).toEqual(spot);
  });

  it('needs no text for a car park', async () => {
    const response = await create(owner.cookie, {
      type: 'car_park',
      date_found: '2026-09-14',
      latitude: 54.1,
      longitude: 25.1,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      type: 'car_park',
      mushroom_types: '',
      finder: '',
      notes: null,
      is_public: false,
    });
  });

  it('returns the existing spot when the same id is sent again, and refuses an id someone else owns', async () => {
    const id = crypto.randomUUID();
    const first = await create(owner.cookie, validSpot({ id }));
    expect(first.statusCode).toBe(201);
    const retry = await create(owner.cookie, validSpot({ id }));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const count = await t.query<{ n: number }>(sql`select count(*)::int as n from locations where id = ${id}`);
    expect(count.rows[0]!.n).toBe(1);
    const clash = await create(other.cookie, validSpot({ id }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('ID_CONFLICT');
  });

  it('makes a spot public and private again, owner only', async () => {
    const spot = (await create(owner.cookie, validSpot())).json<Spot>();
    const shared = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${spot.id}`,
      headers: { cookie: owner.cookie },
      payload: { is_public: true },
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().is_public).toBe(true);
    expect((await get(other.cookie, `/api/v1/locations/${spot.id}`)).statusCode).toBe(200);
    const hidden = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${spot.id}`,
      headers: { cookie: owner.cookie },
      payload: { is_public: false },
    });
    expect(hidden.json().is_public).toBe(false);
    expect((await get(other.cookie, `/api/v1/locations/${spot.id}`)).statusCode).toBe(404);
  });

  it('deletes a spot', async () => {
    const spot = (await create(owner.cookie, validSpot())).json<Spot>();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/locations/${spot.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get(owner.cookie, `/api/v1/locations/${spot.id}`)).statusCode).toBe(404);
  });
});

describe('bad input gets a clear 4xx and nothing is saved', () => {
  const cases: Array<[string, Record<string, unknown> | string, number, string]> = [
    ['an unknown type', validSpot({ type: 'tree' }), 400, 'VALIDATION_ERROR'],
    ['blank mushroom types', validSpot({ mushroom_types: '   ' }), 400, 'MISSING_INFORMATION'],
    ['a blank finder', validSpot({ finder: '' }), 400, 'MISSING_INFORMATION'],
    ['latitude above 90', validSpot({ latitude: 90.0001 }), 400, 'VALIDATION_ERROR'],
    ['longitude below -180', validSpot({ longitude: -180.5 }), 400, 'VALIDATION_ERROR'],
    ['latitude as text', validSpot({ latitude: '54.1' }), 400, 'VALIDATION_ERROR'],
    ['a date that does not exist', validSpot({ date_found: '2026-02-30' }), 400, 'VALIDATION_ERROR'],
    ['a date in another form', validSpot({ date_found: '14/09/2026' }), 400, 'VALIDATION_ERROR'],
    ['mushroom types over 200 characters', validSpot({ mushroom_types: 'x'.repeat(201) }), 400, 'VALIDATION_ERROR'],
    ['a finder over 200 characters', validSpot({ finder: 'x'.repeat(201) }), 400, 'VALIDATION_ERROR'],
    ['notes over 5,000 characters', validSpot({ notes: 'x'.repeat(5001) }), 400, 'VALIDATION_ERROR'],
    ['is_public as text', validSpot({ is_public: 'yes' }), 400, 'VALIDATION_ERROR'],
    ['an unknown field', validSpot({ user_id: 'someone-else' }), 400, 'VALIDATION_ERROR'],
    ['an id that is not a uuid', validSpot({ id: '42' }), 400, 'VALIDATION_ERROR'],
    ['a JSON array', '[]', 400, 'VALIDATION_ERROR'],
  ];
  it.each(cases)('refuses %s', async (_name, body, status, code) => {
    const before = await t.query<{ n: number }>(sql`select count(*)::int as n from locations`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toEqual({
      code,
      message: expect.any(String),
      ...(response.json().error.details ? { details: expect.anything() } : {}),
      request_id: expect.any(String),
    });
    const after = await t.query<{ n: number }>(sql`select count(*)::int as n from locations`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('refuses malformed JSON, other content types, oversized bodies and non-uuid ids', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect([malformed.statusCode, malformed.json().error.code]).toEqual([400, 'INVALID_JSON']);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: owner.cookie, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect([text.statusCode, text.json().error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(validSpot({ notes: 'x'.repeat(200_000) })),
    });
    expect([huge.statusCode, huge.json().error.code]).toEqual([413, 'BODY_TOO_LARGE']);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/v1/locations/not-a-uuid',
        headers: { cookie: owner.cookie },
        ...(method === 'PATCH' ? { payload: { is_public: true } } : {}),
      });
      expect([response.statusCode, response.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const badPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${crypto.randomUUID()}`,
      headers: { cookie: owner.cookie },
      payload: { is_public: true, colour: 'red' },
    });
    expect(badPatch.statusCode).toBe(400);
  });

  it('refuses bad list parameters', async () => {
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'cursor=nonsense',
      'bbox=1,2,3',
      'bbox=10,50,5,55',
      'bbox=-200,0,0,10',
      'sort=new',
    ]) {
      const response = await get(owner.cookie, `/api/v1/locations?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('VALIDATION_ERROR');
    }
  });
});

describe('listing', () => {
  it('pages newest first through everything the caller may see, without repeats or gaps', async () => {
    const t2 = await createTestContext();
    try {
      const a = await t2.createUser('a@example.com');
      const b = await t2.createUser('b@example.com', undefined, 'Birutė');
      const made: string[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await t2.app.inject({
          method: 'POST',
          url: '/api/v1/locations',
          headers: { cookie: a.cookie },
          payload: validSpot({ notes: `a${i}` }),
        });
        made.push(response.json().id);
      }
      // b's public spot is listed for a; b's private one never.
      const publicOfB = (
        await t2.app.inject({
          method: 'POST',
          url: '/api/v1/locations',
          headers: { cookie: b.cookie },
          payload: validSpot({ is_public: true }),
        })
      ).json().id;
      await t2.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: { cookie: b.cookie },
        payload: validSpot({ is_public: false }),
      });
      // Same timestamp for several rows: the id breaks the tie.
      await t2.db.execute(
        sql`update locations set created_at = '2026-10-01T12:00:00Z' where notes in ('a2', 'a3', 'a4')`,
      );

      const seen: Spot[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: Spot[]; next_cursor: string | null } = (
          await t2.app.inject({
            url: `/api/v1/locations?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
            headers: { cookie: a.cookie },
          })
        ).json();
        expect(page.items.length).toBeLessThanOrEqual(3);
        seen.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen.map((spot) => spot.id).sort()).toEqual([...made, publicOfB].sort());
      const order = seen.map((spot) => [spot.created_at, spot.id].join('|'));
      expect(order).toEqual([...order].sort().reverse());
      expect(seen.find((spot) => spot.id === publicOfB)).toMatchObject({ is_owner: false, owner_name: 'Birutė' });
    } finally {
      await t2.close();
    }
  });

  it('merges one’s own spots and others’ public ones in time order across pages, each once, with owner and visibility filters', async () => {
    const t2 = await createTestContext();
    try {
      const a = await t2.createUser('merge-a@example.com');
      const b = await t2.createUser('merge-b@example.com');
      const expected: Array<{ id: string; at: string }> = [];
      const bPrivate: string[] = [];
      // Made alternately, some at the same instant: A's own (public or not) and B's public ones interleave.
      for (let i = 0; i < 12; i++) {
        const mine = i % 2 === 0;
        const isPublic = i % 3 === 0;
        const response = await t2.app.inject({
          method: 'POST',
          url: '/api/v1/locations',
          headers: { cookie: (mine ? a : b).cookie },
          payload: validSpot({ is_public: isPublic, notes: `m${i}` }),
        });
        const id = response.json<Spot>().id;
        const at = `2026-10-01T12:00:0${Math.floor(i / 3)}.000Z`;
        await t2.db.execute(sql`update locations set created_at = ${at}::timestamptz where id = ${id}`);
        if (mine || isPublic) expected.push({ id, at });
        else bPrivate.push(id);
      }
      expected.sort((x, y) => (x.at === y.at ? (x.id < y.id ? 1 : -1) : x.at < y.at ? 1 : -1));

      const walk = async (query: string) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: { items: Spot[]; next_cursor: string | null } = (
            await t2.app.inject({
              url: `/api/v1/locations?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`,
              headers: { cookie: a.cookie },
            })
          ).json();
          expect(page.items.length).toBeLessThanOrEqual(2);
          seen.push(...page.items.map((spot) => spot.id));
          cursor = page.next_cursor;
        } while (cursor);
        return seen;
      };
      expect(await walk('')).toEqual(expected.map((spot) => spot.id));
      for (const id of bPrivate) expect(await walk('')).not.toContain(id);
      const own = (await t2.db.execute(
        sql`select id from locations where notes in ('m0','m2','m4','m6','m8','m10')`,
      )) as unknown as { rows: Array<{ id: string }> };
      const ownIds = new Set(own.rows.map((row) => row.id));
      expect(await walk('&owner=mine')).toEqual(expected.filter((spot) => ownIds.has(spot.id)).map((spot) => spot.id));
      expect(await walk('&owner=others')).toEqual(
        expected.filter((spot) => !ownIds.has(spot.id)).map((spot) => spot.id),
      );
      expect(await walk('&owner=others&visibility=private')).toEqual([]);
    } finally {
      await t2.close();
    }
  });

  it('answers a bbox with the spots inside it only, from the GiST index', async () => {
    const inside = (await create(owner.cookie, validSpot({ latitude: 55.5, longitude: 21.5 }))).json<Spot>();
    const outside = (await create(owner.cookie, validSpot({ latitude: 55.5, longitude: 22.5 }))).json<Spot>();
    const page = (await get(owner.cookie, '/api/v1/locations?bbox=21,55,22,56&limit=1000')).json<{
      items: Spot[];
    }>();
    const ids = page.items.map((spot) => spot.id);
    expect(ids).toContain(inside.id);
    expect(ids).not.toContain(outside.id);

    // With enough rows that a scan would cost more, the planner uses the index.
    await t.db.execute(sql`set enable_seqscan = off`);
    const plan = await t.query<{ 'QUERY PLAN': string }>(
      sql`explain select id from locations where position <@ box(point(21, 55), point(22, 56))`,
    );
    await t.db.execute(sql`reset enable_seqscan`);
    expect(plan.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n')).toMatch(
      /locations_position_gist/,
    );
  });

  it('gives a bbox a next cursor exactly when more spots are inside than were sent', async () => {
    // The map tells the forager to zoom in only then: a box holding exactly `limit` spots is complete.
    for (const longitude of [30.1, 30.2, 30.3]) await create(owner.cookie, validSpot({ latitude: 50.5, longitude }));
    const box = 'bbox=30,50,31,51';
    const exact = (await get(owner.cookie, `/api/v1/locations?${box}&limit=3`)).json<{
      items: Spot[];
      next_cursor: string | null;
    }>();
    expect(exact.items).toHaveLength(3);
    expect(exact.next_cursor).toBeNull();
    const short = (await get(owner.cookie, `/api/v1/locations?${box}&limit=2`)).json<{
      items: Spot[];
      next_cursor: string | null;
    }>();
    expect(short.items).toHaveLength(2);
    expect(short.next_cursor).not.toBeNull();
  });

  it('allows up to 10,000 spots for a bbox but at most 200 a page otherwise', async () => {
    expect((await get(owner.cookie, '/api/v1/locations?bbox=-180,-90,180,90&limit=10000')).statusCode).toBe(200);
    expect((await get(owner.cookie, '/api/v1/locations?bbox=-180,-90,180,90&limit=10001')).statusCode).toBe(400);
    expect((await get(owner.cookie, '/api/v1/locations?limit=200')).statusCode).toBe(200);
  });
});
