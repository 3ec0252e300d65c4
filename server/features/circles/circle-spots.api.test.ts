import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { MapTile } from '../../../common/schemas/map-tiles.ts';
import { createTestContext, sameAnswer, validSpot, type TestContext } from '../../test/test-app.ts';
import { circleKit, type Person } from './circles-test-kit.ts';

// Taking a spot out of a circle: the circle's owner and admins keep what is shared with it in order. The spot stays
// its owner's and shared with its other circles; the circle's members stop seeing it, counts and devices included.

let t: TestContext;
const kit = circleKit(() => t);
const { as } = kit;

let owner: Person; // the circle's owner
let admin: Person; // an admin of the circle
let member: Person; // a plain member
let sharer: Person; // a member whose spots are taken out
let outsider: Person; // not in the circle
let elsewhere: Person; // in the second circle only
let circleId: string;
let secondId: string;

async function sharedSpot(who: Person, circleIds: string[]): Promise<Spot> {
  const response = await as(
    who,
    'POST',
    '/api/v1/locations',
    validSpot({ audience: 'circles', circle_ids: circleIds }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Spot>();
}
const takeOut = (who: Person, spotId: string, circle = circleId) =>
  as(who, 'DELETE', `/api/v1/circles/${circle}/spots/${spotId}`);
const worldTotal = async (viewer: Person) => (await as(viewer, 'GET', '/api/v1/map/tiles/0/0/0')).json<MapTile>().total;
const stillKept = async (viewer: Person, ids: string[]) =>
  (await as(viewer, 'POST', '/api/v1/locations/check', { ids })).json<{ items: { id: string; version: number }[] }>()
    .items;

beforeAll(async () => {
  t = await createTestContext();
  owner = await kit.person('owner');
  admin = await kit.person('admin');
  member = await kit.person('member');
  sharer = await kit.person('sharer');
  outsider = await kit.person('outsider');
  elsewhere = await kit.person('elsewhere');
  circleId = (await kit.createCircle(owner, 'Mushroom club')).id;
  for (const who of [admin, member, sharer]) await kit.join(who, circleId, owner);
  expect(
    (await as(owner, 'PATCH', `/api/v1/circles/${circleId}/members/${admin.id}`, { role: 'admin' })).statusCode,
  ).toBe(200);
  secondId = (await kit.createCircle(sharer, 'Family')).id;
  await kit.join(elsewhere, secondId, sharer);
});
afterAll(() => t.close());

describe('taking a spot out of a circle', () => {
  it('by an admin: the circle’s members no longer see it, its other circle still does, its owner sees the change', async () => {
    const spot = await sharedSpot(sharer, [circleId, secondId]);
    const before = { member: await worldTotal(member), elsewhere: await worldTotal(elsewhere) };
    expect(await stillKept(member, [spot.id])).toHaveLength(1);

    const answer = await takeOut(admin, spot.id);
    expect(answer.statusCode, answer.body).toBe(204);

    // The members: gone by id, from the list, from the tile counts, and from their devices at the next check.
    expect((await as(member, 'GET', `/api/v1/locations/${spot.id}`)).statusCode).toBe(404);
    const list = (await as(member, 'GET', '/api/v1/locations?limit=200')).json<{ items: Spot[] }>().items;
    expect(list.map((item) => item.id)).not.toContain(spot.id);
    expect(await worldTotal(member)).toBe(before.member - 1);
    expect(await stillKept(member, [spot.id])).toEqual([]);
    // The admin who took it out no longer sees it either.
    expect((await as(admin, 'GET', `/api/v1/locations/${spot.id}`)).statusCode).toBe(404);

    // The spot's other circle: unchanged.
    expect((await as(elsewhere, 'GET', `/api/v1/locations/${spot.id}`)).statusCode).toBe(200);
    expect(await worldTotal(elsewhere)).toBe(before.elsewhere);

    // Its owner: still theirs, shared with the other circle only, at a new version their devices fetch.
    const mine = (await as(sharer, 'GET', `/api/v1/locations/${spot.id}`)).json<Spot>();
    expect(mine.circle_ids).toEqual([secondId]);
    expect(mine.version).toBe(spot.version + 1);
    expect(await stillKept(sharer, [spot.id])).toEqual([{ id: spot.id, version: spot.version + 1 }]);

    // Once out, it is not there to take out again.
    expect((await takeOut(admin, spot.id)).statusCode).toBe(404);
  });

  it('is the owner’s and admins’ only: a member gets 403, someone outside the circle the 404 of no circle', async () => {
    const spot = await sharedSpot(sharer, [circleId]);
    const forbidden = await takeOut(member, spot.id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });

    const outside = await takeOut(outsider, spot.id);
    const noCircle = await takeOut(outsider, spot.id, crypto.randomUUID());
    expect(outside.statusCode).toBe(404);
    expect(sameAnswer(outside)).toEqual(sameAnswer(noCircle));
    expect((await takeOut(elsewhere, spot.id)).statusCode).toBe(404);
    expect(await kit.sharesOf(spot.id)).toEqual([circleId]);

    // The circle's owner may.
    expect((await takeOut(owner, spot.id)).statusCode).toBe(204);
    expect(await kit.sharesOf(spot.id)).toEqual([]);
  });

  it('lets an admin take out members’ spots only, the owner anyone’s, and a spot’s owner their own', async () => {
    const ownersSpot = await sharedSpot(owner, [circleId]);
    const adminsSpot = await sharedSpot(admin, [circleId]);
    expect((await takeOut(admin, ownersSpot.id)).statusCode).toBe(403);
    expect((await takeOut(owner, adminsSpot.id)).statusCode).toBe(204);

    const ownSpot = await sharedSpot(member, [circleId]);
    expect((await takeOut(member, ownSpot.id)).statusCode).toBe(204);
    expect(await kit.sharesOf(ownSpot.id)).toEqual([]);
  });

  it('answers 404 for a spot not shared with the circle, and 400 for ids that are not ids', async () => {
    const privateSpot = (await as(sharer, 'POST', '/api/v1/locations', validSpot())).json<Spot>();
    expect((await takeOut(owner, privateSpot.id)).statusCode).toBe(404);
    expect((await takeOut(owner, crypto.randomUUID())).statusCode).toBe(404);
    expect((await as(owner, 'DELETE', `/api/v1/circles/${circleId}/spots/not-an-id`)).statusCode).toBe(400);
    expect((await as(null, 'DELETE', `/api/v1/circles/${circleId}/spots/${privateSpot.id}`)).statusCode).toBe(401);
  });
});
