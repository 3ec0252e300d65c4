import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext, sameAnswer } from '../../test/test-app.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { Visit } from '../../../common/schemas/visits.ts';
import { latestDateFound } from '../../../common/limits.ts';

/** Visits follow their spot: the owner records and deletes them; others read those of public spots only. */
let t: TestContext;
let owner: { cookie: string };
let other: { cookie: string };

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.createUser('visit-owner@example.com');
  other = await t.createUser('visit-other@example.com');
});
afterAll(() => t.close());

const as = (who: { cookie: string } | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

async function spot(isPublic: boolean, overrides: Record<string, unknown> = {}): Promise<Spot> {
  const response = await as(owner, 'POST', '/api/v1/locations', validSpot({ is_public: isPublic, ...overrides }));
  expect(response.statusCode).toBe(201);
  return response.json();
}

const visit = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  date: '2026-10-02',
  outcome: 'nothing',
  note: 'Dry summer, not one cap',
  ...overrides,
});

const record = (who: { cookie: string } | null, spotId: string, body: object) =>
  as(who, 'POST', `/api/v1/locations/${spotId}/visits`, body);

describe('recording, listing and deleting visits', () => {
  it('records "nothing this time" and "found", lists them newest first, and deletes one', async () => {
    const mine = await spot(false);
    const nothing = visit({ date: '2026-10-02' });
    const found = visit({ date: '2026-10-09', outcome: 'found', amount: 'many', note: null });
    const created = await record(owner, mine.id, nothing);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      id: nothing.id,
      location_id: mine.id,
      date: '2026-10-02',
      outcome: 'nothing',
      amount: null,
      note: nothing.note,
    });
    expect((await record(owner, mine.id, found)).statusCode).toBe(201);

    const list = await as(owner, 'GET', `/api/v1/locations/${mine.id}/visits`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json<{ items: Visit[] }>().items.map((item) => [item.date, item.outcome, item.amount])).toEqual([
      ['2026-10-09', 'found', 'many'],
      ['2026-10-02', 'nothing', null],
    ]);

    const deleted = await as(owner, 'DELETE', `/api/v1/locations/${mine.id}/visits/${found.id}`);
    expect(deleted.statusCode).toBe(204);
    const after = await as(owner, 'GET', `/api/v1/locations/${mine.id}/visits`);
    expect(after.json<{ items: Visit[] }>().items.map((item) => item.id)).toEqual([nothing.id]);
    expect((await as(owner, 'DELETE', `/api/v1/locations/${mine.id}/visits/${found.id}`)).statusCode).toBe(404);
  });

  it('answers a retried POST with the stored visit (200) and keeps one visit', async () => {
    const mine = await spot(false);
    const body = visit();
    expect((await record(owner, mine.id, body)).statusCode).toBe(201);
    const retried = await record(owner, mine.id, body);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: body.id, outcome: 'nothing' });
    const list = await as(owner, 'GET', `/api/v1/locations/${mine.id}/visits`);
    expect(list.json<{ items: Visit[] }>().items).toHaveLength(1);
    // The same id on another spot is a clash, not a second visit.
    const another = await spot(false);
    const clash = await record(owner, another.id, body);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('ID_CONFLICT');
  });

  it.each([
    ['no id', { id: undefined }],
    ['a bad id', { id: 'not-a-uuid' }],
    ['no date', { date: undefined }],
    ['an impossible date', { date: '2026-02-30' }],
    ['a date after tomorrow', { date: '2999-01-01' }],
    ['a date before 1900', { date: '1899-12-31' }],
    ['an unknown outcome', { outcome: 'maybe' }],
    ['an amount for nothing', { outcome: 'nothing', amount: 'many' }],
    ['an unknown amount', { outcome: 'found', amount: 'heaps' }],
    ['a control character in the note', { note: 'a\u0000b' }],
    ['a note too long', { note: 'x'.repeat(2001) }],
    ['an unknown field', { mood: 'happy' }],
  ])('refuses %s with a 400 and a reason', async (_, overrides) => {
    const mine = await spot(false);
    const response = await record(owner, mine.id, visit(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('accepts tomorrow (a forager east of UTC) and a bad spot id is a 400', async () => {
    const mine = await spot(false);
    expect((await record(owner, mine.id, visit({ date: latestDateFound() }))).statusCode).toBe(201);
    expect((await as(owner, 'GET', '/api/v1/locations/nope/visits')).statusCode).toBe(400);
    expect((await as(owner, 'DELETE', `/api/v1/locations/${mine.id}/visits/nope`)).statusCode).toBe(400);
  });

  it('deletes the visits with their spot', async () => {
    const mine = await spot(false);
    const body = visit();
    await record(owner, mine.id, body);
    expect((await as(owner, 'DELETE', `/api/v1/locations/${mine.id}`)).statusCode).toBe(204);
    const left = await t.query<{ n: number }>(
      (await import('drizzle-orm')).sql`select count(*)::int as n from visits where id = ${body.id}`,
    );
    expect(left.rows[0]?.n).toBe(0);
    // The id is free again only in the sense that nothing of it is left.
    const own = await as(owner, 'GET', '/api/v1/visits?owner=mine');
    expect(own.json<{ items: Visit[] }>().items.map((item) => item.id)).not.toContain(body.id);
  });
});

describe('the summary on every spot', () => {
  it('counts visits and shows the latest on the list, the map box and the spot itself', async () => {
    const mine = await spot(false, { latitude: 55.5, longitude: 21.5 });
    expect(mine.visits).toEqual({ count: 0, last: null });
    await record(owner, mine.id, visit({ date: '2026-08-01', outcome: 'found', amount: 'few' }));
    await record(owner, mine.id, visit({ date: '2026-10-12' }));
    await record(owner, mine.id, visit({ date: '2026-09-05', outcome: 'found' }));
    const want = { count: 3, last: { date: '2026-10-12', outcome: 'nothing' } };

    expect((await as(owner, 'GET', `/api/v1/locations/${mine.id}`)).json().visits).toEqual(want);
    const list = await as(owner, 'GET', '/api/v1/locations?limit=200');
    expect(list.json<{ items: Spot[] }>().items.find((item) => item.id === mine.id)?.visits).toEqual(want);
    const box = await as(owner, 'GET', '/api/v1/locations?bbox=21,55,22,56&limit=10000');
    expect(box.json<{ items: Spot[] }>().items.find((item) => item.id === mine.id)?.visits).toEqual(want);
  });
});

describe('privacy: two users', () => {
  it('keeps a private spot’s visits, and their count, from anyone else', async () => {
    const secret = await spot(false, { latitude: 56.1, longitude: 22.1 });
    const body = visit({ note: 'the secret birch' });
    await record(owner, secret.id, body);

    const ghost = await as(other, 'GET', `/api/v1/locations/${crypto.randomUUID()}/visits`);
    const read = await as(other, 'GET', `/api/v1/locations/${secret.id}/visits`);
    expect(read.statusCode).toBe(404);
    expect(sameAnswer(read)).toBe(sameAnswer(ghost));
    for (const url of [
      '/api/v1/locations?limit=200',
      '/api/v1/locations?bbox=22,56,23,57&limit=10000',
      '/api/v1/visits?owner=mine',
    ]) {
      const response = await as(other, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(secret.id);
      expect(response.body).not.toContain(body.id);
      expect(response.body).not.toContain('the secret birch');
    }
    expect((await record(other, secret.id, visit())).statusCode).toBe(404);
    expect((await as(other, 'DELETE', `/api/v1/locations/${secret.id}/visits/${body.id}`)).statusCode).toBe(404);
    // The owner still has it, unchanged.
    expect((await as(owner, 'GET', `/api/v1/locations/${secret.id}`)).json().visits.count).toBe(1);
  });

  it('shows a public spot’s visits and summary to others, without notes, and lets only the owner change them', async () => {
    const shared = await spot(true);
    const body = visit({ outcome: 'found', amount: 'some', note: 'parked at my aunt’s farm' });
    await record(owner, shared.id, body);

    const read = await as(other, 'GET', `/api/v1/locations/${shared.id}/visits`);
    expect(read.statusCode).toBe(200);
    expect(read.json<{ items: Visit[] }>().items).toEqual([
      expect.objectContaining({ id: body.id, outcome: 'found', amount: 'some', note: null }),
    ]);
    expect(read.body).not.toContain('aunt');
    expect((await as(other, 'GET', `/api/v1/locations/${shared.id}`)).json().visits).toEqual({
      count: 1,
      last: { date: body.date, outcome: 'found' },
    });

    const foreign = visit();
    expect((await record(other, shared.id, foreign)).statusCode).toBe(404);
    expect((await as(other, 'DELETE', `/api/v1/locations/${shared.id}/visits/${body.id}`)).statusCode).toBe(404);
    expect(
      (await as(owner, 'GET', `/api/v1/locations/${shared.id}/visits`))
        .json<{ items: Visit[] }>()
        .items.map((item) => item.id),
    ).toEqual([body.id]);
    // Someone else's visit id cannot be claimed either.
    const theirs = await t.createUser();
    const theirSpot = await as(theirs, 'POST', '/api/v1/locations', validSpot());
    const clash = await record(theirs, theirSpot.json<Spot>().id, body);
    expect(clash.statusCode).toBe(409);
    expect(clash.body).not.toContain('aunt');
  });

  it('GET /api/v1/visits?owner=mine lists only the caller’s own visits, with their spot ids', async () => {
    const mine = await spot(false);
    const body = visit();
    await record(owner, mine.id, body);
    const own = await as(owner, 'GET', '/api/v1/visits?owner=mine');
    expect(own.json<{ items: Visit[] }>().items).toContainEqual(
      expect.objectContaining({ id: body.id, location_id: mine.id, note: body.note }),
    );
    expect((await as(other, 'GET', '/api/v1/visits?owner=mine')).json()).toEqual({ items: [] });
    expect((await as(other, 'GET', '/api/v1/visits')).statusCode).toBe(400);
    expect((await as(other, 'GET', '/api/v1/visits?owner=others')).statusCode).toBe(400);
    expect((await as(null, 'GET', '/api/v1/visits?owner=mine')).statusCode).toBe(401);
    expect((await as(null, 'GET', `/api/v1/locations/${mine.id}/visits`)).statusCode).toBe(401);
    expect((await record(null, mine.id, visit())).statusCode).toBe(401);
  });
});

describe('the filter "visited this year" (ADR 0020, 0022)', () => {
  it('keeps spots with a visit this year (UTC), narrows and never widens what one may see', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const lastYear = `${new Date().getUTCFullYear() - 1}-06-01`;
    const visitedNow = await spot(false, { mushroom_types: 'Visited now' });
    const visitedBefore = await spot(true, { mushroom_types: 'Visited last year' });
    const never = await spot(false, { mushroom_types: 'Never visited' });
    await record(owner, visitedNow.id, visit({ date: today }));
    await record(owner, visitedBefore.id, visit({ date: lastYear, outcome: 'found' }));

    const ids = async (who: { cookie: string }, query: string) =>
      (await as(who, 'GET', `/api/v1/locations?limit=200&${query}`))
        .json<{ items: Spot[] }>()
        .items.map((item) => item.id);
    const mine = await ids(owner, 'visited=this_year');
    expect(mine).toContain(visitedNow.id);
    expect(mine).not.toContain(visitedBefore.id);
    expect(mine).not.toContain(never.id);
    expect(await ids(owner, 'visited=this_year&bbox=21,54,26,57')).toContain(visitedNow.id);
    // The other user sees neither the private spot visited this year nor, through the filter, anything more.
    expect(await ids(other, 'visited=this_year')).not.toContain(visitedNow.id);
    await record(owner, visitedBefore.id, visit({ date: today, outcome: 'nothing' }));
    expect(await ids(other, 'visited=this_year')).toContain(visitedBefore.id);
  });
});

describe('the API document', () => {
  it('lists the visit routes with their schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/locations/{id}/visits',
        '/api/v1/locations/{id}/visits/{visitId}',
        '/api/v1/visits',
      ]),
    );
    expect(Object.keys(doc.paths['/api/v1/locations/{id}/visits'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(doc.paths['/api/v1/locations/{id}/visits/{visitId}'].delete).toBeDefined();
  });
});
