import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestContext, type TestContext, sameAnswer } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

/**
 * Privacy is the product: owner / another signed-in user / anonymous × private / public spot ×
 * every route that can reveal a spot. A private spot must not reach anyone but its owner.
 */
let t: TestContext;
const people: Record<'owner' | 'other' | 'anonymous', { cookie: string }> = {
  owner: { cookie: '' },
  other: { cookie: '' },
  anonymous: { cookie: '' },
};
const spots: Partial<Record<'private' | 'public', Spot>> = {};

async function createSpot(isPublic: boolean): Promise<Spot> {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6b4' } })
    .jpeg()
    .toBuffer();
  const body = await multipart(
    {
      type: 'mushroom_spot',
      mushroom_types: isPublic ? 'Public chanterelles' : 'Secret porcini',
      finder: 'Owner',
      date_found: '2026-09-01',
      notes: isPublic ? 'share me' : 'the secret glade',
      latitude: isPublic ? 54.9 : 54.95,
      longitude: isPublic ? 23.9 : 23.95,
      is_public: isPublic,
    },
    { bytes: photo },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie: people.owner.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

beforeAll(async () => {
  t = await createTestContext();
  people.owner = await t.createUser('owner@example.com', undefined, 'Ona');
  people.other = await t.createUser('other@example.com');
});
afterAll(() => t.close());

const request = (who: keyof typeof people, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: people[who].cookie ? { cookie: people[who].cookie } : {},
    ...(payload ? { payload } : {}),
  });

type Route = 'list' | 'bbox' | 'pins' | 'get' | 'photo' | 'thumbnail' | 'patch' | 'delete';
async function attempt(who: keyof typeof people, route: Route, spot: Spot) {
  switch (route) {
    case 'list':
      return request(who, 'GET', '/api/v1/locations?limit=200');
    case 'bbox':
      return request(who, 'GET', '/api/v1/locations?bbox=23,54,25,56&limit=10000');
    case 'pins':
      return request(who, 'GET', '/api/v1/map/pins?bbox=23,54,25,56&limit=10000');
    case 'get':
      return request(who, 'GET', `/api/v1/locations/${spot.id}`);
    case 'photo':
      return request(who, 'GET', spot.photo_url!);
    case 'thumbnail':
      return request(who, 'GET', spot.thumbnail_url!);
    case 'patch':
      return request(who, 'PATCH', `/api/v1/locations/${spot.id}`, { is_public: spot.is_public });
    case 'delete':
      return request(who, 'DELETE', `/api/v1/locations/${spot.id}`);
  }
}

/** What each person must get: `listed`/`hidden` for the list routes, a status for the others. */
const expected: Record<
  keyof typeof people,
  Record<'private' | 'public', Record<Route, 'listed' | 'hidden' | number>>
> = {
  owner: {
    private: {
      list: 'listed',
      bbox: 'listed',
      pins: 'listed',
      get: 200,
      photo: 200,
      thumbnail: 200,
      patch: 200,
      delete: 204,
    },
    public: {
      list: 'listed',
      bbox: 'listed',
      pins: 'listed',
      get: 200,
      photo: 200,
      thumbnail: 200,
      patch: 200,
      delete: 204,
    },
  },
  other: {
    private: {
      list: 'hidden',
      bbox: 'hidden',
      pins: 'hidden',
      get: 404,
      photo: 404,
      thumbnail: 404,
      patch: 404,
      delete: 404,
    },
    public: {
      list: 'listed',
      bbox: 'listed',
      pins: 'listed',
      get: 200,
      photo: 200,
      thumbnail: 200,
      patch: 404,
      delete: 404,
    },
  },
  anonymous: {
    private: { list: 401, bbox: 401, pins: 401, get: 401, photo: 401, thumbnail: 401, patch: 401, delete: 401 },
    public: { list: 401, bbox: 401, pins: 401, get: 401, photo: 401, thumbnail: 401, patch: 401, delete: 401 },
  },
};

describe.each(['owner', 'other', 'anonymous'] as const)('%s', (who) => {
  describe.each(['private', 'public'] as const)('%s spot', (visibility) => {
    // Delete last: it removes the spot the other routes look at.
    it.each(['list', 'bbox', 'pins', 'get', 'photo', 'thumbnail', 'patch', 'delete'] as const)('%s', async (route) => {
      const spot = await createSpot(visibility === 'public');
      const response = await attempt(who, route, spot);
      const want = expected[who][visibility][route];
      if (want === 'listed' || want === 'hidden') {
        expect(response.statusCode).toBe(200);
        const ids = response.json<{ items: Spot[] }>().items.map((item) => item.id);
        expect(ids.includes(spot.id)).toBe(want === 'listed');
        // Nothing of the private spot leaks in any field of anything listed.
        if (want === 'hidden') {
          expect(response.body).not.toContain('Secret porcini');
          expect(response.body).not.toContain('the secret glade');
          expect(response.body).not.toContain('54.95');
        }
      } else {
        expect(response.statusCode).toBe(want);
      }
      if (want === 404) {
        // A private spot answers exactly as one that does not exist.
        const ghostUrl =
          route === 'photo' || route === 'thumbnail'
            ? '/api/v1/photos/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
            : `/api/v1/locations/${crypto.randomUUID()}`;
        const method = route === 'patch' ? 'PATCH' : route === 'delete' ? 'DELETE' : 'GET';
        const ghost = await request(who, method, ghostUrl, route === 'patch' ? { is_public: true } : undefined);
        expect(ghost.statusCode).toBe(404);
        expect(response.json().error.code).toBe(ghost.json().error.code);
        if (route !== 'photo' && route !== 'thumbnail') expect(sameAnswer(response)).toBe(sameAnswer(ghost));
      }
      if (who !== 'owner' && (route === 'patch' || route === 'delete')) {
        // Nothing changed for the owner.
        const still = await request('owner', 'GET', `/api/v1/locations/${spot.id}`);
        expect(still.statusCode).toBe(200);
        expect(still.json().is_public).toBe(visibility === 'public');
      }
      spots[visibility] = spot;
    });
  });
});

describe('what another user sees of a public spot', () => {
  it('shows the owner by display name and never their e-mail', async () => {
    const spot = await createSpot(true);
    const seen = await request('other', 'GET', `/api/v1/locations/${spot.id}`);
    expect(seen.json()).toMatchObject({ is_owner: false, owner_name: 'Ona' });
    expect(seen.body).not.toContain('owner@example.com');
    const list = await request('other', 'GET', '/api/v1/locations?limit=200');
    expect(list.body).not.toContain('owner@example.com');
  });

  it('stops serving the photo the moment the spot turns private', async () => {
    const spot = await createSpot(true);
    expect((await request('other', 'GET', spot.photo_url!)).statusCode).toBe(200);
    await request('owner', 'PATCH', `/api/v1/locations/${spot.id}`, { is_public: false });
    expect((await request('other', 'GET', spot.photo_url!)).statusCode).toBe(404);
    expect((await request('other', 'GET', spot.thumbnail_url!)).statusCode).toBe(404);
  });
});

describe('the owner filter (what a phone keeps for offline use)', () => {
  it('owner=mine lists only the caller’s own spots, private ones included; owner=others only others’ public ones', async () => {
    const secret = await createSpot(false);
    const shared = await createSpot(true);
    const idsOf = async (who: keyof typeof people, query: string) => {
      const response = await request(who, 'GET', `/api/v1/locations?limit=200&${query}`);
      expect(response.statusCode).toBe(200);
      return { ids: response.json<{ items: Spot[] }>().items.map((item) => item.id), body: response.body };
    };

    const ownerMine = await idsOf('owner', 'owner=mine');
    expect(ownerMine.ids).toEqual(expect.arrayContaining([secret.id, shared.id]));
    expect((await idsOf('owner', 'owner=others')).ids).not.toContain(shared.id);

    // The other user has no spots of their own: "mine" must not widen to anyone else's.
    const otherMine = await idsOf('other', 'owner=mine');
    expect(otherMine.ids).toEqual([]);
    const otherOthers = await idsOf('other', 'owner=others');
    expect(otherOthers.ids).toContain(shared.id);
    expect(otherOthers.ids).not.toContain(secret.id);
    expect(otherOthers.body).not.toContain('the secret glade');
    const otherInBox = await idsOf('other', 'owner=others&bbox=23,54,25,56');
    expect(otherInBox.ids).not.toContain(secret.id);

    expect((await request('other', 'GET', '/api/v1/locations?owner=everyone')).statusCode).toBe(400);
    expect((await request('anonymous', 'GET', '/api/v1/locations?owner=mine')).statusCode).toBe(401);
  });
});
