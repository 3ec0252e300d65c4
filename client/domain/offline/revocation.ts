// Taking it back, from every device (issue #20). Each time the device reaches the server it sends the ids of
// the spots it keeps (POST /api/v1/locations/check, at most CHECK_IDS_MAX a request); the answer names those the
// user may still see, with their versions. A kept spot missing from the answer is dropped — deleted, made
// private, its circle left: the server never says which — and one whose version changed is fetched again (it
// may have become approximate: its exact point must go). Spots with changes still waiting in the outbox are
// neither sent nor touched: what the user saved is never lost. Offline, or signed out, nothing happens.
// The decision is pure (checkBatches, planFromAnswer); the rest applies it to IndexedDB and Cache Storage. The
// browser's HTTP cache holds none of it (the server answers no-store, ADR 0074); the check's answer tells the browser
// to empty it when something was taken back, for copies an older Foray let it keep.
import { CHECK_IDS_MAX } from '../../../common/limits.ts';
import type { MapPin } from '../../../common/schemas/map-pins.ts';
import { pinOf } from '../../../common/map-pin.ts';
import type { CheckedSpots, Spot } from '../../../common/schemas/spots.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { deviceDb, forgetGeneration } from './device-db.ts';
import { forgetKeptPhotos, keepOnlyPhotos } from './kept-photos.ts';
import { announce } from './outbox.ts';

export type KeptVersion = { id: string; version: number };
export type CheckPlan = {
  /** Kept, and no longer visible to the user. */
  drop: string[];
  /** Still visible, in another version than the kept one. */
  refetch: string[];
};

/** The kept spots to check, in requests the server takes: all but those with changes waiting on the device. */
export function checkBatches(
  kept: readonly KeptVersion[],
  pending: ReadonlySet<string>,
  max = CHECK_IDS_MAX,
): KeptVersion[][] {
  const checked = kept.filter((spot) => !pending.has(spot.id));
  const batches: KeptVersion[][] = [];
  for (let start = 0; start < checked.length; start += max) batches.push(checked.slice(start, start + max));
  return batches;
}

/** What the server's answer to one batch means. Ids the answer names that were not sent are ignored. */
export function planFromAnswer(sent: readonly KeptVersion[], answer: CheckedSpots['items']): CheckPlan {
  const current = new Map(answer.map((item) => [item.id, item.version]));
  const plan: CheckPlan = { drop: [], refetch: [] };
  for (const spot of sent) {
    const version = current.get(spot.id);
    if (version === undefined) plan.drop.push(spot.id);
    else if (version !== spot.version) plan.refetch.push(spot.id);
  }
  return plan;
}

/** Every address of a spot's photos and thumbnails, cover included (none for a pin). */
export function photoUrlsOf(spot: Spot | MapPin): string[] {
  if (!('photos' in spot)) return [];
  const urls = [spot.photo_url, spot.thumbnail_url, ...(spot.photos ?? []).flatMap((p) => [p.url, p.thumbnail_url])];
  return [...new Set(urls.filter((url): url is string => typeof url === 'string' && url !== ''))];
}

/**
 * One pass over everything the device keeps for `userId`. 'checked' when the server answered every batch;
 * 'unreachable' when it could not be asked (no signal, no session, an error): the device then keeps what it has.
 */
export async function checkKeptSpots(userId: string): Promise<'checked' | 'unreachable'> {
  const generation = forgetGeneration();
  const { kept, pending } = await readKept(userId);
  for (const batch of checkBatches([...kept.values()], pending)) {
    let answer: CheckedSpots;
    try {
      answer = await api('/api/v1/locations/check', {
        method: 'POST',
        json: { ids: batch.map((spot) => spot.id) },
        schema: () => import('../../../common/schemas/spots.ts').then((contract) => contract.CheckedSpotsSchema),
      });
    } catch {
      // An answer that is not the check's (a 401, a server without the route, no signal) says nothing of what is
      // gone: nothing is dropped on its account.
      return 'unreachable';
    }
    const plan = planFromAnswer(batch, answer.items);
    const fetched = await fetchAgain(plan.refetch);
    if (fetched === 'unreachable') return 'unreachable';
    const drop = [...plan.drop, ...fetched.gone];
    if (drop.length === 0 && fetched.spots.length === 0) continue;

    // The photos first: should the page close before the transaction, no photo of a spot taken back is left
    // behind with nothing on the device pointing at it any more. A spot that stays shows its photos from the
    // server again.
    const copies = drop.flatMap((id) => (kept.has(id) ? [kept.get(id)!] : []));
    const replacedPhotos = fetched.spots.flatMap((spot) => {
      const now = new Set(photoUrlsOf(spot));
      const before = kept.get(spot.id);
      return before ? photoUrlsOf(before).filter((url) => !now.has(url)) : [];
    });
    await forgetKeptPhotos([...copies.flatMap(photoUrlsOf), ...replacedPhotos]);

    const applied = await dropAndReplace(userId, drop, fetched.spots, generation);
    if (applied === 'signed-out') return 'unreachable';
    if (applied.dropped.length > 0 || applied.replaced.length > 0) {
      announce({ type: 'taken-back', spotIds: applied.dropped, changedIds: applied.replaced.map((spot) => spot.id) });
    }
  }
  // The photos the worker kept as they were shown belong to spots the device keeps, or go: others' spots seen only in
  // the list, photos since removed, spots the map dropped. What the next check cannot find is not left behind.
  if (forgetGeneration() === generation) {
    const { kept: now } = await readKept(userId);
    await keepOnlyPhotos([...now.values()].flatMap(photoUrlsOf));
  }
  return 'checked';
}

/**
 * The spots the device keeps for the user (own first, then others' kept whole, then others' pins), by id, and the ids
 * with changes waiting in the outbox.
 */
async function readKept(userId: string): Promise<{ kept: Map<string, Spot | MapPin>; pending: Set<string> }> {
  const db = await deviceDb();
  const tx = db.transaction(['spots', 'publicSpots', 'outbox']);
  const own = await tx.objectStore('spots').index('byUser').getAll(userId);
  const others = await tx.objectStore('publicSpots').get(userId);
  const entries = await tx.objectStore('outbox').index('byUser').getAll(userId);
  await tx.done;
  const kept = new Map<string, Spot | MapPin>();
  for (const spot of [...own.map((record) => record.spot), ...(others?.items ?? []), ...(others?.pins ?? [])])
    if (!kept.has(spot.id)) kept.set(spot.id, spot);
  return { kept, pending: new Set(entries.map((entry) => entry.spotId)) };
}

/** Requests at once while fetching changed spots again: a few, so a long list does not take the whole connection. */
const REFETCH_AT_ONCE = 4;

/** The changed spots as the server has them now; `gone`: those it answered 404 for since. */
async function fetchAgain(ids: string[]): Promise<{ spots: Spot[]; gone: string[] } | 'unreachable'> {
  const spots: Spot[] = [];
  const gone: string[] = [];
  let failed = false;
  let next = 0;
  const worker = async () => {
    while (!failed && next < ids.length) {
      const id = ids[next++]!;
      try {
        spots.push(
          await api(`/api/v1/locations/${encodeURIComponent(id)}`, {
            schema: () => import('../../../common/schemas/spots.ts').then((contract) => contract.SpotSchema),
          }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) gone.push(id);
        else failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(REFETCH_AT_ONCE, ids.length) }, worker));
  return failed ? 'unreachable' : { spots, gone };
}

/**
 * In one transaction: drops the spots in `drop` from the user's own spots and from the others' spots and pins kept
 * for them, and puts the fresh copies in place of the kept ones (a kept pin by the fresh spot's pin). A spot with a change waiting in the outbox is left
 * as it is (read again here: the user may have changed it while the server was asked), and so is a copy newer
 * than the one fetched (an edit's answer kept meanwhile). Nothing is written once the user has signed out
 * since `generation` was read.
 */
export async function dropAndReplace(
  userId: string,
  drop: readonly string[],
  fresh: readonly Spot[],
  generation = forgetGeneration(),
): Promise<{ dropped: string[]; replaced: Spot[] } | 'signed-out'> {
  const db = await deviceDb();
  // Checked as the transaction opens (as keepLoadedArea does): a sign-out that starts later deletes after it.
  if (forgetGeneration() !== generation) return 'signed-out';
  const tx = db.transaction(['spots', 'publicSpots', 'outbox'], 'readwrite');
  const own = tx.objectStore('spots');
  const othersStore = tx.objectStore('publicSpots');
  const bySpot = tx.objectStore('outbox').index('bySpot');
  const waits = async (id: string) => (await bySpot.count([userId, id])) > 0;

  const others = await othersStore.get(userId);
  let items = others?.items ?? [];
  let pins = others?.pins;
  const dropped: string[] = [];
  const replaced: Spot[] = [];

  for (const id of new Set(drop)) {
    if (await waits(id)) continue;
    await own.delete([userId, id]);
    items = items.filter((spot) => spot.id !== id);
    pins = pins?.filter((pin) => pin.id !== id);
    dropped.push(id);
  }
  for (const spot of fresh) {
    if (await waits(spot.id)) continue;
    const keptOwn = (await own.get([userId, spot.id]))?.spot;
    const keptOther = items.find((item) => item.id === spot.id);
    const keptPin = pins?.find((pin) => pin.id === spot.id);
    const kept = keptOwn ?? keptOther ?? keptPin;
    if (kept && spot.version < kept.version) continue;
    if (spot.is_owner) {
      await own.put({ userId, id: spot.id, spot });
      items = items.filter((item) => item.id !== spot.id);
      pins = pins?.filter((pin) => pin.id !== spot.id);
    } else {
      if (keptOwn) await own.delete([userId, spot.id]);
      // Only a pin was kept: the new pin replaces it (a spot made approximate loses its exact point).
      if (keptPin) pins = pins?.map((pin) => (pin.id === spot.id ? pinOf(spot) : pin));
      if (keptOther) items = items.map((item) => (item.id === spot.id ? spot : item));
      else if (!keptPin) items = [...items, spot];
    }
    replaced.push(spot);
  }
  if (others || items.length > 0)
    await othersStore.put({ userId, items, ...(pins ? { pins } : {}), savedAt: others?.savedAt ?? Date.now() });
  await tx.done;
  return { dropped, replaced };
}
