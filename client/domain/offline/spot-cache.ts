// The spots kept on the device so the map and the list work with no signal: the user's own spots in full, the
// pins of others' spots in the areas last loaded (ADR 0065), and others' spots in full whose popup was opened.
import { LIST_LIMIT_MAX } from '../../../common/limits.ts';
import type { MapPin, MapPins } from '../../../common/schemas/map-pins.ts';
import { pinOf } from '../../../common/map-pin.ts';
import type { BBox, Spot, SpotPage } from '../../../common/schemas/spots.ts';
import { api } from '../../lib/api-client.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { deviceDb, forgetGeneration, type CachedSpot } from './device-db.ts';

/** Enough of others' spots for the areas a forager looked at before the trip, small enough to write quickly. */
export const PUBLIC_KEPT_MAX = 5_000;

const inside = (bbox: BBox, spot: { latitude: number; longitude: number }) =>
  spot.longitude >= bbox.minLng &&
  spot.longitude <= bbox.maxLng &&
  spot.latitude >= bbox.minLat &&
  spot.latitude <= bbox.maxLat;

/**
 * Whether the server's copy is older than the one kept: an answer read before an edit was sent, written after
 * the edit's own answer kept the new version. Such a copy is never written over the newer one.
 */
const isOlder = (spot: { version: number }, kept: { version: number } | undefined) =>
  kept !== undefined && spot.version < kept.version;

/**
 * Keeps the pins of others' spots the map just loaded: they replace those kept for the same area (a spot made
 * private or deleted since is dropped, unless the answer was cut short), the newest last. A filtered answer
 * (`filtered`) adds its pins and drops none: a pin the filter left out was not asked for. The user's own spots are
 * kept in full by refreshOwnSpots. Written when the page is idle: the map's first draw does not wait for it.
 * Returns the ids the device no longer keeps: taken back as the device check would take them (revocation.ts).
 */
export async function keepLoadedArea(userId: string, bbox: BBox, answer: MapPins, filtered = false): Promise<string[]> {
  const generation = forgetGeneration();
  await whenIdle();
  const db = await deviceDb();
  // Signed out meanwhile: nothing of the user is written back. Checked as the transaction opens, so a sign-out
  // that starts later deletes after this write.
  if (forgetGeneration() !== generation) return [];
  const tx = db.transaction('publicSpots', 'readwrite');
  const record = await tx.store.get(userId);
  const kept = record?.pins ?? [];
  const fresh = answer.items.filter((pin) => !pin.is_owner);
  const freshIds = new Set(fresh.map((pin) => pin.id));
  const replaces = !answer.truncated && !filtered;
  const others = kept.filter((pin) => !freshIds.has(pin.id) && !(replaces && inside(bbox, pin)));
  // The newest loaded last: when there are too many, the areas seen longest ago go first.
  const pins = [...others, ...fresh].slice(-PUBLIC_KEPT_MAX);
  // A whole copy of a spot no longer in the area goes with its pin.
  const gone = new Set(kept.filter((pin) => !freshIds.has(pin.id)).map((pin) => pin.id));
  for (const pin of pins) gone.delete(pin.id);
  const before = record?.items ?? [];
  const items = before.filter(
    (spot) => !gone.has(spot.id) && !(replaces && inside(bbox, spot) && !freshIds.has(spot.id)),
  );
  await tx.store.put({ userId, items, pins, savedAt: Date.now() });
  await tx.done;
  const keptIds = new Set([...items, ...pins].map((spot) => spot.id));
  return [...new Set([...kept, ...before].map((spot) => spot.id))].filter((id) => !keptIds.has(id));
}

/**
 * Keeps someone else's spot in full once its popup has read it from the server, so the popup opens with no signal
 * too; its pin follows it. The user's own spots are kept by refreshOwnSpots.
 */
export async function keepOpenedSpot(userId: string, spot: Spot): Promise<void> {
  if (spot.is_owner) return;
  const generation = forgetGeneration();
  const db = await deviceDb();
  if (forgetGeneration() !== generation) return;
  const tx = db.transaction('publicSpots', 'readwrite');
  const record = await tx.store.get(userId);
  const items = record?.items ?? [];
  if (
    isOlder(
      spot,
      items.find((item) => item.id === spot.id),
    )
  )
    return;
  const pins = record?.pins?.map((pin) => (pin.id === spot.id ? pinOf(spot) : pin));
  await tx.store.put({
    userId,
    items: [...items.filter((item) => item.id !== spot.id), spot].slice(-PUBLIC_KEPT_MAX),
    ...(pins ? { pins } : {}),
    savedAt: record?.savedAt ?? Date.now(),
  });
  await tx.done;
}

/**
 * The kept spots inside the box as pins, for the map when the server can't be reached: the user's own and others'
 * kept in full, and the pins of others'. With a filter (`matches`), only spots kept in full are shown, those it
 * matches: a pin does not hold what a filter asks about.
 */
export async function keptPinsInArea(
  userId: string,
  bbox: BBox,
  matches: ((spot: Spot) => boolean) | null = null,
): Promise<MapPin[]> {
  const whole = (await keptSpots(userId)).filter((spot) => inside(bbox, spot) && (!matches || matches(spot)));
  const pins = whole.map(pinOf);
  if (matches) return pins;
  const wholeIds = new Set(pins.map((pin) => pin.id));
  const db = await deviceDb();
  const others = (await db.get('publicSpots', userId))?.pins ?? [];
  return [...pins, ...others.filter((pin) => !wholeIds.has(pin.id) && inside(bbox, pin))];
}

const keptById = (records: CachedSpot[]) => new Map(records.map((record) => [record.id, record.spot]));

/** Whether the server's copy differs from the one kept (or none is kept): only then is it written. */
function differs(spot: Spot, kept: Spot | undefined): boolean {
  return !kept || (!isOlder(spot, kept) && JSON.stringify(spot) !== JSON.stringify(kept));
}

/** Every kept spot, newest first (the list's order). */
export async function keptSpots(userId: string): Promise<Spot[]> {
  const db = await deviceDb();
  const tx = db.transaction(['publicSpots', 'spots']);
  const own = (await tx.objectStore('spots').index('byUser').getAll(userId)).map((record) => record.spot);
  const others = (await tx.objectStore('publicSpots').get(userId))?.items ?? [];
  await tx.done;
  const ownIds = new Set(own.map((spot) => spot.id));
  const all = [...own, ...others.filter((spot) => !ownIds.has(spot.id))].map(withPhotos);
  return all.sort((a, b) =>
    a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1,
  );
}

/**
 * A spot kept before spots had several photos has no `photos` (ADR 0024): it shows its cover as before, with an
 * empty collection, until the next refresh from the server replaces it. Its photo's id is not known here, and a
 * guessed one would send the wrong removal or order.
 */
function withPhotos(spot: Spot): Spot {
  return Array.isArray(spot.photos) ? spot : { ...spot, photos: [] };
}

export async function keptCounts(userId: string): Promise<{ own: number; others: number }> {
  const db = await deviceDb();
  const own = await db.countFromIndex('spots', 'byUser', userId);
  const record = await db.get('publicSpots', userId);
  const ids = new Set([...(record?.items ?? []), ...(record?.pins ?? [])].map((spot) => spot.id));
  const others = ids.size;
  return { own, others };
}

/** Spots written per transaction while refreshing: a few tens of milliseconds on a slow phone, then the page may draw. */
const REFRESH_BATCH = 25;

/**
 * Brings the device's copy of the user's own spots in line with the server: every page of `owner=mine`, then
 * removes what the server no longer has and writes what changed, in small transactions with idle moments
 * between them (a first visit writes every spot; later ones few or none). Spots deleted on another device go
 * here too.
 */
export async function refreshOwnSpots(userId: string, signal?: AbortSignal): Promise<void> {
  const generation = forgetGeneration();
  const fetched: Spot[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/api/v1/locations?owner=mine&limit=${LIST_LIMIT_MAX}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: SpotPage = await api(query, {
      signal,
      schema: () => import('../../../common/schemas/spots.ts').then((contract) => contract.SpotPageSchema),
    });
    fetched.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);

  await whenIdle();
  const db = await deviceDb();
  if (signal?.aborted || forgetGeneration() !== generation) return;
  const removal = db.transaction('spots', 'readwrite');
  const kept = keptById(await removal.store.index('byUser').getAll(userId));
  const fetchedIds = new Set(fetched.map((spot) => spot.id));
  for (const id of kept.keys()) if (!fetchedIds.has(id)) await removal.store.delete([userId, id]);
  await removal.done;

  const changed = fetched.filter((spot) => differs(spot, kept.get(spot.id)));
  for (let start = 0; start < changed.length; start += REFRESH_BATCH) {
    if (start > 0) await whenIdle();
    if (signal?.aborted || forgetGeneration() !== generation) return;
    const tx = db.transaction('spots', 'readwrite');
    for (const spot of changed.slice(start, start + REFRESH_BATCH)) {
      // Read again: the pages were fetched a while ago, and an edit sent since keeps a newer copy.
      if (isOlder(spot, (await tx.store.get([userId, spot.id]))?.spot)) continue;
      await tx.store.put({ userId, id: spot.id, spot });
    }
    await tx.done;
  }
}
