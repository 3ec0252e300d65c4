// Taking back from the device (revocation.ts): the decision from the server's answer, and its transaction on
// fake-indexeddb (an in-memory IndexedDB for Node). The exchange with the server is the browser test's
// (e2e/revocation.e2e.test.ts), against the real one.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { pinOf } from '../../../common/map-pin.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { deviceDb, forgetEverything, forgetGeneration } from './device-db.ts';
import { enqueue } from './outbox.ts';
import { checkBatches, dropAndReplace, planFromAnswer, photoUrlsOf } from './revocation.ts';
import { keptPinsInArea, keptSpots } from './spot-cache.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const spot = (n: number, changes: Partial<Spot> = {}): Spot =>
  ({
    id: id(n),
    type: 'mushroom_spot',
    mushroom_types: `Spot ${n}`,
    finder: 'Ona',
    date_found: '2026-09-03',
    notes: null,
    latitude: 55.1,
    longitude: 23.9,
    accuracy_m: null,
    is_public: true,
    audience: 'public',
    circle_ids: [],
    precision: 'exact',
    area: null,
    is_owner: false,
    owner_name: 'Jonas',
    photo_url: null,
    thumbnail_url: null,
    photos: [],
    visits: { count: 0, last: null },
    version: 1,
    created_at: `2026-09-03T10:00:${String(n).padStart(2, '0')}.000Z`,
    updated_at: '2026-09-03T10:00:00.000Z',
    ...changes,
  }) as Spot;

describe('what the server’s answer means', () => {
  it('checks every kept spot but those with changes waiting, in requests of at most the limit', () => {
    const kept = [1, 2, 3, 4, 5].map((n) => ({ id: id(n), version: 1 }));
    const batches = checkBatches(kept, new Set([id(3)]), 2);
    expect(batches.map((batch) => batch.map((spot) => spot.id))).toEqual([
      [id(1), id(2)],
      [id(4), id(5)],
    ]);
    expect(checkBatches([], new Set())).toEqual([]);
  });

  it('drops what the answer leaves out, fetches again what changed, and leaves the rest', () => {
    const sent = [
      { id: id(1), version: 1 },
      { id: id(2), version: 3 },
      { id: id(3), version: 2 },
    ];
    // id(9) was not asked about: an answer cannot add to the device.
    const answer = [
      { id: id(2), version: 4 },
      { id: id(3), version: 2 },
      { id: id(9), version: 1 },
    ];
    expect(planFromAnswer(sent, answer)).toEqual({ drop: [id(1)], refetch: [id(2)] });
    expect(planFromAnswer(sent, [])).toEqual({ drop: [id(1), id(2), id(3)], refetch: [] });
  });

  it('knows every address of a spot’s photos and thumbnails, the cover’s once', () => {
    const withPhotos = spot(1, {
      photo_url: '/api/v1/photos/a',
      thumbnail_url: '/api/v1/photos/a-t',
      photos: [
        { id: id(11), url: '/api/v1/photos/a', thumbnail_url: '/api/v1/photos/a-t' },
        { id: id(12), url: '/api/v1/photos/b', thumbnail_url: '/api/v1/photos/b-t' },
      ],
    });
    expect(photoUrlsOf(withPhotos)).toEqual([
      '/api/v1/photos/a',
      '/api/v1/photos/a-t',
      '/api/v1/photos/b',
      '/api/v1/photos/b-t',
    ]);
    expect(photoUrlsOf(spot(2))).toEqual([]);
  });
});

describe('taking back on the device', () => {
  beforeEach(async () => {
    const db = await deviceDb();
    await Promise.all([db.clear('spots'), db.clear('publicSpots'), db.clear('outbox')]);
  });

  async function keep(own: Spot[], others: Spot[]) {
    const db = await deviceDb();
    for (const mine of own) await db.put('spots', { userId: 'ona', id: mine.id, spot: mine });
    await db.put('publicSpots', { userId: 'ona', items: others, savedAt: 1 });
  }
  const keptIds = async () => (await keptSpots('ona')).map((kept) => kept.id).sort();

  it('drops others’ spots and one’s own, and puts fresh copies in place of the kept ones', async () => {
    const mine = spot(1, { is_owner: true, owner_name: 'Ona' });
    await keep([mine, spot(2, { is_owner: true })], [spot(3), spot(4), spot(5, { latitude: 55.123456 })]);
    // Spot 5 became approximate: the shown point replaces the exact one.
    const approximate = spot(5, { version: 2, latitude: 55.13, precision: '1km', area: [23.9, 55.1, 24, 55.2] });
    const applied = await dropAndReplace('ona', [id(2), id(3)], [approximate]);
    expect(applied).toEqual({ dropped: [id(2), id(3)], replaced: [approximate] });
    expect(await keptIds()).toEqual([id(1), id(4), id(5)]);
    const kept = (await keptSpots('ona')).find((each) => each.id === id(5));
    expect([kept?.latitude, kept?.version]).toEqual([55.13, 2]);
  });

  it('never drops or replaces a spot with a change waiting in the outbox', async () => {
    const mine = spot(1, { is_owner: true });
    await keep([mine], [spot(2)]);
    await enqueue('ona', { kind: 'delete', spotId: id(1) });
    await enqueue('ona', { kind: 'edit', spotId: id(2), patch: { notes: 'mine now' }, baseVersion: 1 });
    expect(await dropAndReplace('ona', [id(1)], [spot(2, { version: 5 })])).toEqual({ dropped: [], replaced: [] });
    expect(await keptIds()).toEqual([id(1), id(2)]);
  });

  it('keeps a newer copy than the one fetched, and nothing of a user who signed out meanwhile', async () => {
    await keep([spot(1, { is_owner: true, version: 3 })], [spot(2)]);
    expect(await dropAndReplace('ona', [], [spot(1, { is_owner: true, version: 2 })])).toEqual({
      dropped: [],
      replaced: [],
    });
    expect((await keptSpots('ona')).find((each) => each.id === id(1))?.version).toBe(3);

    const before = forgetGeneration();
    await forgetEverything('ona');
    expect(await dropAndReplace('ona', [], [spot(7)], before)).toBe('signed-out');
    expect(await keptSpots('ona')).toEqual([]);
  });

  it('drops the kept pins of spots taken back, and puts a spot made approximate there as its shown point', async () => {
    const db = await deviceDb();
    const pins = [spot(3), spot(4), spot(5, { latitude: 55.123456 })].map(pinOf);
    await db.put('publicSpots', { userId: 'ona', items: [], pins, savedAt: 1 });
    const approximate = spot(5, { version: 2, latitude: 55.13, precision: '1km', area: [23.9, 55.1, 24, 55.2] });
    await dropAndReplace('ona', [id(3)], [approximate]);
    const box = { minLng: -180, minLat: -90, maxLng: 180, maxLat: 90 };
    const kept = await keptPinsInArea('ona', box);
    expect(kept.map((pin) => pin.id).sort()).toEqual([id(4), id(5)]);
    expect(kept.find((pin) => pin.id === id(5))).toMatchObject({ latitude: 55.13, version: 2, precision: '1km' });
    // Only the pin was kept: the spot is not kept whole on its account.
    expect(await keptSpots('ona')).toEqual([]);
  });

  it('leaves other users’ kept spots on the same device alone', async () => {
    const db = await deviceDb();
    await db.put('publicSpots', { userId: 'jonas', items: [spot(3)], savedAt: 1 });
    await keep([], [spot(3)]);
    await dropAndReplace('ona', [id(3)], []);
    expect(await keptIds()).toEqual([]);
    expect((await keptSpots('jonas')).map((kept) => kept.id)).toEqual([id(3)]);
  });
});
