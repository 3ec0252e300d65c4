// The outbox's IndexedDB transactions, on fake-indexeddb (an in-memory IndexedDB for Node); the browser
// tests run the same code on Chromium's.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceDb, forgetEverything } from './device-db.ts';
import { enqueue, failEntry, markSending, outboxEntries } from './outbox.ts';

const SPOT = '0b9f7a3c-7d2e-4c1a-9b1e-1f2a3b4c5d6e';
const fields = {
  type: 'mushroom_spot' as const,
  mushroom_types: 'Chanterelles',
  finder: 'Ona',
  date_found: '2026-09-03',
  notes: '',
  latitude: 55.1,
  longitude: 23.9,
  is_public: false,
};
const newSpot = { kind: 'create' as const, spotId: SPOT, fields, photo: new Blob(['jpeg']), photoName: 'a.jpg' };

beforeEach(async () => {
  const db = await deviceDb();
  await db.clear('outbox');
});

describe('the outbox in IndexedDB', () => {
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
    expect(entries[0]).toMatchObject({ status: 'failed', fields: { is_public: true }, error: { code: 'UNSUPPORTED_PHOTO' } });

    await forgetEverything('ona');
    expect(await outboxEntries('ona')).toEqual([]);
  });

  it('does not send an entry that was discarded or refused meanwhile', async () => {
    await enqueue('ona', newSpot);
    const [entry] = await outboxEntries('ona');
    await (await deviceDb()).delete('outbox', entry!.seq!);
    expect(await markSending(entry!)).toBeNull();
  });
});
