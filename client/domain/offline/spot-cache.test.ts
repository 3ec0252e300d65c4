// The device's copy of spots on fake-indexeddb (an in-memory IndexedDB for Node): the pins of others' spots the map
// loaded (ADR 0065) replace those of the same area, a spot opened is kept whole and never over a newer copy, and with
// no signal the map is drawn from both and from one's own spots.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MapPin } from '../../../common/schemas/map-pins.ts';
import { pinOf } from '../../../common/map-pin.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { exampleApiSpot } from '../../../common/spot-examples.ts';
import { deviceDb, forgetEverything } from './device-db.ts';
import { keepLoadedArea, keepOpenedSpot, keptPinsInArea, keptSpots } from './spot-cache.ts';

const SPOT = '6f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const spot = (version: number, mushroom_types: string, id = SPOT): Spot =>
  exampleApiSpot({
    id,
    type: 'mushroom_spot',
    mushroom_types,
    finder: 'Ona',
    date_found: '2026-09-03',
    notes: null,
    latitude: 55.1,
    longitude: 23.9,
    owner_name: 'Ona',
    version,
    created_at: '2026-09-03T10:00:00.000Z',
    updated_at: '2026-09-03T10:00:00.000Z',
  });
const BOX = { minLng: 23, minLat: 55, maxLng: 24, maxLat: 56 };

const OTHER = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const THIRD = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
/** Someone else's spot, public, as the map's pins give it. */
const othersPin = (id: string, version = 1, latitude = 55.5): MapPin => ({
  ...pinOf({ ...spot(version, 'Boletus edulis', id), is_owner: false, is_public: true }),
  latitude,
});
const pinIds = async (box = BOX, matches: ((spot: Spot) => boolean) | null = null) =>
  (await keptPinsInArea('ona', box, matches)).map((pin) => pin.id).sort();

beforeEach(async () => {
  const db = await deviceDb();
  await Promise.all([db.clear('spots'), db.clear('publicSpots')]);
});

describe('the device’s copy of the map’s pins', () => {
  it('keeps others’ pins; a complete answer for the same area drops those no longer in it, with their whole copy', async () => {
    await keepLoadedArea('ona', BOX, { items: [othersPin(OTHER), othersPin(THIRD)], truncated: false });
    await keepOpenedSpot('ona', { ...spot(1, 'Opened', THIRD), is_owner: false, is_public: true });
    expect(await pinIds()).toEqual([OTHER, THIRD].sort());
    expect((await keptSpots('ona')).map((kept) => kept.id)).toEqual([THIRD]);
    // THIRD was made private: the next answer for the area no longer has it, and says it was dropped.
    expect(await keepLoadedArea('ona', BOX, { items: [othersPin(OTHER)], truncated: false })).toEqual([THIRD]);
    expect(await pinIds()).toEqual([OTHER]);
    expect(await keptSpots('ona')).toEqual([]);
  });

  it('drops nothing for an answer cut short or filtered, and keeps pins of other areas', async () => {
    const far = { minLng: 10, minLat: 10, maxLng: 11, maxLat: 11 };
    await keepLoadedArea('ona', BOX, { items: [othersPin(OTHER), othersPin(THIRD)], truncated: false });
    expect(await keepLoadedArea('ona', BOX, { items: [othersPin(OTHER)], truncated: true })).toEqual([]);
    expect(await keepLoadedArea('ona', BOX, { items: [othersPin(OTHER)], truncated: false }, true)).toEqual([]);
    expect(await keepLoadedArea('ona', far, { items: [], truncated: false })).toEqual([]);
    expect(await pinIds()).toEqual([OTHER, THIRD].sort());
  });

  it('does not keep one’s own spots as pins: they are kept whole by the refresh of one’s own', async () => {
    await keepLoadedArea('ona', BOX, { items: [pinOf(spot(1, 'Mine'))], truncated: false });
    expect(await pinIds()).toEqual([]);
  });

  it('writes nothing of a user who signed out while the answer waited for an idle moment', async () => {
    const writing = keepLoadedArea('ona', BOX, { items: [othersPin(OTHER)], truncated: false });
    await forgetEverything('ona');
    await writing;
    expect(await pinIds()).toEqual([]);
  });

  it('never keeps a spot read before an edit over the newer copy, and its pin follows the copy kept', async () => {
    await keepLoadedArea('ona', BOX, { items: [othersPin(OTHER, 1, 55.5)], truncated: false });
    await keepOpenedSpot('ona', { ...spot(3, 'Newer', OTHER), is_owner: false, latitude: 55.7 });
    await keepOpenedSpot('ona', { ...spot(2, 'Older', OTHER), is_owner: false, latitude: 55.6 });
    expect((await keptSpots('ona')).map((kept) => [kept.mushroom_types, kept.version])).toEqual([['Newer', 3]]);
    expect((await keptPinsInArea('ona', BOX)).map((pin) => [pin.latitude, pin.version])).toEqual([[55.7, 3]]);
  });

  it('with no signal, draws one’s own spots and others’ pins of the area; with a filter, only spots kept whole that match', async () => {
    const db = await deviceDb();
    await db.put('spots', { userId: 'ona', id: SPOT, spot: spot(1, 'Cantharellus cibarius') });
    await keepLoadedArea('ona', BOX, { items: [othersPin(OTHER), othersPin(THIRD, 1, 57)], truncated: false });
    expect(await pinIds()).toEqual([SPOT, OTHER].sort());
    expect(await pinIds(BOX, (kept) => kept.mushroom_types.startsWith('Cantharellus'))).toEqual([SPOT]);
    expect(await pinIds(BOX, () => false)).toEqual([]);
  });
});
