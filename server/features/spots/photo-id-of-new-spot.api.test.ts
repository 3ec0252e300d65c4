import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, sameAnswer } from '../../test/test-app.ts';
import { idsOnceSeen, type Person, type SeenIds } from '../../test/ids-once-seen.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

/**
 * The first photo's id of a new spot (`photo_id`, ADR 0070): Alice once saw Bob's photos. Whether a photo of his is
 * still there hidden from her, was deleted, or went with its spot, a new spot of hers with its id answers the same
 * 409; only an id nobody used makes a spot. Bob's own retries still get his spot back.
 */
let t: TestContext;
const kit = idsOnceSeen(() => t);
let bob: Person;
let alice: Person;
let seen: SeenIds;

beforeAll(async () => {
  t = await createTestContext();
  bob = await t.createUser('bob-new-spot@example.com');
  alice = await t.createUser('alice-new-spot@example.com');
  seen = await kit.bobsThingsAliceSaw(bob, alice);
});
afterAll(() => t.close());

describe('a new spot’s photo id', () => {
  it('answers alike for a photo someone else has, hid or deleted; a fresh one makes the spot', async () => {
    const answers = [];
    for (const photoId of [seen.photo.visible, seen.photo.hidden, seen.photo.deleted, seen.photo.deletedWithSpot])
      answers.push(await kit.createWithPhoto(alice, photoId));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(sameAnswer(answer)).toBe(sameAnswer(answers[0]!));
    }
    expect(answers[0]!.json().error.code).toBe('ID_CONFLICT');
    // The spot's own fresh id was not taken by the refused attempts: the same spot with a fresh photo id is made.
    const fresh = await kit.createWithPhoto(alice, crypto.randomUUID());
    expect(fresh.statusCode, fresh.body).toBe(201);
  });

  it('still answers the owner’s retried create with the stored spot, and lets them use their own deleted id', async () => {
    const photoId = crypto.randomUUID();
    const spotId = crypto.randomUUID();
    const first = await kit.createWithPhoto(bob, photoId, { id: spotId });
    expect(first.statusCode, first.body).toBe(201);
    const retry = await kit.createWithPhoto(bob, photoId, { id: spotId });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Spot>()).toEqual(first.json<Spot>());
    // His own deleted photo's id, and a photo that went with his own deleted spot: his to use again, as before.
    const again = await kit.createWithPhoto(bob, seen.photo.deleted);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Spot>().photos.map((photo) => photo.id)).toEqual([seen.photo.deleted]);
    const withSpot = await kit.createWithPhoto(bob, seen.photo.deletedWithSpot);
    expect(withSpot.statusCode, withSpot.body).toBe(201);
    // Still in use on another spot of his: a clash, as before.
    const inUse = await kit.createWithPhoto(bob, photoId);
    expect([inUse.statusCode, inUse.json().error.code]).toEqual([409, 'ID_CONFLICT']);
  });
});
