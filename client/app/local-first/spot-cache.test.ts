// The device's copy of spots on fake-indexeddb (an in-memory IndexedDB for Node): a map answer written a moment
// after it came (when the page is idle) never puts back an older version of a spot an edit has updated since.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Spot } from '../../../common/schemas/spots.ts';
import { deviceDb, forgetEverything } from './device-db.ts';
import { keepLoadedArea, keptSpots } from './spot-cache.ts';

const SPOT = '6f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const spot = (version: number, mushroom_types: string): Spot =>
  ({
    id: SPOT,
    type: 'mushroom_spot',
    mushroom_types,
    finder: 'Ona',
    date_found: '2026-09-03',
    notes: null,
    latitude: 55.1,
    longitude: 23.9,
    accuracy_m: null,
    is_public: false,
    audience: 'private',
    circle_ids: [],
    precision: 'exact',
    area: null,
    is_owner: true,
    owner_name: 'Ona',
    photo_url: null,
    thumbnail_url: null,
    photos: [],
    visits: { count: 0, last: null },
    version,
    created_at: '2026-09-03T10:00:00.000Z',
    updated_at: '2026-09-03T10:00:00.000Z',
  }) as Spot;
const BOX = { minLng: 23, minLat: 55, maxLng: 24, maxLat: 56 };

beforeEach(async () => {
  const db = await deviceDb();
  await db.clear('spots');
});

describe('the device’s copy of the map’s answers', () => {
  it('keeps one’s own spots from a map answer, and a newer answer replaces them', async () => {
    await keepLoadedArea('ona', BOX, { items: [spot(1, 'Before the edit')], next_cursor: null });
    expect((await keptSpots('ona')).map((kept) => kept.mushroom_types)).toEqual(['Before the edit']);
    await keepLoadedArea('ona', BOX, { items: [spot(2, 'After the edit')], next_cursor: null });
    expect((await keptSpots('ona')).map((kept) => kept.mushroom_types)).toEqual(['After the edit']);
  });

  it('writes nothing of a user who signed out while the answer waited for an idle moment', async () => {
    const writing = keepLoadedArea('ona', BOX, { items: [spot(1, 'Kept before sign-out')], next_cursor: null });
    await forgetEverything('ona');
    await writing;
    expect(await keptSpots('ona')).toEqual([]);
  });

  it('never writes an answer read before an edit over the edit’s newer copy', async () => {
    const db = await deviceDb();
    // The edit's answer, kept by the outbox while the older map answer waited for an idle moment.
    await db.put('spots', { userId: 'ona', id: SPOT, spot: spot(2, 'After the edit') });
    await keepLoadedArea('ona', BOX, { items: [spot(1, 'Before the edit')], next_cursor: null });
    expect((await keptSpots('ona')).map((kept) => [kept.mushroom_types, kept.version])).toEqual([
      ['After the edit', 2],
    ]);
  });
});
