import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

/**
 * An administrator is no superuser of privacy (ADR 0077): A owns a private spot, a spot shared with the circle
 * Family (A owns it, B is a member) and a public one, each with a photo and a visit, and Family has an invitation.
 * C is in no circle of A's; the anonymous visitor has no account. Two administrators stand beside them: one in no
 * circle (compared with C) and one a plain member of Family (compared with B). Over every route that returns spots,
 * photos, visits, counts, tiles, exports, circles, members or invites, each administrator gets exactly the answer
 * of the user in their place — and the admin routes themselves hold no content.
 */
let t: TestContext;
type Person = { cookie: string; id: string; email: string };
const people = {} as Record<'a' | 'b' | 'c' | 'outsiderAdmin' | 'memberAdmin', Person>;
let family: string;
const spot = {} as Record<'secret' | 'shared' | 'public', Spot>;
const visits = {} as Record<'secret' | 'shared' | 'public', string>;

/** Words and positions only A (and the circle, for the shared spot) may ever read. */
const SECRET_WORDS = ['only-mine-glade', 'secret-visit-note'];
const FAMILY_WORDS = ['family-glade', 'family-visit-note'];
const ALL = '24,54,26,55.5';

const inject = (who: Person | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

async function person(email: string): Promise<Person> {
  const { cookie } = await t.createUser(email, undefined, email.split('@')[0]);
  const { rows } = await t.query<{ id: string }>(sql`select id from "user" where email = ${email}`);
  return { cookie, id: rows[0]!.id, email };
}

async function spotWithPhotoAndVisit(which: keyof typeof spot, fields: Record<string, unknown>, note: string) {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6b4' } })
    .jpeg()
    .toBuffer();
  const body = await multipart(
    { ...validSpot(fields), ...(fields.circle_ids ? { circle_ids: (fields.circle_ids as string[]).join(',') } : {}) },
    { bytes: photo },
  );
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie: people.a.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(created.statusCode, created.body).toBe(201);
  spot[which] = created.json();
  const visit = await inject(people.a, 'POST', `/api/v1/locations/${spot[which].id}/visits`, {
    id: crypto.randomUUID(),
    date: '2026-09-20',
    outcome: 'found',
    amount: 'some',
    note,
  });
  expect(visit.statusCode, visit.body).toBe(201);
  visits[which] = visit.json<{ id: string }>().id;
}

beforeAll(async () => {
  t = await createTestContext();
  people.a = await person('owner-a@example.com');
  people.b = await person('member-b@example.com');
  people.c = await person('outsider-c@example.com');
  people.outsiderAdmin = await person('outsider-admin@example.com');
  people.memberAdmin = await person('member-admin@example.com');
  await t.query(
    sql`update "user" set role = 'admin' where id in (${people.outsiderAdmin.id}, ${people.memberAdmin.id})`,
  );

  const circle = await inject(people.a, 'POST', '/api/v1/circles', { name: 'Family' });
  expect(circle.statusCode, circle.body).toBe(201);
  family = circle.json<{ id: string }>().id;
  for (const member of [people.b, people.memberAdmin]) {
    const invite = await inject(people.a, 'POST', `/api/v1/circles/${family}/invites`, { max_uses: 1 });
    expect(invite.statusCode, invite.body).toBe(201);
    const accepted = await inject(member, 'POST', `/api/v1/invites/${invite.json<{ token: string }>().token}/accept`);
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
  }
  // One invitation still open, with an address: only its sender may see it.
  expect(
    (await inject(people.a, 'POST', `/api/v1/circles/${family}/invites`, { email: 'x@example.com' })).statusCode,
  ).toBe(201);

  await spotWithPhotoAndVisit(
    'secret',
    { latitude: 54.691234, longitude: 25.241234, notes: 'only-mine-glade' },
    'secret-visit-note',
  );
  await spotWithPhotoAndVisit(
    'shared',
    { latitude: 54.712345, longitude: 25.276543, audience: 'circles', circle_ids: [family], notes: 'family-glade' },
    'family-visit-note',
  );
  await spotWithPhotoAndVisit(
    'public',
    { latitude: 54.651234, longitude: 25.191234, audience: 'public', is_public: true, notes: 'everyone-glade' },
    'public-visit-note',
  );
});
afterAll(() => t.close());

/** The tile of zoom z that holds a point (Web Mercator). */
function tileOf(z: number, latitude: number, longitude: number) {
  const n = 2 ** z;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const rad = (latitude * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `/api/v1/map/tiles/${z}/${x}/${y}`;
}

type Call = [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object];

/** Every route that returns spots, photos, visits, counts, tiles, exports, circles, members or invites. */
function routes(): Call[] {
  const calls: Call[] = [
    ['GET', '/api/v1/locations?limit=200'],
    ['GET', `/api/v1/locations?limit=200&bbox=${ALL}`],
    ['GET', '/api/v1/locations?limit=200&owner=others'],
    ['GET', `/api/v1/locations?limit=200&circle_id=${family}`],
    ['GET', '/api/v1/locations?limit=200&q=glade'],
    ['GET', `/api/v1/map/pins?bbox=${ALL}&limit=10000`],
    ['GET', `/api/v1/map/count?bbox=${ALL}`],
    ['GET', '/api/v1/visits?owner=mine'],
    ['GET', '/api/v1/fruiting/due'],
    ['GET', '/api/v1/fruiting/nearby?lat=54.7&lng=25.25'],
    ['POST', '/api/v1/locations/check', { ids: Object.values(spot).map((item) => item.id) }],
    ['GET', '/api/v1/circles'],
    ['GET', `/api/v1/circles/${family}`],
    ['GET', `/api/v1/circles/${family}/members`],
    ['GET', `/api/v1/circles/${family}/invites`],
  ];
  for (const z of [6, 10, 14, 17])
    for (const item of Object.values(spot)) calls.push(['GET', tileOf(z, item.latitude, item.longitude)]);
  for (const format of ['gpx', 'kml', 'geojson', 'csv'])
    calls.push(['GET', `/api/v1/export?format=${format}&scope=visible`]);
  for (const which of ['secret', 'shared', 'public'] as const) {
    const item = spot[which];
    calls.push(
      ['GET', `/api/v1/locations/${item.id}`],
      ['GET', `/api/v1/locations/${item.id}/visits`],
      ['GET', item.photo_url!],
      ['GET', item.thumbnail_url!],
      // Changes are refused as for a spot that does not exist (they are checked below to have changed nothing).
      ['PATCH', `/api/v1/locations/${item.id}`, { notes: 'changed by someone else' }],
      ['DELETE', `/api/v1/locations/${item.id}/visits/${visits[which]}`],
    );
  }
  return calls;
}

/**
 * An answer with the viewer and the one compared with them named by their part, not by who they are, and the
 * instants the request was served left out: the user's and the administrator's answers are then the same text. A
 * list of items is compared as a set (the two of them sort in different places by name).
 */
function normalised(body: string, viewer: Person, peer: Person): string {
  const swapped = [
    [viewer.id, '<viewer>'],
    [peer.id, '<peer>'],
    [viewer.email, '<viewer@>'],
    [peer.email, '<peer@>'],
    [viewer.email.split('@')[0]!, '<viewer name>'],
    [peer.email.split('@')[0]!, '<peer name>'],
  ].reduce((text, [from, to]) => text.replaceAll(from!, to!), body);
  // Times, and each refusal's own request id (ADR 0080), differ between any two requests.
  const text = swapped
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
    .replace(/"request_id":"[^"]*"/g, '"request_id":"<id>"');
  try {
    const parsed = JSON.parse(text) as { items?: unknown[] };
    if (Array.isArray(parsed.items)) parsed.items = parsed.items.map((item) => JSON.stringify(item)).sort();
    return JSON.stringify(parsed);
  } catch {
    return text;
  }
}

describe('an administrator learns nothing more than any other user', () => {
  it.each([
    ['in no circle of the owner’s, as C', 'outsiderAdmin', 'c'],
    ['a member of the owner’s circle, as B', 'memberAdmin', 'b'],
  ] as const)('%s, by every route', async (_, adminKey, userKey) => {
    const admin = people[adminKey];
    const user = people[userKey];
    for (const [method, url, body] of routes()) {
      const asUser = await inject(user, method, url, body);
      const asAdmin = await inject(admin, method, url, body);
      const label = `${method} ${url}`;
      expect(asAdmin.statusCode, label).toBe(asUser.statusCode);
      expect(asAdmin.headers['content-type'], label).toBe(asUser.headers['content-type']);
      if (asUser.headers['content-type']?.startsWith('image/'))
        expect(asAdmin.rawPayload.equals(asUser.rawPayload), label).toBe(true);
      else expect(normalised(asAdmin.body, admin, user), label).toBe(normalised(asUser.body, user, admin));
      for (const word of SECRET_WORDS) expect(asAdmin.body, label).not.toContain(word);
      if (adminKey === 'outsiderAdmin')
        for (const word of FAMILY_WORDS) expect(asAdmin.body, label).not.toContain(word);
      if (method === 'GET' && !url.startsWith('/api/v1/locations/' + spot.secret.id))
        expect(asAdmin.body, label).not.toContain(spot.secret.id);
    }
    // Nothing of A's was changed by either.
    const own = (await inject(people.a, 'GET', `/api/v1/locations/${spot.secret.id}`)).json<Spot>();
    expect(own.notes).toBe('only-mine-glade');
    const ownVisits = await inject(people.a, 'GET', `/api/v1/locations/${spot.secret.id}/visits`);
    expect(ownVisits.body).toContain('secret-visit-note');
  });

  it('and the anonymous visitor learns nothing at all', async () => {
    for (const [method, url, body] of routes()) {
      const answer = await inject(null, method, url, body);
      expect([401, 404], `${method} ${url}`).toContain(answer.statusCode);
      for (const word of [...SECRET_WORDS, ...FAMILY_WORDS, 'everyone-glade'])
        expect(answer.body, `${method} ${url}`).not.toContain(word);
    }
  });

  it('finds no content in the admin routes: counts and account facts only', async () => {
    for (const url of [
      '/api/v1/admin/users',
      `/api/v1/admin/users?q=${encodeURIComponent(people.a.email)}`,
      '/api/v1/admin/audit',
    ]) {
      const answer = await inject(people.outsiderAdmin, 'GET', url);
      expect(answer.statusCode, url).toBe(200);
      for (const word of [...SECRET_WORDS, ...FAMILY_WORDS, 'everyone-glade', 'Family'])
        expect(answer.body, url).not.toContain(word);
      for (const item of Object.values(spot)) {
        expect(answer.body, url).not.toContain(item.id);
        expect(answer.body, url).not.toContain(String(item.latitude));
      }
      expect(answer.body).not.toContain(family);
    }
    const a = (
      await inject(people.outsiderAdmin, 'GET', `/api/v1/admin/users?q=${encodeURIComponent(people.a.email)}`)
    ).json<{
      items: Array<{ spots: number }>;
    }>();
    expect(a.items[0]!.spots).toBe(3);
  });
});
