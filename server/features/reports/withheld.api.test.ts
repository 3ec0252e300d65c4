import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { cookieFrom, createTestContext, type TestContext } from '../../test/test-app.ts';
import { moderationKit, type Person } from './moderation-test-kit.ts';
import { expectKeptCountsExact, shownTo, type Area } from './withheld-reads-test-kit.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { Visit } from '../../../common/schemas/visits.ts';

/**
 * Withheld content (ADR 0078): a spot, visit or photo an administrator hid, and everything of a disabled account, is
 * shown to nobody but its owner — in every read and every count — and all of it comes back, nothing lost, when it is
 * shown again or the account enabled. Ann owns the content; Ben is in a circle with her; Cai is anyone else.
 */
let t: TestContext;
const kit = moderationKit(() => t);
let ann: Person;
let ben: Person;
let cai: Person;
let ada: Person;
let circleId: string;

beforeAll(async () => {
  t = await createTestContext();
  // The server's first account is its administrator; Ann, Ben and Cai are users.
  ada = await kit.person('ada');
  ann = await kit.person('ann', 'Ann');
  ben = await kit.person('ben');
  cai = await kit.person('cai');
  await kit.makeAdmin(ada);
  circleId = await kit.circleWith(ann, [ben]);
});
afterAll(() => t.close());

/** A day of last year on today's date: a find then makes the spot due now. */
const lastYearToday = () => {
  const today = new Date();
  return `${today.getUTCFullYear() - 1}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
};

let areas = 0;
/** Ann's content in an area of its own: a public spot with a photo and a visit with a photo, an approximate public one,
 * one shared with her circle (due now for Ben), a private one; and one of Ben's. */
async function scene() {
  areas += 1;
  // The middle of a street tile (zoom 13), so every spot of the scene is in that tile as well as in the box.
  const n = 2 ** 13;
  const x = Math.floor(((22.1 + areas * 0.2 + 180) / 360) * n);
  const y = Math.floor(((1 - Math.asinh(Math.tan(((54.1 + areas * 0.2) * Math.PI) / 180)) / Math.PI) / 2) * n);
  const area: Area = {
    lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + 0.5)) / n))) * 180) / Math.PI,
    lng: ((x + 0.5) / n) * 360 - 180,
  };
  const at = (dLat: number, dLng: number) => ({ latitude: area.lat + dLat, longitude: area.lng + dLng });
  const open = await kit.spotWithPhoto(ann, { ...at(0.001, 0.001), mushroom_types: 'Chanterelle' });
  const visit = await kit.visitWithPhoto(ann, open.id, lastYearToday());
  const rough = await kit.spot(ann, { ...at(-0.002, 0.002), precision: '1km' });
  const shared = await kit.spot(ann, {
    ...at(0.003, -0.001),
    is_public: false,
    audience: 'circles',
    circle_ids: [circleId],
  });
  const sharedVisit = await kit.as(ann, 'POST', `/api/v1/locations/${shared.id}/visits`, {
    id: crypto.randomUUID(),
    date: lastYearToday(),
    outcome: 'found',
  });
  expect(sharedVisit.statusCode).toBe(201);
  const secret = await kit.spot(ann, { ...at(-0.001, -0.003), is_public: false });
  const bens = await kit.spot(ben, { ...at(0.002, 0.002) });
  const watched = {
    spots: [open.id, rough.id, shared.id, secret.id, bens.id],
    photoUrls: [open.photos[0]!.url, open.photos[0]!.thumbnail_url, visit.photos[0]!.url] as string[],
    visits: [visit.id],
  };
  return { area, open, visit, rough, shared, secret, bens, watched };
}
type Scene = Awaited<ReturnType<typeof scene>>;
type Shown = Awaited<ReturnType<typeof shownTo>>;

const everything = (who: Person, s: Scene) => shownTo(t, who, s.area, s.watched);

/** What `before` becomes when these spots (and their photos and visits) are no longer shown. */
function without(before: Shown, spots: Spot[]): Shown {
  const ids = new Set(spots.map((spot) => spot.id));
  const urls = new Set(spots.flatMap((spot) => spot.photos.flatMap((photo) => [photo.url, photo.thumbnail_url])));
  const gone = (list: string[]) => list.filter((id) => !ids.has(id.replace('+photos', '')));
  const shownHere = spots.filter((spot) => before.box.includes(spot.id)).length;
  return {
    ...before,
    list: gone(before.list),
    box: gone(before.box),
    pins: gone(before.pins),
    markers: gone(before.markers),
    count: before.count - shownHere,
    tiles: Object.fromEntries(Object.entries(before.tiles).map(([z, n]) => [z, n - shownHere])),
    byId: Object.fromEntries(Object.entries(before.byId).map(([id, status]) => [id, ids.has(id) ? 404 : status])),
    summaries: Object.fromEntries(Object.entries(before.summaries).filter(([id]) => !ids.has(id))),
    visitLists: Object.fromEntries(
      Object.entries(before.visitLists).map(([id, visits]) => [id, ids.has(id) ? 404 : visits]),
    ),
    photos: Object.fromEntries(
      Object.entries(before.photos).map(([url, status]) => [url, urls.has(url) || status !== 200 ? 404 : 200]),
    ),
    checked: gone(before.checked),
    exported: gone(before.exported),
    due: gone(before.due),
    photoIdsInList: before.photoIdsInList.filter(
      (id) => !spots.some((spot) => spot.photos.some((photo) => photo.id === id)),
    ),
  };
}

const findsOf = async (person: Person) =>
  Number(
    (
      await t.query<{ n: number }>(sql`select coalesce(sum(visits), 0)::int as n from fruiting_finds
      where user_id = ${person.id}`)
    ).rows[0]!.n,
  );

describe('a spot hidden by an administrator', () => {
  it('is gone for everyone but its owner from every read and count, and comes back when shown again', async () => {
    const s = await scene();
    const before = { ann: await everything(ann, s), ben: await everything(ben, s), cai: await everything(cai, s) };
    expect(before.cai.list).toContain(s.open.id);
    expect(before.cai.photos[s.open.photos[0]!.url]).toBe(200);
    expect(before.ben.due).toContain(s.shared.id);
    const finds = await findsOf(ann);

    const report = await kit.reported(ben, 'spot', s.open.id, 'dangerous');
    await kit.act(ada, report.id, 'hide');

    // The visit and its photo went with the spot; the photo URLs of the visit too.
    const gone = { ...s.open, photos: [...s.open.photos, ...s.visit.photos] };
    for (const who of ['ben', 'cai'] as const) {
      const after = await everything(who === 'ben' ? ben : cai, s);
      expect(after, who).toEqual(without(before[who], [gone]));
    }
    // Its owner is shown all of it, counts included, marked with the reason.
    expect(await everything(ann, s)).toEqual(before.ann);
    const own = (await kit.as(ann, 'GET', `/api/v1/locations/${s.open.id}`)).json<Spot>();
    expect(own.hidden).toEqual({ reason: 'dangerous' });
    // Its finds leave "found nearby"; Ann's other spots' finds do not.
    expect(await findsOf(ann)).toBe(finds - 1);
    await expectKeptCountsExact(t);

    // The owner may still edit it: it stays hidden.
    const edited = await kit.as(ann, 'PATCH', `/api/v1/locations/${s.open.id}`, {
      notes: 'Moved the sign',
      base_version: own.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Spot>().hidden).toEqual({ reason: 'dangerous' });
    expect((await kit.as(cai, 'GET', `/api/v1/locations/${s.open.id}`)).statusCode).toBe(404);

    await kit.showAgain(ada, 'spot', s.open.id);
    const shownAgain = await everything(cai, s);
    expect(shownAgain).toEqual(before.cai);
    expect(await everything(ben, s)).toEqual(before.ben);
    expect(await findsOf(ann)).toBe(finds);
    await expectKeptCountsExact(t);
  });
});

describe('a photo or a visit hidden by an administrator', () => {
  it('a photo: gone for others (by key, in the spot, the marker’s photo mark), kept and marked for its owner', async () => {
    const s = await scene();
    const before = { ann: await everything(ann, s), cai: await everything(cai, s) };
    const photo = s.open.photos[0]!;
    const report = await kit.reported(cai, 'photo', photo.id, 'offensive');
    await kit.act(ada, report.id, 'hide');

    const after = await everything(cai, s);
    expect(after.photos[photo.url]).toBe(404);
    expect(after.photos[photo.thumbnail_url]).toBe(404);
    expect(after.photoIdsInList).not.toContain(photo.id);
    expect(after.markers).toContain(s.open.id);
    expect(after.markers).not.toContain(`${s.open.id}+photos`);
    const seen = (await kit.as(cai, 'GET', `/api/v1/locations/${s.open.id}`)).json<Spot>();
    expect(seen.photos).toEqual([]);
    expect(seen.photo_url).toBeNull();
    // Nothing else changes for others: the spot, its counts, its visit.
    expect({ ...after, photos: {}, photoIdsInList: [], markers: [] }).toEqual({
      ...before.cai,
      photos: {},
      photoIdsInList: [],
      markers: [],
    });
    // The owner sees the photo, marked.
    expect(await everything(ann, s)).toEqual(before.ann);
    const own = (await kit.as(ann, 'GET', `/api/v1/locations/${s.open.id}`)).json<Spot>();
    expect(own.photos).toEqual([{ ...photo, hidden: { reason: 'offensive' } }]);
    // An administrator still sees the reported photo, to judge it again.
    const queued = (await kit.queue(ada, 'closed')).find((item) => item.id === report.id)!;
    expect(queued.target).toMatchObject({ hidden: true });
    expect((await kit.as(ada, 'GET', queued.target!.photo!.url)).statusCode).toBe(200);

    await kit.showAgain(ada, 'photo', photo.id);
    expect(await everything(cai, s)).toEqual(before.cai);
  });

  it('a visit: gone for others (list, summary, its photo, found nearby), kept and marked for its owner', async () => {
    const s = await scene();
    const before = { ann: await everything(ann, s), cai: await everything(cai, s) };
    const finds = await findsOf(ann);
    const report = await kit.reported(cai, 'visit', s.visit.id, 'wrong');
    await kit.act(ada, report.id, 'hide');

    const after = await everything(cai, s);
    expect(after.visitLists[s.open.id]).toEqual([]);
    expect(after.summaries[s.open.id]).toBe((before.cai.summaries[s.open.id] ?? 0) - 1);
    expect(after.photos[s.visit.photos[0]!.url]).toBe(404);
    expect(after.list).toContain(s.open.id);
    expect(after.tiles).toEqual(before.cai.tiles);
    expect(await findsOf(ann)).toBe(finds - 1);
    await expectKeptCountsExact(t);

    expect(await everything(ann, s)).toEqual(before.ann);
    const own = (await kit.as(ann, 'GET', `/api/v1/locations/${s.open.id}/visits`)).json<{ items: Visit[] }>();
    expect(own.items.find((visit) => visit.id === s.visit.id)?.hidden).toEqual({ reason: 'wrong' });

    await kit.showAgain(ada, 'visit', s.visit.id);
    expect(await everything(cai, s)).toEqual(before.cai);
    expect(await findsOf(ann)).toBe(finds);
    await expectKeptCountsExact(t);
  });
});

describe('a disabled account', () => {
  it('is shown to nobody else, public and circle content alike, counts included, and comes back on enable', async () => {
    const s = await scene();
    const before = { ann: await everything(ann, s), ben: await everything(ben, s), cai: await everything(cai, s) };
    const finds = await findsOf(ann);
    expect(finds).toBeGreaterThan(0);

    // As the administration page does it; any writer of the status works alike (the next test writes it in SQL).
    await kit.changeStatus(ada, ann, 'disabled');
    onTestFinished(() => kit.setStatus(ann, 'active'));
    const mine = [s.open, s.rough, s.shared, s.secret].map((spot) => ({
      ...spot,
      photos: spot.id === s.open.id ? [...spot.photos, ...s.visit.photos] : spot.photos,
    }));
    // Every spot of Ann's leaves the lists, those of the other tests' areas too; the rest is this area's.
    const anns = new Set(
      (await t.query<{ id: string }>(sql`select id from locations where user_id = ${ann.id}`)).rows.map(
        (row) => row.id,
      ),
    );
    for (const [who, seen] of [
      [ben, before.ben],
      [cai, before.cai],
    ] as const) {
      const after = await everything(who, s);
      const expected = without(seen, mine);
      expect(after.list).toEqual(seen.list.filter((id) => !anns.has(id)));
      expect(after.due).toEqual(seen.due.filter((id) => !anns.has(id)));
      expect(after.photoIdsInList.length).toBeLessThan(seen.photoIdsInList.length);
      // The country tile holds the other areas too: at least this area's spots leave it.
      expect(after.tiles.z7).toBeLessThanOrEqual(expected.tiles.z7!);
      const local = (shown: Shown) => ({
        ...shown,
        list: [],
        due: [],
        photoIdsInList: [],
        tiles: { z13: shown.tiles.z13 },
      });
      expect(local(after)).toEqual(local(expected));
    }
    expect(await findsOf(ann)).toBe(0);
    await expectKeptCountsExact(t);
    const refused = await kit.as(ann, 'GET', '/api/v1/locations');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('ACCOUNT_DISABLED');

    await kit.changeStatus(ada, ann, 'active');
    expect(await everything(ben, s)).toEqual(before.ben);
    expect(await everything(cai, s)).toEqual(before.cai);
    expect(await findsOf(ann)).toBe(finds);
    await expectKeptCountsExact(t);
    // Enabling ended the sessions from before: Ann signs in again (and so for the tests after this one).
    const signedIn = await t.signIn(ann.email);
    const again = { ...ann, cookie: cookieFrom(signedIn) };
    ann = again;
    expect((await everything(again, s)).tiles).toEqual(before.ann.tiles);
    expect((await everything(again, s)).count).toBe(before.ann.count);
  });

  it('keeps a spot hidden while disabled and enabled again, until an administrator shows it', async () => {
    const s = await scene();
    const report = await kit.reported(cai, 'spot', s.rough.id);
    await kit.act(ada, report.id, 'hide');
    await kit.setStatus(ann, 'disabled');
    onTestFinished(() => kit.setStatus(ann, 'active'));
    await kit.setStatus(ann, 'active');
    expect((await kit.as(cai, 'GET', `/api/v1/locations/${s.rough.id}`)).statusCode).toBe(404);
    expect((await kit.as(cai, 'GET', `/api/v1/locations/${s.open.id}`)).statusCode).toBe(200);
    await expectKeptCountsExact(t);
    await kit.showAgain(ada, 'spot', s.rough.id);
    expect((await kit.as(cai, 'GET', `/api/v1/locations/${s.rough.id}`)).statusCode).toBe(200);
  });
});

describe.runIf(process.env.FORAY_TEST_DB === 'postgres')('Disable with two servers on one PostgreSQL', () => {
  let second: { app: FastifyInstance; database: DatabaseHandle };

  beforeAll(async () => {
    const database = await openDatabase({ kind: 'postgres', url: t.database.url! });
    const app = await buildApp(t.config, { database, clientDir: null });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it('ends the account’s sessions on both at their next request, and its content leaves and returns on both', async () => {
    const s = await scene();
    // Ann signed in on each server; Cai reads through each.
    const onSecond = async (who: { email: string; password?: string }) => {
      const response = await second.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: who.email, password: 'correct horse battery' },
        headers: { origin: t.config.publicUrl },
      });
      expect(response.statusCode, response.body).toBe(200);
      return cookieFrom(response)
        .split('; ')
        .filter((cookie) => !/foray\.device=/.test(cookie))
        .join('; ');
    };
    const annThere = await onSecond(ann);
    const caiThere = await onSecond(cai);
    const read = (app: FastifyInstance, cookie: string, url: string) =>
      app.inject({ method: 'GET', url, headers: { cookie } });
    const bbox = `${s.area.lng - 0.02},${s.area.lat - 0.02},${s.area.lng + 0.02},${s.area.lat + 0.02}`;
    const countOn = async (app: FastifyInstance, cookie: string) =>
      (await read(app, cookie, `/api/v1/map/count?bbox=${bbox}`)).json<{ count: number }>().count;
    const servers = [
      { app: t.app, ann: ann.cookie, cai: cai.cookie },
      { app: second.app, ann: annThere, cai: caiThere },
    ];
    const before = await Promise.all(servers.map((server) => countOn(server.app, server.cai)));
    for (const server of servers) {
      expect((await read(server.app, server.ann, '/api/v1/me')).statusCode).toBe(200);
      expect((await read(server.app, server.cai, `/api/v1/locations/${s.open.id}`)).statusCode).toBe(200);
    }

    // An administrator disables Ann on the first server.
    await kit.changeStatus(ada, ann, 'disabled');
    onTestFinished(() => kit.setStatus(ann, 'active'));
    for (const [index, server] of servers.entries()) {
      const refused = await read(server.app, server.ann, '/api/v1/me');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('ACCOUNT_DISABLED');
      expect((await read(server.app, server.cai, `/api/v1/locations/${s.open.id}`)).statusCode).toBe(404);
      expect(await countOn(server.app, server.cai)).toBe(before[index]! - 2);
    }

    // Enabled again, on the second server: the content is back everywhere, and no session from before comes back.
    const enabled = await second.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${ann.id}`,
      payload: { status: 'active' },
      headers: { cookie: await onSecond(ada), origin: t.config.publicUrl },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    for (const [index, server] of servers.entries()) {
      expect((await read(server.app, server.cai, `/api/v1/locations/${s.open.id}`)).statusCode).toBe(200);
      expect(await countOn(server.app, server.cai)).toBe(before[index]);
      expect((await read(server.app, server.ann, '/api/v1/me')).json().error.code).toBe('UNAUTHENTICATED');
    }
    const annAgain = await onSecond(ann);
    expect((await read(second.app, annAgain, '/api/v1/me')).statusCode).toBe(200);
    ann = { ...ann, cookie: annAgain };
    await expectKeptCountsExact(t);
  });
});
