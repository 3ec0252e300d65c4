import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext, sameAnswer } from '../../test/test-app.ts';
import { idsOnceSeen, type Person, type SeenIds } from '../../test/ids-once-seen.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

/**
 * A photo added to a spot with an id (ADR 0070): the spot is checked first — someone else's spot, or none, is the
 * same 404 whatever the id — and then the id: one Bob used answers Alice the same 409 whether his photo is still
 * there hidden from her, was deleted, or went with its spot. Bob's retried upload still gets his spot back.
 */
let t: TestContext;
const kit = idsOnceSeen(() => t);
let bob: Person;
let alice: Person;
let seen: SeenIds;
let aliceSpot: Spot;

beforeAll(async () => {
  t = await createTestContext();
  bob = await t.createUser('bob-photos@example.com');
  alice = await t.createUser('alice-photos@example.com');
  seen = await kit.bobsThingsAliceSaw(bob, alice);
  const made = await kit.as(alice, 'POST', '/api/v1/locations', validSpot({ id: crypto.randomUUID() }));
  expect(made.statusCode).toBe(201);
  aliceSpot = made.json<Spot>();
});
afterAll(() => t.close());

const taken = (ids: SeenIds) => [ids.photo.visible, ids.photo.hidden, ids.photo.deleted, ids.photo.deletedWithSpot];

describe('a spot photo’s id', () => {
  it('answers alike on one’s own spot for a photo someone else has, hid or deleted; a fresh one is added', async () => {
    const answers = [];
    for (const photoId of taken(seen)) answers.push(await kit.addPhoto(alice, aliceSpot.id, null, photoId));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(sameAnswer(answer)).toBe(sameAnswer(answers[0]!));
    }
    expect(answers[0]!.json().error.code).toBe('ID_CONFLICT');
    const fresh = await kit.addPhoto(alice, aliceSpot.id, null, crypto.randomUUID());
    expect(fresh.statusCode, fresh.body).toBe(201);
  });

  it('checks the spot before the id: someone else’s spot, or none, is the same 404 for any id', async () => {
    for (const spotId of [seen.hiddenSpot, crypto.randomUUID()]) {
      const withFresh = await kit.addPhoto(alice, spotId, null, crypto.randomUUID());
      expect(withFresh.statusCode).toBe(404);
      for (const photoId of taken(seen)) {
        const answer = await kit.addPhoto(alice, spotId, null, photoId);
        expect(answer.statusCode, answer.body).toBe(404);
        expect(sameAnswer(answer)).toBe(sameAnswer(withFresh));
      }
    }
  });

  it('still answers the owner’s retried upload with the spot, and lets them add their own deleted photo’s id', async () => {
    const retry = await kit.addPhoto(bob, seen.hiddenSpot, null, seen.photo.hidden);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<Spot>().photos.map((photo) => photo.id)).toEqual([seen.photo.hidden]);
    const again = await kit.addPhoto(bob, seen.hiddenSpot, null, seen.photo.deleted);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Spot>().photos.map((photo) => photo.id)).toEqual([seen.photo.hidden, seen.photo.deleted]);
    // His photo on another spot of his is a clash, as before.
    const elsewhere = await kit.addPhoto(bob, seen.hiddenSpot, null, seen.photo.visible);
    expect([elsewhere.statusCode, elsewhere.json().error.code]).toEqual([409, 'ID_CONFLICT']);
  });
});
