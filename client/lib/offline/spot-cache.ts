// The spots kept on the device so the map and the list work with no signal: the user's own spots in full,
// and the public spots of the areas last loaded.
import { LIST_LIMIT_MAX } from '../../../common/limits.ts';
import type { BBox, Location, LocationPage } from '../../../common/schemas/locations.ts';
import { api } from '../api-client.ts';
import { deviceDb } from './device-db.ts';

/** Enough public spots for the areas a forager looked at before the trip, small enough to write quickly. */
export const PUBLIC_KEPT_MAX = 5_000;

const inside = (bbox: BBox, spot: Location) =>
  spot.longitude >= bbox.minLng && spot.longitude <= bbox.maxLng && spot.latitude >= bbox.minLat && spot.latitude <= bbox.maxLat;

/**
 * Keeps what the map just loaded: others' public spots replace those kept for the same area (a spot made
 * private or deleted since is dropped, unless the answer was cut short), the user's own spots are updated.
 * A filtered answer (`matches`) replaces only the kept spots that filter matches: the others were not asked for.
 */
export async function keepLoadedArea(userId: string, bbox: BBox, page: LocationPage, matches: ((spot: Location) => boolean) | null = null): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(['publicSpots', 'spots'], 'readwrite');
  const publicStore = tx.objectStore('publicSpots');
  const kept = (await publicStore.get(userId))?.items ?? [];
  const fresh = page.items.filter((spot) => !spot.is_owner);
  const freshIds = new Set(fresh.map((spot) => spot.id));
  const complete = page.next_cursor === null;
  const others = kept.filter((spot) => !freshIds.has(spot.id) && !(complete && inside(bbox, spot) && (!matches || matches(spot))));
  // The newest loaded last: when there are too many, the areas seen longest ago go first.
  const items = [...others, ...fresh].slice(-PUBLIC_KEPT_MAX);
  await publicStore.put({ userId, items, savedAt: Date.now() });
  const spots = tx.objectStore('spots');
  for (const spot of page.items) if (spot.is_owner) await spots.put({ userId, id: spot.id, spot });
  await tx.done;
}

/** The kept spots inside the box: the map's answer when the server can't be reached. */
export async function keptSpotsInArea(userId: string, bbox: BBox): Promise<Location[]> {
  return (await keptSpots(userId)).filter((spot) => inside(bbox, spot));
}

/** Every kept spot, newest first (the list's order). */
export async function keptSpots(userId: string): Promise<Location[]> {
  const db = await deviceDb();
  const tx = db.transaction(['publicSpots', 'spots']);
  const own = (await tx.objectStore('spots').index('byUser').getAll(userId)).map((record) => record.spot);
  const others = (await tx.objectStore('publicSpots').get(userId))?.items ?? [];
  await tx.done;
  const ownIds = new Set(own.map((spot) => spot.id));
  const all = [...own, ...others.filter((spot) => !ownIds.has(spot.id))].map(withPhotos);
  return all.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1));
}

/**
 * A spot kept before spots had several photos has no `photos` (ADR 0024): it shows its cover as before, with an
 * empty collection, until the next refresh from the server replaces it. Its photo's id is not known here, and a
 * guessed one would send the wrong removal or order.
 */
function withPhotos(spot: Location): Location {
  return Array.isArray(spot.photos) ? spot : { ...spot, photos: [] };
}

export async function keptCounts(userId: string): Promise<{ own: number; others: number }> {
  const db = await deviceDb();
  const own = await db.countFromIndex('spots', 'byUser', userId);
  const others = (await db.get('publicSpots', userId))?.items.length ?? 0;
  return { own, others };
}

/**
 * Brings the device's copy of the user's own spots in line with the server: every page of `owner=mine`,
 * then one transaction that adds, updates and removes. Spots deleted on another device go here too.
 */
export async function refreshOwnSpots(userId: string, signal?: AbortSignal): Promise<void> {
  const fetched: Location[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/api/v1/locations?owner=mine&limit=${LIST_LIMIT_MAX}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: LocationPage = await api<LocationPage>(query, { signal });
    fetched.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);

  const db = await deviceDb();
  const tx = db.transaction('spots', 'readwrite');
  const keep = new Set(fetched.map((spot) => spot.id));
  for (const key of await tx.store.index('byUser').getAllKeys(userId)) {
    if (!keep.has(key[1])) await tx.store.delete(key);
  }
  for (const spot of fetched) await tx.store.put({ userId, id: spot.id, spot });
  await tx.done;
}
