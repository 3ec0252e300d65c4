import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { SEARCH_CASES } from '../../../common/spot-filter.cases.ts';

/**
 * The filter bar on the server: the species-text rule (the same cases the phone runs), each filter, their
 * combination with the map's bbox and the list's pages, bad values, and privacy between two foragers.
 */
let t: TestContext;
let ona: { cookie: string };
let jonas: { cookie: string };

type Page = { items: Spot[]; next_cursor: string | null };

beforeAll(async () => {
  t = await createTestContext();
  ona = await t.createUser('ona@example.com');
  jonas = await t.createUser('jonas@example.com');
});
afterAll(() => t.close());

const create = async (who: { cookie: string }, fields: Record<string, unknown>) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie: who.cookie },
    payload: validSpot(fields),
  });
  expect(response.statusCode).toBe(201);
  return response.json<Spot>();
};
const list = async (who: { cookie: string }, query: string): Promise<Page> => {
  const response = await t.app.inject({ url: `/api/v1/locations?${query}`, headers: { cookie: who.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
};
const ids = (page: Page) => page.items.map((spot) => spot.id);
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe('species text', () => {
  // Each case in its own box far from the rest, so one spot answers for one case.
  it.each(SEARCH_CASES.map((searchCase, index) => ({ ...searchCase, index })))(
    '$why: "$q" in "$mushroom_types" / "$notes" → $matches',
    async ({ q: text, mushroom_types, notes, matches, index }) => {
      const latitude = -60 + index * 0.01;
      const spot = await create(ona, { mushroom_types, notes, latitude, longitude: -100 });
      const box = `bbox=-100.001,${latitude - 0.001},-99.999,${latitude + 0.001}`;
      expect(ids(await list(ona, `${box}&${q(text)}`)).includes(spot.id)).toBe(matches);
      expect(ids(await list(ona, `limit=200&${q(text)}`)).includes(spot.id)).toBe(matches);
    },
  );

  it('keeps search_text right when a spot is changed (a generated column)', async () => {
    const spot = await create(ona, { mushroom_types: 'Kazlėkai', notes: null, latitude: -50, longitude: -100 });
    await t.query(sql`update locations set mushroom_types = 'Raudonviršiai' where id = ${spot.id}`);
    expect(ids(await list(ona, `limit=200&${q('kazlekas')}`))).not.toContain(spot.id);
    expect(ids(await list(ona, `limit=200&${q('RAUDONVIRŠIS')}`))).toContain(spot.id);
  });

  it('is answered by the trigram index', async () => {
    await t.db.execute(sql`set enable_seqscan = off`);
    const plan = await t.query<{ 'QUERY PLAN': string }>(
      sql`explain select id from locations where search_text like '%baravyk%'`,
    );
    await t.db.execute(sql`reset enable_seqscan`);
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/locations_search_trgm/);
  });
});

describe('each filter, with the map box and the list pages', () => {
  // A box of its own for this block: 10,10 – 11,11.
  const box = 'bbox=10,10,11,11&limit=10000';
  const spots: Record<string, Spot> = {};

  beforeAll(async () => {
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#6b4' } })
      .jpeg()
      .toBuffer();
    const body = await multipart(
      validSpot({
        mushroom_types: 'Baravykai su nuotrauka',
        latitude: 10.5,
        longitude: 10.5,
        date_found: '2026-08-01',
      }),
      { bytes: photo },
    );
    const withPhoto = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: ona.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(withPhoto.statusCode).toBe(201);
    spots.photo = withPhoto.json<Spot>();
    spots.car = await create(ona, {
      type: 'car_park',
      mushroom_types: '',
      latitude: 10.4,
      longitude: 10.4,
      date_found: '2026-09-01',
    });
    spots.ownPublic = await create(ona, {
      mushroom_types: 'Voveraitės',
      is_public: true,
      latitude: 10.6,
      longitude: 10.6,
      date_found: '2026-09-10',
    });
    spots.othersPublic = await create(jonas, {
      mushroom_types: 'Baravykai',
      is_public: true,
      latitude: 10.7,
      longitude: 10.7,
      date_found: '2026-09-20',
    });
    spots.outside = await create(ona, {
      mushroom_types: 'Baravykai',
      latitude: 12.5,
      longitude: 12.5,
      date_found: '2026-08-01',
    });
  });

  const expectExactly = async (query: string, expected: string[]) => {
    expect(ids(await list(ona, `${box}&${query}`)).sort()).toEqual(expected.map((name) => spots[name]!.id).sort());
  };

  it('type', async () => {
    await expectExactly('type=car_park', ['car']);
    await expectExactly('type=mushroom_spot', ['photo', 'ownPublic', 'othersPublic']);
  });

  it('found-date range, both ends included', async () => {
    await expectExactly('from=2026-09-01', ['car', 'ownPublic', 'othersPublic']);
    await expectExactly('to=2026-09-01', ['photo', 'car']);
    await expectExactly('from=2026-09-01&to=2026-09-10', ['car', 'ownPublic']);
  });

  it('mine only, others’ public only', async () => {
    await expectExactly('owner=mine', ['photo', 'car', 'ownPublic']);
    await expectExactly('owner=others', ['othersPublic']);
  });

  it('private or public', async () => {
    await expectExactly('visibility=private', ['photo', 'car']);
    await expectExactly('visibility=public', ['ownPublic', 'othersPublic']);
  });

  it('with or without a photo', async () => {
    await expectExactly('photo=with', ['photo']);
    await expectExactly('photo=without', ['car', 'ownPublic', 'othersPublic']);
  });

  it('several at once, and the box still bounds them', async () => {
    await expectExactly(`${q('baravykas')}&owner=mine`, ['photo']);
    await expectExactly(`${q('baravykas')}&photo=without`, ['othersPublic']);
    await expectExactly(`${q('baravykas')}&type=car_park`, []);
    // The same filter without the box reaches the spot outside it.
    expect(ids(await list(ona, `limit=200&${q('baravykas')}&owner=mine&to=2026-08-01`))).toEqual(
      expect.arrayContaining([spots.photo!.id, spots.outside!.id]),
    );
  });
});

describe('the list’s pages under a filter', () => {
  it('walks every matching spot once, newest first, even when spots are added between pages', async () => {
    const matching: string[] = [];
    for (let index = 0; index < 7; index++) {
      matching.push((await create(ona, { mushroom_types: `Pievagrybiai ${index}`, latitude: 20, longitude: 20 })).id);
      await create(ona, { mushroom_types: 'Ūmėdės', latitude: 20, longitude: 20 });
    }
    const query = `limit=2&${q('pievagrybis')}`;
    const seen: string[] = [];
    let page = await list(ona, query);
    seen.push(...ids(page));
    // A new matching spot after the first page is newer than the cursor: it is not on later pages.
    const late = await create(ona, { mushroom_types: 'Pievagrybiai vėliau', latitude: 20, longitude: 20 });
    while (page.next_cursor) {
      expect(page.items).toHaveLength(2);
      page = await list(ona, `${query}&cursor=${encodeURIComponent(page.next_cursor)}`);
      seen.push(...ids(page));
    }
    expect(seen).toEqual([...matching].reverse());
    expect(seen).not.toContain(late.id);
    // Pages of the map's box page the same way.
    const boxed = await list(ona, `bbox=19.9,19.9,20.1,20.1&limit=5&${q('pievagrybis')}`);
    expect(boxed.items).toHaveLength(5);
    expect(boxed.next_cursor).not.toBeNull();
  });
});

describe('bad filter values', () => {
  it.each([
    ['type=tree'],
    ['from=2026-02-30'],
    ['to=yesterday'],
    ['from=2026-09-02&to=2026-09-01'],
    ['visibility=secret'],
    ['photo=yes'],
    ['owner=everyone'],
    [q('x'.repeat(101))],
    ['q=baravykai%00'],
    ['q=a&q=b'],
    ['visited=last_year'],
  ])('%s → 400 VALIDATION_ERROR', async (query) => {
    const response = await t.app.inject({ url: `/api/v1/locations?${query}`, headers: { cookie: ona.cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('documents the filter in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const names = doc.paths['/api/v1/locations'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['q', 'type', 'from', 'to', 'owner', 'visibility', 'photo']));
  });
});

describe('privacy between two foragers', () => {
  it('never returns another’s private spot, whatever the filter, in the list, the box or a count', async () => {
    const secret = await create(jonas, {
      mushroom_types: 'Slapti baravykai',
      notes: 'mano vieta',
      is_public: false,
      latitude: 30.5,
      longitude: 30.5,
    });
    const shared = await create(jonas, {
      mushroom_types: 'Bendri baravykai',
      is_public: true,
      latitude: 30.6,
      longitude: 30.6,
    });
    const filters = [
      q('baravykas'),
      q('slapti'),
      q('mano vieta'),
      'visibility=private',
      `visibility=private&${q('baravykas')}`,
      'owner=others',
      `owner=others&${q('slapti')}`,
      'photo=without',
      'type=mushroom_spot&from=2026-01-01',
    ];
    for (const filter of filters) {
      for (const where of ['limit=200', 'bbox=30,30,31,31&limit=10000']) {
        const page = await list(ona, `${where}&${filter}`);
        expect(ids(page), `${where}&${filter}`).not.toContain(secret.id);
        expect(page.items.every((spot) => spot.is_owner || spot.is_public)).toBe(true);
      }
    }
    // The count the map shows is the number of items: the search for the private words finds nothing at all.
    expect((await list(ona, `bbox=30,30,31,31&limit=10000&${q('slapti')}`)).items).toHaveLength(0);
    expect((await list(ona, `bbox=30,30,31,31&limit=10000&${q('baravykas')}`)).items.map((spot) => spot.id)).toEqual([
      shared.id,
    ]);
    // Its owner finds it.
    expect(ids(await list(jonas, `bbox=30,30,31,31&limit=10000&${q('slapti')}`))).toEqual([secret.id]);
  });
});
