import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Circle, Invite } from '../../common/schemas/circles.ts';
import type { Spot } from '../../common/schemas/spots.ts';
import type { Visit } from '../../common/schemas/visits.ts';
import { cookieFrom, createTestContext, validSpot, type TestContext } from '../test/test-app.ts';
import { multipart } from '../test/multipart.ts';

/**
 * What a browser may store of Foray's answers (ADR 0074). A, B and C are foragers: A owns the circle "Family", B is in
 * it, C is not; the visitor has no account. A keeps a private spot with a photo and shares another with the circle,
 * with a photo and a visit with a photo. Every answer that carries anything of anyone — spots, photos, thumbnails,
 * visits, counted tiles, pins, counts, circles, exports, the account — says `no-store`, to each of them, whether it
 * gives the thing (200), says it is unchanged (304) or refuses it (404, 401): a browser keeps none of them on disk.
 */
let t: TestContext;
type Person = { cookie: string; id: string } | null;
let a: Person;
let b: Person;
let c: Person;
const visitor: Person = null;
let family: Circle;
let invite: Invite;
let secret: Spot;
let shared: Spot;
let visit: Visit;

const inject = (who: Person, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, extra: object = {}) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...extra });
const json = (who: Person, method: 'POST' | 'PATCH', url: string, payload: object) =>
  inject(who, method, url, { payload });

async function person(email: string): Promise<NonNullable<Person>> {
  const { cookie } = await t.createUser(email);
  const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie } });
  return { cookie, id: me.json<{ id: string }>().id };
}

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 150, g: 110, b: 60 } } })
    .jpeg()
    .toBuffer();

async function upload(who: Person, url: string): Promise<LightMyRequestResponse> {
  const body = await multipart({ id: crypto.randomUUID() }, { bytes: await photo() });
  const response = await inject(who, 'POST', url, {
    headers: { cookie: who!.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response;
}

async function spotWithPhoto(who: Person, fields: Record<string, unknown>): Promise<Spot> {
  const created = await json(who, 'POST', '/api/v1/locations', validSpot({ id: crypto.randomUUID(), ...fields }));
  expect(created.statusCode, created.body).toBe(201);
  return (await upload(who, `/api/v1/locations/${created.json<Spot>().id}/photos`)).json<Spot>();
}

beforeAll(async () => {
  t = await createTestContext();
  [a, b, c] = [
    await person('cache-a@example.com'),
    await person('cache-b@example.com'),
    await person('cache-c@example.com'),
  ];
  family = (await json(a, 'POST', '/api/v1/circles', { name: 'Family' })).json<Circle>();
  invite = (await json(a, 'POST', `/api/v1/circles/${family.id}/invites`, {})).json<Invite>();
  expect((await json(b, 'POST', `/api/v1/invites/${invite.token}/accept`, {})).statusCode).toBe(200);
  invite = (await json(a, 'POST', `/api/v1/circles/${family.id}/invites`, {})).json<Invite>();
  secret = await spotWithPhoto(a, { mushroom_types: 'Secret ceps', latitude: 54.69, longitude: 25.28 });
  shared = await spotWithPhoto(a, {
    mushroom_types: 'Family chanterelles',
    latitude: 54.7,
    longitude: 25.3,
    audience: 'circles',
    circle_ids: [family.id],
  });
  const recorded = await json(a, 'POST', `/api/v1/locations/${shared.id}/visits`, {
    id: crypto.randomUUID(),
    date: '2026-10-02',
    outcome: 'found',
    amount: 'many',
  });
  expect(recorded.statusCode, recorded.body).toBe(201);
  visit = (await upload(a, `/api/v1/locations/${shared.id}/visits/${recorded.json<Visit>().id}/photos`)).json<Visit>();
  expect(visit.photos).toHaveLength(1);
  // An administrator's reads are private too: A runs this server.
  await t.query(sql`update "user" set role = 'admin' where email = 'cache-a@example.com'`);
});
afterAll(() => t.close());

const BOX = '25,54,26,55';
const photosOf = (spot: Spot) => spot.photos.flatMap((p) => [p.url, p.thumbnail_url]);

/** Every GET of the API that carries something of someone, as each person asks it. */
const privateReads = (): string[] => [
  '/api/v1/me',
  '/api/v1/session',
  '/api/v1/me/settings',
  '/api/v1/me/sessions',
  '/api/v1/locations',
  '/api/v1/locations?owner=mine',
  `/api/v1/locations?bbox=${BOX}&limit=200`,
  `/api/v1/locations/${secret.id}`,
  `/api/v1/locations/${shared.id}`,
  `/api/v1/locations/${shared.id}/visits`,
  '/api/v1/visits?owner=mine',
  ...photosOf(secret),
  ...photosOf(shared),
  visit.photos[0]!.url,
  visit.photos[0]!.thumbnail_url,
  '/api/v1/map/tiles/0/0/0',
  '/api/v1/map/tiles/9/291/162',
  `/api/v1/map/pins?bbox=${BOX}`,
  `/api/v1/map/count?bbox=${BOX}`,
  '/api/v1/fruiting/due',
  '/api/v1/fruiting/nearby?lat=54.7&lng=25.3',
  '/api/v1/export?format=geojson',
  '/api/v1/export?format=gpx&scope=visible',
  '/api/v1/export?format=csv&photos=include',
  '/api/v1/circles',
  `/api/v1/circles/${family.id}`,
  `/api/v1/circles/${family.id}/members`,
  `/api/v1/circles/${family.id}/invites`,
  `/api/v1/invites/${invite.token}`,
  '/api/v1/admin/health',
  '/api/v1/admin/settings',
  '/api/v1/admin/invites',
  '/api/v1/admin/users',
  '/api/v1/admin/audit',
  '/api/v1/admin/reports',
  // A photo no one reported: the 404 an administrator gets is as private as a reported photo.
  `/api/v1/admin/photos/${'a'.repeat(32)}`,
  '/api/v1/signup',
  '/api/v1/no-such-route',
  '/api/auth/get-session',
  // The mailed links: a confirmation or a reset token is the account's secret, and so is what they answer.
  '/api/auth/verify-email?token=no-such-token',
  '/api/auth/reset-password/no-such-token?callbackURL=/reset-password',
];

/** The answers a browser may keep: the same for everyone, holding nothing of anyone. */
const PUBLIC = {
  '/api/v1/config': 'no-cache',
  '/api/v1/translations/en': 'no-cache',
  '/api/v1/translations/lt': 'no-cache',
};

const noStore = (response: LightMyRequestResponse) => String(response.headers['cache-control'] ?? '');
const NO_STORE = /^(private, )?no-store$/;

describe('what a browser may store of the API', () => {
  it('keeps nothing any person is given or refused: every private answer says no-store', async () => {
    const seen: string[] = [];
    for (const [name, who] of Object.entries({ a, b, c, visitor })) {
      for (const url of privateReads()) {
        const response = await inject(who, 'GET', url);
        seen.push(`${response.statusCode}`);
        expect(noStore(response), `${name} GET ${url} → ${response.statusCode}`).toMatch(NO_STORE);
      }
    }
    // Given, sent on (a mailed link), refused to a visitor, to one not allowed, and not there (or not to be seen): each
    // kind was asked about.
    expect([...new Set(seen)].sort()).toEqual(['200', '302', '401', '403', '404']);
  });

  it('keeps no photo, thumbnail or tile even when the server says the copy asked about is current (304)', async () => {
    for (const url of [...photosOf(shared), '/api/v1/map/tiles/0/0/0']) {
      const first = await inject(b, 'GET', url);
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toBeTruthy();
      const again = await inject(b, 'GET', url, {
        headers: { cookie: b!.cookie, 'if-none-match': first.headers.etag },
      });
      expect(again.statusCode, url).toBe(304);
      expect(noStore(again), url).toBe('private, no-store');
      expect(noStore(first), url).toBe('private, no-store');
    }
  });

  it('keeps nothing of what changes a spot, a photo, a visit or a circle: the answers of writes say no-store too', async () => {
    const made = await json(a, 'POST', '/api/v1/locations', validSpot({ id: crypto.randomUUID() }));
    const spot = made.json<Spot>();
    const photoAdded = await upload(a, `/api/v1/locations/${spot.id}/photos`);
    const writes = [
      made,
      photoAdded,
      await json(a, 'PATCH', `/api/v1/locations/${spot.id}`, { notes: 'By the birches', base_version: spot.version }),
      await inject(a, 'DELETE', `/api/v1/locations/${spot.id}/photos/${photoAdded.json<Spot>().photos[0]!.id}`),
      await json(a, 'POST', '/api/v1/locations/check', { ids: [spot.id, shared.id] }),
      await json(a, 'POST', `/api/v1/locations/${spot.id}/visits`, {
        id: crypto.randomUUID(),
        date: '2026-10-03',
        outcome: 'nothing',
      }),
      await json(a, 'PATCH', `/api/v1/circles/${family.id}`, { name: 'Family and friends' }),
      await json(c, 'POST', '/api/v1/locations/check', { ids: [shared.id] }),
      await inject(a, 'DELETE', `/api/v1/locations/${spot.id}`),
    ];
    for (const response of writes)
      expect(noStore(response), `${response.statusCode} ${response.body}`).toMatch(NO_STORE);
  });

  it('lets the browser keep only public answers, which hold nothing of anyone', async () => {
    for (const [url, policy] of Object.entries(PUBLIC)) {
      for (const who of [a, visitor]) {
        const response = await inject(who, 'GET', url);
        expect(response.statusCode, url).toBe(200);
        expect(noStore(response), url).toBe(policy);
      }
    }
  });

  it('names every GET route of the API documentation, as private above or public', async () => {
    const documented = Object.entries((t.app.swagger() as { paths: Record<string, object> }).paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => path)
      .filter((path) => path.startsWith('/api/'));
    const pattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?|$)`);
    const named = [...privateReads(), ...Object.keys(PUBLIC)];
    for (const path of documented)
      expect(
        named.some((url) => pattern(path).test(url)),
        `GET ${path}: add it to this test, private or public`,
      ).toBe(true);
  });
});

describe('what a browser kept before is emptied', () => {
  it('when a device check finds a kept spot taken back, and only then', async () => {
    const kept = await json(b, 'POST', '/api/v1/locations/check', { ids: [shared.id] });
    expect(kept.json()).toEqual({ items: [{ id: shared.id, version: expect.any(Number) }] });
    expect(kept.headers['clear-site-data']).toBeUndefined();

    // A takes the spot back from the circle: B's device, asking about it, is told to empty its HTTP cache.
    const current = (await inject(a, 'GET', `/api/v1/locations/${shared.id}`)).json<Spot>();
    const private_ = await json(a, 'PATCH', `/api/v1/locations/${shared.id}`, {
      audience: 'private',
      base_version: current.version,
    });
    expect(private_.statusCode, private_.body).toBe(200);
    const takenBack = await json(b, 'POST', '/api/v1/locations/check', { ids: [shared.id] });
    expect(takenBack.json()).toEqual({ items: [] });
    expect(takenBack.headers['clear-site-data']).toBe('"cache"');
    expect(noStore(takenBack)).toBe('private, no-store');
    // Its photos answer B 404, kept by no cache either.
    for (const url of photosOf(shared)) {
      const gone = await inject(b, 'GET', url);
      expect(gone.statusCode).toBe(404);
      expect(noStore(gone)).toMatch(NO_STORE);
    }
  });

  it('at sign-out and when the account is deleted', async () => {
    const leaving = await t.createUser('cache-leaving@example.com', 'correct horse battery');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: leaving.cookie },
      payload: {},
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.headers['clear-site-data']).toBe('"cache"');

    const again = await t.signIn(leaving.email, leaving.password);
    const cookie = cookieFrom(again);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { cookie },
      payload: { password: 'not the password' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['clear-site-data']).toBeUndefined();
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { cookie },
      payload: { password: leaving.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.headers['clear-site-data']).toBe('"cache"');
  });
});
