import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext, sameAnswer } from '../../test/test-app.ts';
import { idsOnceSeen, type Person, type SeenIds } from '../../test/ids-once-seen.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { Visit } from '../../../common/schemas/visits.ts';

/**
 * A visit's id and a visit photo's id (ADR 0070): the spot and the visit are checked first — someone else's, or
 * none, is the same 404 whatever the id — and then the id: one Bob used answers Alice the same 409 whether his visit
 * or photo is still there hidden from her, was deleted, or went with its visit or spot. Bob's retries still get the
 * stored visit back.
 */
let t: TestContext;
const kit = idsOnceSeen(() => t);
let bob: Person;
let alice: Person;
let seen: SeenIds;
let aliceSpot: Spot;
let aliceVisit: Visit;

beforeAll(async () => {
  t = await createTestContext();
  bob = await t.createUser('bob-visits@example.com');
  alice = await t.createUser('alice-visits@example.com');
  seen = await kit.bobsThingsAliceSaw(bob, alice);
  aliceSpot = (await kit.as(alice, 'POST', '/api/v1/locations', validSpot({ id: crypto.randomUUID() }))).json<Spot>();
  const visit = await kit.as(
    alice,
    'POST',
    `/api/v1/locations/${aliceSpot.id}/visits`,
    kit.visitBody(crypto.randomUUID()),
  );
  expect(visit.statusCode).toBe(201);
  aliceVisit = visit.json<Visit>();
});
afterAll(() => t.close());

const takenVisits = (ids: SeenIds) => [ids.visit.hidden, ids.visit.deleted, ids.visit.deletedWithSpot];
const takenPhotos = (ids: SeenIds) => [
  ids.photo.visible,
  ids.visitPhoto.hidden,
  ids.visitPhoto.deleted,
  ids.visitPhoto.deletedWithVisit,
  ids.visitPhoto.deletedWithSpot,
];

describe('a visit’s id', () => {
  const record = (who: Person, spotId: string, id: string) =>
    kit.as(who, 'POST', `/api/v1/locations/${spotId}/visits`, kit.visitBody(id));

  it('answers alike on one’s own spot for a visit someone else has, hid or deleted; a fresh one is recorded', async () => {
    const answers = [];
    for (const id of takenVisits(seen)) answers.push(await record(alice, aliceSpot.id, id));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(sameAnswer(answer)).toBe(sameAnswer(answers[0]!));
    }
    expect(answers[0]!.json().error.code).toBe('ID_CONFLICT');
    expect((await record(alice, aliceSpot.id, crypto.randomUUID())).statusCode).toBe(201);
    // Someone else's spot, or none: the same 404 for any id.
    for (const spotId of [seen.hiddenSpot, crypto.randomUUID()]) {
      const withFresh = await record(alice, spotId, crypto.randomUUID());
      expect(withFresh.statusCode).toBe(404);
      for (const id of takenVisits(seen))
        expect(sameAnswer(await record(alice, spotId, id))).toBe(sameAnswer(withFresh));
    }
  });

  it('still answers the owner’s retry with the stored visit, and lets them use their own deleted visit’s id', async () => {
    const retry = await record(bob, seen.hiddenSpot, seen.visit.hidden);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<Visit>().id).toBe(seen.visit.hidden);
    expect(retry.json<Visit>().photos).toHaveLength(1);
    const again = await record(bob, seen.hiddenSpot, seen.visit.deleted);
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('a visit photo’s id', () => {
  it('answers alike on one’s own visit for a photo someone else has, hid or deleted; a fresh one is added', async () => {
    const answers = [];
    for (const id of takenPhotos(seen)) answers.push(await kit.addPhoto(alice, aliceSpot.id, aliceVisit.id, id));
    // A spot photo's id is another table's: it is free for a visit's photo, for anyone, as before.
    expect(answers.shift()!.statusCode).toBe(201);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(sameAnswer(answer)).toBe(sameAnswer(answers[0]!));
    }
    expect(answers[0]!.json().error.code).toBe('ID_CONFLICT');
    expect((await kit.addPhoto(alice, aliceSpot.id, aliceVisit.id, crypto.randomUUID())).statusCode).toBe(201);
  });

  it('checks the spot and the visit before the id: someone else’s, or none, is the same 404 for any id', async () => {
    for (const [spotId, visitId] of [
      [seen.hiddenSpot, seen.visit.hidden],
      [aliceSpot.id, seen.visit.hidden],
      [aliceSpot.id, crypto.randomUUID()],
      [crypto.randomUUID(), crypto.randomUUID()],
    ] as const) {
      const withFresh = await kit.addPhoto(alice, spotId, visitId, crypto.randomUUID());
      expect(withFresh.statusCode).toBe(404);
      for (const id of takenPhotos(seen).slice(1)) {
        const answer = await kit.addPhoto(alice, spotId, visitId, id);
        expect(answer.statusCode, answer.body).toBe(404);
        expect(sameAnswer(answer)).toBe(sameAnswer(withFresh));
      }
    }
  });

  it('still answers the owner’s retried upload with the visit, and lets them add their own deleted photo’s id', async () => {
    const retry = await kit.addPhoto(bob, seen.hiddenSpot, seen.visit.hidden, seen.visitPhoto.hidden);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<Visit>().photos.map((photo) => photo.id)).toEqual([seen.visitPhoto.hidden]);
    const again = await kit.addPhoto(bob, seen.hiddenSpot, seen.visit.hidden, seen.visitPhoto.deleted);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Visit>().photos.map((photo) => photo.id)).toEqual([
      seen.visitPhoto.hidden,
      seen.visitPhoto.deleted,
    ]);
  });
});
