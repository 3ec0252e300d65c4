import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { distanceMetres } from '../../../common/geodesy.ts';
import {
  DueListSchema,
  NEARBY_ACCOUNT_MIN_AGE_DAYS,
  NearbySchema,
  type DueList,
  type Nearby,
} from '../../../common/schemas/fruiting.ts';

/**
 * What is fruiting now (ADR 0059). Due: one's own spots and those shared with one's circles, ranked from their
 * visits. Nearby: species per fixed ~10 km cell, only where three foragers found it in the week ending yesterday,
 * only from public spots, and nothing finer than a cell in the answer.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Person = { cookie: string; id: string };

// People and circles through the API, as a browser would make them (features do not share test helpers, ADR 0051).
const kit = {
  as: (who: Person | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload === undefined ? {} : { payload }),
    }),
  /** A forager just signed up: their finds do not count in "found nearby" yet (ADR 0073). */
  async newcomer(label: string): Promise<Person> {
    const { cookie } = await t.createUser(`${label}-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie } });
    return { cookie, id: me.json<{ id: string }>().id };
  },
  /**
   * A forager of long standing, whose finds count: an account of two months with three private spots recorded weeks
   * ago. No route can make an account or a spot older, so the dates are set in the database.
   */
  async person(label: string): Promise<Person> {
    const who = await kit.newcomer(label);
    for (let i = 0; i < 3; i++) await spotOf(who, { latitude: -60 - i, longitude: 0, mushroom_types: 'Earlier' });
    await age(who, { accountDays: 60, spotsDays: 20 });
    return who;
  },
  async createCircle(owner: Person, name: string): Promise<{ id: string }> {
    const response = await kit.as(owner, 'POST', '/api/v1/circles', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  },
  async join(who: Person, circleId: string, admin: Person) {
    const link = await kit.as(admin, 'POST', `/api/v1/circles/${circleId}/invites`, { max_uses: 1 });
    expect(link.statusCode, link.body).toBe(201);
    const accepted = await kit.as(who, 'POST', `/api/v1/invites/${link.json<{ token: string }>().token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
  },
};

const DAY_MS = 86_400_000;
const todayUtc = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
/** The date `days` before today (UTC), YYYY-MM-DD. */
const daysAgo = (days: number) => new Date(todayUtc - days * DAY_MS).toISOString().slice(0, 10);
/** Today's month and day `years` earlier, moved by `days`. */
const yearsAgo = (years: number, days = 0) => {
  const today = new Date(todayUtc);
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()) + days * DAY_MS)
    .toISOString()
    .slice(0, 10);
};

/** Makes the account `accountDays` old and every spot it has so far `spotsDays` old. */
async function age(who: Person, { accountDays, spotsDays }: { accountDays?: number; spotsDays?: number }) {
  if (accountDays !== undefined)
    await t.query(
      sql`update "user" set created_at = now() - make_interval(days => ${accountDays}) where id = ${who.id}`,
    );
  if (spotsDays !== undefined)
    await t.query(
      sql`update locations set created_at = now() - make_interval(days => ${spotsDays}) where user_id = ${who.id}`,
    );
}

async function spotOf(who: Person, fields: Record<string, unknown>): Promise<string> {
  const response = await kit.as(who, 'POST', '/api/v1/locations', validSpot(fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function visit(who: Person, spotId: string, date: string, outcome: 'found' | 'nothing' = 'found') {
  const id = crypto.randomUUID();
  const response = await kit.as(who, 'POST', `/api/v1/locations/${spotId}/visits`, {
    id,
    date,
    outcome,
    note: 'Behind the third birch',
  });
  expect(response.statusCode, response.body).toBe(201);
  return id;
}

async function due(who: Person, query = ''): Promise<DueList> {
  const response = await kit.as(who, 'GET', `/api/v1/fruiting/due${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return DueListSchema.parse(response.json());
}

type Place = { latitude: number; longitude: number };

async function nearby(who: Person, place: Place, radius = 25): Promise<{ answer: Nearby; text: string }> {
  const response = await kit.as(
    who,
    'GET',
    `/api/v1/fruiting/nearby?lat=${place.latitude}&lng=${place.longitude}&radius_km=${radius}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return { answer: NearbySchema.parse(response.json()), text: response.body };
}

/** A point well inside one ~10 km cell, different for each test (whole degrees apart), with decimals to look for. */
function placeInCell(index: number): Place {
  const h = 0.09;
  const y = Math.floor((50 + index * 1.5 + 90) / h);
  const middle = y * h - 90 + h / 2;
  const width = h / Math.cos((middle * Math.PI) / 180);
  const x = Math.floor((20 + 180) / width);
  return { latitude: middle + 0.012345, longitude: x * width - 180 + width / 2 + 0.023456 };
}

/** The kept finds equal a count from scratch of every 'found' visit of public mushroom spots. */
async function expectKeptFindsRight() {
  const kept = await t.query<Record<string, unknown>>(sql`
    select cell_y, visited_on::text, cell_x, species_key, user_id, species, visits from fruiting_finds
    order by 1, 2, 3, 4, 5, 6`);
  const recount = await t.query<Record<string, unknown>>(sql`
    select (g.cell)[2] as cell_y, v.visited_on::text, (g.cell)[1] as cell_x, s.species_key, l.user_id,
           s.species, count(*)::int as visits
    from visits v join locations l on l.id = v.location_id
    cross join lateral (select foray_grid10_cell(l.shown_latitude, l.shown_longitude) as cell) as g
    cross join lateral foray_fruiting_species(l.mushroom_types) as s
    where v.outcome = 'found' and l.is_public and l.type = 'mushroom_spot'
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`);
  expect(kept.rows).toEqual(recount.rows);
}

describe('due now', () => {
  it('ranks a spot that gave at this time in three earlier years above one that gave once and one checked "nothing" yesterday', async () => {
    const me = await kit.person('due-ranker');
    const everyYear = await spotOf(me, { mushroom_types: 'Chanterelle' });
    for (const [years, days] of [
      [3, -3],
      [2, 5],
      [1, 0],
    ] as const)
      await visit(me, everyYear, yearsAgo(years, days));
    const once = await spotOf(me, { mushroom_types: 'Cep' });
    await visit(me, once, yearsAgo(3), 'nothing');
    await visit(me, once, yearsAgo(2, 2), 'nothing');
    await visit(me, once, yearsAgo(1, -4));
    const nothingYesterday = await spotOf(me, { mushroom_types: 'Chanterelle; Cep' });
    for (const years of [3, 2, 1]) await visit(me, nothingYesterday, yearsAgo(years));
    await visit(me, nothingYesterday, daysAgo(1), 'nothing');
    // Never near this time of year: not due.
    const otherSeason = await spotOf(me, {});
    await visit(me, otherSeason, yearsAgo(1, 60));

    const { items } = await due(me);
    expect(items.map((item) => item.location_id)).toEqual([everyYear, once, nothingYesterday]);
    expect(items[0]).toMatchObject({
      mushroom_types: 'Chanterelle',
      found_years: [3, 2, 1].map((years) => Number(yearsAgo(years).slice(0, 4))),
      last_visit: { date: yearsAgo(1), outcome: 'found', amount: null },
      distance_m: null,
    });
    expect(items[2]!.last_visit).toEqual({ date: daysAgo(1), outcome: 'nothing', amount: null });
    expect(JSON.stringify(items)).not.toContain('birch');
  });

  it('gives distances from the position asked with, and keeps those within the radius', async () => {
    const me = await kit.person('due-distance');
    const near = await spotOf(me, { latitude: 54.7, longitude: 25.28 });
    const far = await spotOf(me, { latitude: 55.7, longitude: 25.28 });
    for (const spot of [near, far]) await visit(me, spot, yearsAgo(1));
    const all = await due(me, '?lat=54.6872&lng=25.2797');
    expect(all.items.map((item) => [item.location_id, item.distance_m])).toEqual([
      [near, 1423],
      [far, 112_618],
    ]);
    const within = await due(me, '?lat=54.6872&lng=25.2797&radius_km=10');
    expect(within.items.map((item) => item.location_id)).toEqual([near]);
  });

  it('includes a spot shared with one’s circle while one is in it, at its shown point; never another’s private or public spot', async () => {
    const owner = await kit.person('due-sharer');
    const member = await kit.person('due-member');
    const circle = await kit.createCircle(owner, 'Foragers');
    await kit.join(member, circle.id, owner);
    const shared = await spotOf(owner, { audience: 'circles', circle_ids: [circle.id], precision: '10km' });
    const hidden = await spotOf(owner, {});
    const everyone = await spotOf(owner, { is_public: true });
    for (const spot of [shared, hidden, everyone]) await visit(owner, spot, yearsAgo(1));

    const seen = await due(member, '?lat=54.6872&lng=25.2797');
    expect(seen.items.map((item) => item.location_id)).toEqual([shared]);
    const [shown] = (
      await t.query<{ latitude: number; longitude: number }>(
        sql`select shown_latitude as latitude, shown_longitude as longitude from locations where id = ${shared}`,
      )
    ).rows;
    expect(seen.items[0]!.distance_m).toBe(
      Math.round(distanceMetres({ latitude: 54.6872, longitude: 25.2797 }, shown!)),
    );
    expect(seen.items[0]!.distance_m).toBeGreaterThan(0);
    // The owner sees their own at its true point.
    const own = await due(owner, '?lat=54.6872&lng=25.2797');
    expect(own.items.find((item) => item.location_id === shared)!.distance_m).toBe(0);

    const left = await kit.as(member, 'DELETE', `/api/v1/circles/${circle.id}/members/${member.id}`);
    expect(left.statusCode, left.body).toBe(204);
    expect((await due(member)).items).toEqual([]);
  });

  it('asks for sign-in and refuses bad input with a code and a message', async () => {
    expect((await kit.as(null, 'GET', '/api/v1/fruiting/due')).statusCode).toBe(401);
    const me = await kit.person('due-input');
    for (const query of [
      '?lat=91&lng=0',
      '?lat=10',
      '?radius_km=10',
      '?lat=1&lng=2&radius_km=15',
      '?lat=&lng=',
      '?x=1',
    ]) {
      const response = await kit.as(me, 'GET', `/api/v1/fruiting/due${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
    }
  });
});

describe('found nearby this week', () => {
  /** The cell of a place, as the answer gives it: [west, south, east, north]. */
  async function cellOf(place: Place): Promise<number[]> {
    const result = await t.query<{ box: number[] | string }>(
      sql`select foray_grid10_box((c)[1], (c)[2]) as box from (select foray_grid10_cell(${place.latitude}::float8, ${place.longitude}::float8) as c) as cell`,
    );
    const box = result.rows[0]!.box;
    const numbers = typeof box === 'string' ? box.replace(/[{}]/g, '').split(',').map(Number) : box.map(Number);
    return numbers.map((degrees) => Math.round(degrees * 1e6) / 1e6);
  }

  /** No coordinate of a spot and no day inside the window but its two ends appear in the answer's text. */
  function expectNothingFiner(text: string, answer: Nearby, places: Place[], days: string[]) {
    for (const place of places) {
      expect(text).not.toContain(String(place.latitude).slice(0, 7));
      expect(text).not.toContain(String(place.longitude).slice(0, 7));
    }
    for (const day of days.filter((day) => day !== answer.window.from && day !== answer.window.to))
      expect(text).not.toContain(day);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).not.toContain('birch');
  }

  it('shows a species in a cell only once three foragers found it there, and not more for a second visit', async () => {
    const place = placeInCell(0);
    const [a, b, c] = [await kit.person('near-a'), await kit.person('near-b'), await kit.person('near-c')];
    const viewer = await kit.person('near-viewer');
    const at = (who: Person, types: string) => spotOf(who, { ...place, is_public: true, mushroom_types: types });

    await visit(a, await at(a, 'Boletus edulis'), daysAgo(1));
    const bSpot = await at(b, 'boletus  EDULIS; Chanterelle');
    await visit(b, bSpot, daysAgo(3));
    const before = await nearby(viewer, place);
    expect(before.answer.items).toEqual([]);
    expect(before.answer.window).toEqual({ from: daysAgo(7), to: daysAgo(1) });

    const cSpot = await at(c, 'Boletus edulis,');
    await visit(c, cSpot, daysAgo(7));
    const after = await nearby(viewer, place);
    expect(after.answer.items).toEqual([
      { species: 'Boletus edulis', areas: [{ cell: await cellOf(place), foragers_at_least: 3 }] },
    ]);
    expectNothingFiner(after.text, after.answer, [place], [daysAgo(1), daysAgo(3), daysAgo(7)]);

    // One forager's second visit, to the same spot or another, changes nothing anyone can see.
    await visit(c, cSpot, daysAgo(2));
    await visit(c, await at(c, 'Boletus edulis'), daysAgo(4));
    expect((await nearby(viewer, place)).text).toBe(after.text);
    // A forager sees their own find counted like anyone's.
    expect((await nearby(a, place)).text).toBe(after.text);
    await expectKeptFindsRight();
  });

  it('never counts a private spot’s or a circle spot’s visit, nor one of today or before the window', async () => {
    const place = placeInCell(1);
    const [a, b, c, d] = [
      await kit.person('near-pub-a'),
      await kit.person('near-pub-b'),
      await kit.person('near-private'),
      await kit.person('near-circle'),
    ];
    const circle = await kit.createCircle(d, 'Friends');
    const viewer = await kit.person('near-circle-viewer');
    await kit.join(viewer, circle.id, d);
    const kinds = { ...place, mushroom_types: 'Morel' };
    await visit(a, await spotOf(a, { ...kinds, is_public: true }), daysAgo(2));
    await visit(b, await spotOf(b, { ...kinds, is_public: true }), daysAgo(2));
    const empty = (await nearby(viewer, place)).text;
    expect(NearbySchema.parse(JSON.parse(empty)).items).toEqual([]);

    await visit(c, await spotOf(c, kinds), daysAgo(2));
    await visit(d, await spotOf(d, { ...kinds, audience: 'circles', circle_ids: [circle.id] }), daysAgo(2));
    const third = await spotOf(c, { ...kinds, is_public: true });
    await visit(c, third, daysAgo(0));
    await visit(c, third, daysAgo(8));
    expect((await nearby(viewer, place)).text).toBe(empty);
    expect((await nearby(d, place)).text).toBe(empty);
    await expectKeptFindsRight();
  });

  it('counts an approximate public spot in the cell of its shown point, on the same grid as approximate spots', async () => {
    const grid = await t.query<{ same: boolean }>(sql`
      select bool_and(foray_grid10_box((c)[1], (c)[2]) = foray_approximate_area(lat, lng, '10km')) as same
      from (select lat, lng, foray_grid10_cell(lat, lng) as c
            from (values (54.6872::float8, 25.2797::float8), (-33.9, 18.4), (89.99, 179.99), (-90, -180), (0, 0),
                         (64.1, -21.9)) as p(lat, lng)) as points`);
    expect(grid.rows[0]!.same).toBe(true);

    const place = placeInCell(2);
    const people = [await kit.person('near-apx-a'), await kit.person('near-apx-b'), await kit.person('near-apx-c')];
    const spotIds: string[] = [];
    for (const who of people) {
      const id = await spotOf(who, { ...place, is_public: true, precision: '1km', mushroom_types: 'Chanterelle' });
      spotIds.push(id);
      await visit(who, id, daysAgo(1));
    }
    const shown = await t.query<{ latitude: number; longitude: number }>(sql`
      select shown_latitude as latitude, shown_longitude as longitude from locations
      where id in (${sql.join(
        spotIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const { answer, text } = await nearby(people[0]!, place);
    const cells = new Set(await Promise.all(shown.rows.map(async (point) => JSON.stringify(await cellOf(point)))));
    // All three shown points fall in one cell here (the place is well inside it): the cell is shown, nothing finer.
    expect(cells.size).toBe(1);
    expect(answer.items).toEqual([
      { species: 'Chanterelle', areas: [{ cell: JSON.parse([...cells][0]!), foragers_at_least: 3 }] },
    ]);
    expectNothingFiner(text, answer, [place, ...shown.rows], [daysAgo(1)]);
  });

  it('stays right as visits are edited and deleted, a spot is made private, and a spot is deleted', async () => {
    const place = placeInCell(3);
    const people = [await kit.person('near-edit-a'), await kit.person('near-edit-b'), await kit.person('near-edit-c')];
    const spots: string[] = [];
    const visits: string[] = [];
    for (const who of people) {
      const id = await spotOf(who, { ...place, is_public: true, mushroom_types: 'Hedgehog' });
      spots.push(id);
      visits.push(await visit(who, id, daysAgo(2)));
    }
    const viewer = await kit.person('near-edit-viewer');
    const shown = (await nearby(viewer, place)).text;
    expect(NearbySchema.parse(JSON.parse(shown)).items).toHaveLength(1);
    const [last, lastSpot, owner] = [visits[2]!, spots[2]!, people[2]!];
    const expectShown = async (yes: boolean) => {
      const now = (await nearby(viewer, place)).answer;
      expect(now.items.length, yes ? 'shown' : 'not shown').toBe(yes ? 1 : 0);
      await expectKeptFindsRight();
    };

    // No route edits a visit yet; the triggers keep the counts whoever writes.
    await t.query(sql`update visits set visited_on = ${daysAgo(20)}::date where id = ${last}`);
    await expectShown(false);
    await t.query(sql`update visits set visited_on = ${daysAgo(5)}::date where id = ${last}`);
    await expectShown(true);
    await t.query(sql`update visits set outcome = 'nothing' where id = ${last}`);
    await expectShown(false);
    await t.query(sql`update visits set outcome = 'found' where id = ${last}`);
    await expectShown(true);

    const deleted = await kit.as(owner, 'DELETE', `/api/v1/locations/${lastSpot}/visits/${last}`);
    expect(deleted.statusCode).toBe(204);
    await expectShown(false);
    await visit(owner, lastSpot, daysAgo(3));
    await expectShown(true);

    const madePrivate = await kit.as(owner, 'PATCH', `/api/v1/locations/${lastSpot}`, { is_public: false });
    expect(madePrivate.statusCode, madePrivate.body).toBe(200);
    await expectShown(false);
    expect((await kit.as(owner, 'PATCH', `/api/v1/locations/${lastSpot}`, { is_public: true })).statusCode).toBe(200);
    await expectShown(true);
    // Another species: the finds move with the words.
    expect(
      (await kit.as(owner, 'PATCH', `/api/v1/locations/${lastSpot}`, { mushroom_types: 'Chanterelle' })).statusCode,
    ).toBe(200);
    await expectShown(false);
    expect(
      (await kit.as(owner, 'PATCH', `/api/v1/locations/${lastSpot}`, { mushroom_types: 'hedgehog' })).statusCode,
    ).toBe(200);
    await expectShown(true);

    expect((await kit.as(owner, 'DELETE', `/api/v1/locations/${lastSpot}`)).statusCode).toBe(204);
    await expectShown(false);
  });

  it('forgets a deleted account’s finds', async () => {
    const place = placeInCell(4);
    const people = [await kit.person('near-gone-a'), await kit.person('near-gone-b'), await kit.person('near-gone-c')];
    for (const who of people)
      await visit(who, await spotOf(who, { ...place, is_public: true, mushroom_types: 'Puffball' }), daysAgo(1));
    expect((await nearby(people[0]!, place)).answer.items).toHaveLength(1);
    await t.query(sql`delete from "user" where id = ${people[2]!.id}`);
    expect((await nearby(people[0]!, place)).answer.items).toEqual([]);
    await expectKeptFindsRight();
  });

  it('counts no new account: one person with two fresh accounts does not reach three foragers alone', async () => {
    const place = placeInCell(5);
    const real = await kit.person('near-real');
    const [extraA, extraB] = [await kit.newcomer('near-extra-a'), await kit.newcomer('near-extra-b')];
    const viewer = await kit.person('near-new-viewer');
    for (const who of [real, extraA, extraB])
      await visit(who, await spotOf(who, { ...place, is_public: true, mushroom_types: 'Morel' }), daysAgo(2));
    const shows = async () => (await nearby(viewer, place)).answer.items.length > 0;
    expect(await shows()).toBe(false);

    const window = { from: daysAgo(7) };
    const accountsBefore = Date.parse(`${window.from}T00:00:00Z`) - NEARBY_ACCOUNT_MIN_AGE_DAYS * DAY_MS;
    const madeAt = async (who: Person, time: number) =>
      t.query(sql`update "user" set created_at = ${new Date(time).toISOString()}::timestamptz where id = ${who.id}`);
    // Old enough accounts, but their only spot was recorded today: a burst of spots for the week does not count.
    for (const who of [extraA, extraB]) await madeAt(who, accountsBefore - 3_600_000);
    expect(await shows()).toBe(false);
    // Spots of their own from before the week: two are not enough, three are.
    for (const who of [extraA, extraB]) {
      await spotOf(who, { latitude: -70, longitude: 10, mushroom_types: 'Earlier' });
      await age(who, { spotsDays: 8 });
    }
    expect(await shows()).toBe(false);
    for (const who of [extraA, extraB]) {
      await spotOf(who, { latitude: -70, longitude: 11, mushroom_types: 'Earlier' });
      await age(who, { spotsDays: 8 });
    }
    expect((await nearby(viewer, place)).answer.items).toEqual([
      { species: 'Morel', areas: [{ cell: await cellOf(place), foragers_at_least: 3 }] },
    ]);
    // An account made an hour less than the age before the window does not count yet.
    await madeAt(extraB, accountsBefore + 3_600_000);
    expect(await shows()).toBe(false);
    await madeAt(extraB, accountsBefore - 3_600_000);
    expect(await shows()).toBe(true);
    // Nor one whose e-mail is not confirmed.
    await t.query(sql`update "user" set email_verified = false where id = ${extraA.id}`);
    expect(await shows()).toBe(false);
    await expectKeptFindsRight();
  });

  it('names a species by the spelling most of its foragers wrote, across cells, never one forager’s alone', async () => {
    const place = placeInCell(6);
    const width = 0.09 / Math.cos((place.latitude * Math.PI) / 180);
    const beside = { latitude: place.latitude, longitude: place.longitude + width };
    const people = [];
    for (const label of ['a', 'b', 'c', 'd', 'e']) people.push(await kit.person(`near-spell-${label}`));
    const [a, b, c, d, e] = people as [Person, Person, Person, Person, Person];
    const find = async (who: Person, at: Place, types: string) =>
      visit(who, await spotOf(who, { ...at, is_public: true, mushroom_types: types }), daysAgo(3));
    // "CEP" is one forager's, in both cells; "Cep" and "cep" are two foragers' each: a tie, won by "Cep".
    await find(a, place, 'CEP');
    await find(b, place, 'Cep');
    await find(c, place, 'cep');
    await find(a, beside, 'CEP');
    await find(d, beside, 'Cep');
    await find(e, beside, ' cep ');
    const { answer } = await nearby(a, place);
    expect(answer.items.map((item) => [item.species, item.areas.length])).toEqual([['Cep', 2]]);

    // Three spellings, each one forager's: the species is shown folded, as none of them wrote it.
    const elsewhere = placeInCell(7);
    await find(a, elsewhere, 'Raudonviršis');
    await find(b, elsewhere, 'RAUDONVIRŠIS');
    await find(c, elsewhere, 'raudonviršis');
    expect((await nearby(a, elsewhere)).answer.items.map((item) => item.species)).toEqual(['raudonvirsis']);
    // A second forager's spelling wins over the others.
    await find(d, elsewhere, 'RAUDONVIRŠIS');
    expect((await nearby(a, elsewhere)).answer.items.map((item) => item.species)).toEqual(['RAUDONVIRŠIS']);
    await expectKeptFindsRight();
  });

  it('asks for sign-in and refuses bad input with a code and a message', async () => {
    expect((await kit.as(null, 'GET', '/api/v1/fruiting/nearby?lat=54&lng=25')).statusCode).toBe(401);
    const me = await kit.person('near-input');
    for (const query of [
      '',
      '?lat=54',
      '?lat=91&lng=25',
      '?lat=54&lng=-181',
      '?lat=54&lng=25&radius_km=30',
      '?lat=x&lng=1',
    ]) {
      const response = await kit.as(me, 'GET', `/api/v1/fruiting/nearby${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes both routes by their schemas: query parameters and answers', async () => {
    type Operation = {
      parameters: { name: string; in: string; required?: boolean }[];
      responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
    };
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, { get: Operation }>;
    }>();
    for (const [path, required, answer] of [
      ['/api/v1/fruiting/due', [], ['items']],
      ['/api/v1/fruiting/nearby', ['lat', 'lng'], ['window', 'items']],
    ] as const) {
      const operation = doc.paths[path]!.get;
      expect(operation.parameters.map((parameter) => [parameter.name, parameter.in])).toEqual([
        ['lat', 'query'],
        ['lng', 'query'],
        ['radius_km', 'query'],
      ]);
      expect(operation.parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name)).toEqual(
        required,
      );
      const schema = operation.responses['200']!.content!['application/json']!.schema;
      expect(Object.keys(schema.properties ?? {})).toEqual(answer);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    }
  });
});
