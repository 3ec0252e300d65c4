// The spots kept on the device so the map and the list work with no signal: the user's own spots in full,
// and the public spots of the areas last loaded.
import { LIST_LIMIT_MAX } from '../../../common/limits.ts';
import type { BBox, Spot, SpotPage } from '../../../common/schemas/spots.ts';
import { api } from '../../lib/api-client.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { deviceDb, forgetGeneration, type CachedSpot } from './device-db.ts';

/** Enough public spots for the areas a forager looked at before the trip, small enough to write quickly. */
export const PUBLIC_KEPT_MAX = 5_000;

const inside = (bbox: BBox, spot: Spot) =>
  spot.longitude >= bbox.minLng &&
  spot.longitude <= bbox.maxLng &&
  spot.latitude >= bbox.minLat &&
  spot.latitude <= bbox.maxLat;

/**
 * Whether the server's copy is older than the one kept: an answer read before an edit was sent, written after
 * the edit's own answer kept the new version. Such a copy is never written over the newer one.
 */
const isOlder = (spot: Spot, kept: Spot | undefined) => kept !== undefined && spot.version < kept.version;

/**
 * Keeps what the map just loaded: others' public spots replace those kept for the same area (a spot made
 * private or deleted since is dropped, unless the answer was cut short), the user's own spots are updated.
 * A filtered answer (`matches`) replaces only the kept spots that filter matches: the others were not asked for.
 * Written when the page is idle: each write costs a slow phone's main thread about a millisecond, and the map's
 * first draw should not wait behind hundreds of them.
 */
export async function keepLoadedArea(
  userId: string,
  bbox: BBox,
  page: SpotPage,
  matches: ((spot: Spot) => boolean) | null = null,
): Promise<void> {
  const generation = forgetGeneration();
  await whenIdle();
  const db = await deviceDb();
  // Signed out meanwhile: nothing of the user is written back. Checked as the transaction opens, so a sign-out
  // that starts later deletes after this write.
  if (forgetGeneration() !== generation) return;
  const tx = db.transaction(['publicSpots', 'spots'], 'readwrite');
  const publicStore = tx.objectStore('publicSpots');
  const kept = (await publicStore.get(userId))?.items ?? [];
  const fresh = page.items.filter((spot) => !spot.is_owner);
  const freshIds = new Set(fresh.map((spot) => spot.id));
  const complete = page.next_cursor === null;
  const others = kept.filter(
    (spot) => !freshIds.has(spot.id) && !(complete && inside(bbox, spot) && (!matches || matches(spot))),
  );
  // The newest loaded last: when there are too many, the areas seen longest ago go first.
  const items = [...others, ...fresh].slice(-PUBLIC_KEPT_MAX);
  await publicStore.put({ userId, items, savedAt: Date.now() });
  const spots = tx.objectStore('spots');
  for (const spot of page.items) {
    if (!spot.is_owner) continue;
    // Written a moment after the answer came: an edit sent meanwhile may have kept a newer copy already.
    if (isOlder(spot, (await spots.get([userId, spot.id]))?.spot)) continue;
    await spots.put({ userId, id: spot.id, spot });
  }
  await tx.done;
}

const keptById = (records: CachedSpot[]) => new Map(records.map((record) => [record.id, record.spot]));

/** Whether the server's copy differs from the one kept (or none is kept): only then is it written. */
function differs(spot: Spot, kept: Spot | undefined): boolean {
  return !kept || (!isOlder(spot, kept) && JSON.stringify(spot) !== JSON.stringify(kept));
}

/** The kept spots inside the box: the map's answer when the server can't be reached. */
export async function keptSpotsInArea(userId: string, bbox: BBox): Promise<Spot[]> {
  return (await keptSpots(userId)).filter((spot) => inside(bbox, spot));
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
  const others = (await db.get('publicSpots', userId))?.items.length ?? 0;
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
