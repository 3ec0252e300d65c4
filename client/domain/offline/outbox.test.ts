// The outbox's IndexedDB transactions, on fake-indexeddb (an in-memory IndexedDB for Node); the browser
// tests run the same code on Chromium's.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceDb, forgetEverything } from './device-db.ts';
import { discardEntry, enqueue, failEntry, markSending, outboxEntries, retryWithoutPhotos } from './outbox.ts';
import { classifyAnswer } from './outbox-model.ts';
import { planPhotoEnqueue } from './photo-outbox-model.ts';
import { keptSpots } from './spot-cache.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { exampleFields } from '../../../common/spot-examples.ts';

const SPOT = '0b9f7a3c-7d2e-4c1a-9b1e-1f2a3b4c5d6e';
const fields = exampleFields({
  type: 'mushroom_spot' as const,
  mushroom_types: 'Chanterelles',
  finder: 'Ona',
  date_found: '2026-09-03',
  notes: '',
  latitude: 55.1,
  longitude: 23.9,
  is_public: false,
});
const newSpot = { kind: 'create' as const, spotId: SPOT, fields, photo: new Blob(['jpeg']), photoName: 'a.jpg' };

beforeEach(async () => {
  const db = await deviceDb();
  await db.clear('outbox');
});

describe('the outbox in IndexedDB', () => {
  it('keeps a spot refused over the photo quota, and sends it again without its photo when asked', async () => {
    // 413 is the change's own refusal, never retried by itself; 507 (the server's disk is full) goes again later.
    expect(classifyAnswer('create', 413)).toBe('failed');
    expect(classifyAnswer('add-photo', 413)).toBe('failed');
    expect(classifyAnswer('create', 507)).toBe('retry');
    await enqueue('ona', newSpot);
    const [sending] = await outboxEntries('ona');
    const refusal = {
      status: 413,
      code: 'PHOTO_QUOTA_EXCEEDED',
      message: 'Your photos use 2 GB of your 2 GB.',
      usedBytes: 2 ** 31,
      quotaBytes: 2 ** 31,
    };
    await failEntry((await markSending(sending!))!, refusal);
    const [refused] = await outboxEntries('ona');
    expect(refused).toMatchObject({ kind: 'create', status: 'failed', error: refusal, fields });

    await retryWithoutPhotos(refused!.seq!);
    const [again] = await outboxEntries('ona');
    expect(again).toMatchObject({ kind: 'create', status: 'waiting', photo: null, fields });
    expect(again).not.toHaveProperty('error');
  });

  it('keeps each user’s entries apart, oldest first', async () => {
    await enqueue('ona', newSpot);
    await enqueue('jonas', { ...newSpot, spotId: '11111111-1111-4111-8111-111111111111' });
    expect((await outboxEntries('ona')).map((entry) => entry.spotId)).toEqual([SPOT]);
    expect((await outboxEntries('jonas')).map((entry) => entry.userId)).toEqual(['jonas']);
  });

  it('folds a sharing change into an unsent spot, but queues it once the spot is being sent', async () => {
    await enqueue('ona', newSpot);
    await enqueue('ona', { kind: 'share', spotId: SPOT, isPublic: true });
    let entries = await outboxEntries('ona');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'create', fields: { is_public: true } });

    expect(await markSending(entries[0]!)).toMatchObject({ sends: 1 });
    await enqueue('ona', { kind: 'share', spotId: SPOT, isPublic: false });
    entries = await outboxEntries('ona');
    expect(entries.map((entry) => entry.kind)).toEqual(['create', 'share']);
  });

  it('takes later changes into a refused spot, and forgets a user entirely on sign-out', async () => {
    await enqueue('ona', newSpot);
    const [sent] = await outboxEntries('ona');
    await markSending(sent!);
    await enqueue('ona', { kind: 'share', spotId: SPOT, isPublic: true });
    const [sending] = await outboxEntries('ona');
    await failEntry(sending!, { status: 415, code: 'UNSUPPORTED_PHOTO', message: 'no' });
    const entries = await outboxEntries('ona');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      status: 'failed',
      fields: { is_public: true },
      error: { code: 'UNSUPPORTED_PHOTO' },
    });

    await forgetEverything('ona');
    expect(await outboxEntries('ona')).toEqual([]);
  });

  it('does not send an entry that was discarded or refused meanwhile', async () => {
    await enqueue('ona', newSpot);
    const [entry] = await outboxEntries('ona');
    await (await deviceDb()).delete('outbox', entry!.seq!);
    expect(await markSending(entry!)).toBeNull();
  });

  it('keeps a refused spot’s photo changes behind it, and discarding the spot discards them', async () => {
    const photoId = 'aaaaaaaa-0000-4000-8000-000000000002';
    await enqueue('ona', newSpot);
    const [sent] = await outboxEntries('ona');
    await markSending(sent!);
    await enqueue(
      'ona',
      { kind: 'add-photo', spotId: SPOT, photoId, photo: new Blob(['webp']), photoName: 'b.webp' },
      planPhotoEnqueue,
    );
    await enqueue('ona', { kind: 'order-photos', spotId: SPOT, photoIds: [photoId, SPOT] }, planPhotoEnqueue);
    const [sending] = await outboxEntries('ona');
    await failEntry(sending!, { status: 400, code: 'VALIDATION_ERROR', message: 'no' });
    const entries = await outboxEntries('ona');
    expect(entries.map((entry) => [entry.kind, entry.status])).toEqual([
      ['create', 'failed'],
      ['add-photo', 'waiting'],
      ['order-photos', 'waiting'],
    ]);
    // The photo Blob survived the IndexedDB round trip.
    expect(entries[1]).toMatchObject({ kind: 'add-photo', photoId });

    await discardEntry(entries[0]!.seq!);
    expect(await outboxEntries('ona')).toEqual([]);
  });
});

describe('spots kept on the device', () => {
  it('gives a spot kept before spots had several photos an empty collection, keeping its cover', async () => {
    const legacy = {
      id: SPOT,
      ...fields,
      notes: null,
      accuracy_m: null,
      is_public: false,
      created_at: '2026-09-03T10:00:00.000Z',
      is_owner: true,
      owner_name: 'Ona',
      photo_url: '/api/v1/photos/p',
      thumbnail_url: '/api/v1/photos/t',
    } as unknown as Spot;
    await (await deviceDb()).put('spots', { userId: 'ona', id: SPOT, spot: legacy });
    const [kept] = await keptSpots('ona');
    expect(kept).toMatchObject({ id: SPOT, photos: [], thumbnail_url: '/api/v1/photos/t' });
  });
});
