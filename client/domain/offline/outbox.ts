// The outbox in IndexedDB: every change a user makes to their spots is written here first, in one
// transaction, before any network call. The sender (sync.ts) empties it; the app shows what waits.
import type { Spot } from '../../../common/schemas/spots.ts';
import { deviceDb } from './device-db.ts';
import {
  foldIntoFailedCreate,
  planEnqueue,
  rebaseLaterEdits,
  type OutboxChange,
  type OutboxEntry,
} from './outbox-model.ts';
import type { OutboxError } from '../spots/spot-types.ts';

/** Folds a change into the entries waiting for its spot: planEnqueue, or a feature's own (planPhotoEnqueue). */
export type Planner = typeof planEnqueue;

/** Tabs and the service worker tell each other when the outbox or the kept spots changed. */
export type OutboxMessage =
  | { type: 'changed' }
  /** The server confirmed a change; `spot` is its copy of the spot (absent for a delete). */
  | { type: 'applied'; kind: OutboxChange['kind']; spotId: string; spot?: Spot; savedOffline: boolean }
  /** The server refused the session: the user must sign in again before anything more is sent. */
  | { type: 'sign-in-needed' }
  /** Kept spots the user may no longer see were dropped from the device, and changed ones replaced (revocation.ts). */
  | { type: 'taken-back'; spotIds: string[]; changedIds: string[] };

const CHANNEL = 'foray-outbox';
// Every BroadcastChannel object of the same name hears a message except the one that posted it, so the
// listeners of this very page hear it too. Without BroadcastChannel (old browsers), the page alone hears.
const hasChannel = typeof BroadcastChannel !== 'undefined';
const local = new EventTarget();
let sender: BroadcastChannel | null = null;

export function announce(message: OutboxMessage) {
  if (!hasChannel) {
    local.dispatchEvent(new CustomEvent<OutboxMessage>('message', { detail: message }));
    return;
  }
  sender ??= new BroadcastChannel(CHANNEL);
  sender.postMessage(message);
}

/** Calls `listener` for messages from this page, other tabs and the worker. Returns the unsubscribe. */
export function listenToOutbox(listener: (message: OutboxMessage) => void): () => void {
  if (!hasChannel) {
    const onLocal = (event: Event) => listener((event as CustomEvent<OutboxMessage>).detail);
    local.addEventListener('message', onLocal);
    return () => local.removeEventListener('message', onLocal);
  }
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<OutboxMessage>) => listener(event.data);
  return () => channel.close();
}

/**
 * Records a change in one transaction, folded into what already waits for the same spot. Throws what
 * IndexedDB throws — a QuotaExceededError when the device is full — and then nothing at all was written.
 */
export async function enqueue(userId: string, change: OutboxChange, plan: Planner = planEnqueue): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction('outbox', 'readwrite');
  const store = tx.objectStore('outbox');
  const work = (async () => {
    const pending = await store.index('bySpot').getAll([userId, change.spotId]);
    pending.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    const savedOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const planned = plan(pending, change, { userId, createdAt: Date.now(), savedOffline });
    for (const seq of planned.remove) await store.delete(seq);
    for (const entry of planned.update) await store.put(entry);
    if (planned.add) await store.add(planned.add);
  })();
  try {
    await Promise.all([work, tx.done]);
  } catch (error) {
    // A full disk aborts the transaction: its requests fail with AbortError, the transaction holds the cause.
    throw tx.error ?? error;
  }
  announce({ type: 'changed' });
}

/** The user's waiting and failed changes, oldest first. */
export async function outboxEntries(userId: string): Promise<OutboxEntry[]> {
  const db = await deviceDb();
  const entries = await db.getAllFromIndex('outbox', 'byUser', userId);
  return entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** Every user's entries, oldest first: the sender filters them by who the server says is signed in. */
export async function allOutboxEntries(): Promise<OutboxEntry[]> {
  const db = await deviceDb();
  return db.getAll('outbox');
}

/** A refused entry goes back in the queue (the user pressed Retry). */
export async function retryEntry(seq: number): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(seq);
  if (entry) {
    const { error: _error, ...rest } = entry;
    await tx.store.put({ ...rest, status: 'waiting' });
  }
  await tx.done;
  announce({ type: 'changed' });
}

/**
 * A change refused for its photos (over the photo quota) goes back in the queue without them: a spot is saved
 * without its photo, a visit without its photos; the spot and the visit are kept, the photos given up.
 */
export async function retryWithoutPhotos(seq: number): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(seq);
  if (entry?.kind === 'create' || entry?.kind === 'visit') {
    const { error: _error, ...rest } = entry;
    const bare: OutboxEntry =
      rest.kind === 'create' ? { ...rest, photo: null, photoName: null, photoId: null } : { ...rest, photos: [] };
    await tx.store.put({ ...bare, status: 'waiting' });
  }
  await tx.done;
  announce({ type: 'changed' });
}

/**
 * The user gave up on a change: it is removed from the device, never sent. Giving up a spot's create gives up
 * the photo changes waiting behind it too: without the spot they could only be refused.
 */
export async function discardEntry(seq: number): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(seq);
  if (entry?.kind === 'create') {
    for (const other of await tx.store.index('bySpot').getAll([entry.userId, entry.spotId])) {
      if (other.seq !== undefined && other.seq > seq) await tx.store.delete(other.seq);
    }
  }
  await tx.store.delete(seq);
  await tx.done;
  announce({ type: 'changed' });
}

/** Marks the start of a send: from here on the server may hold the change even if no answer comes. */
export async function markSending(entry: OutboxEntry): Promise<OutboxEntry | null> {
  const db = await deviceDb();
  const tx = db.transaction('outbox', 'readwrite');
  const current = entry.seq === undefined ? undefined : await tx.store.get(entry.seq);
  // Discarded or refused meanwhile (another tab, the user): nothing to send.
  if (!current || current.status !== 'waiting') {
    await tx.done;
    return null;
  }
  const sending = { ...current, sends: current.sends + 1 };
  await tx.store.put(sending);
  await tx.done;
  return sending;
}

/** The server confirmed the change: the entry goes, and the kept copy of the spot follows the server. */
export async function completeEntry(entry: OutboxEntry, spot: Spot | undefined): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(['outbox', 'spots'], 'readwrite');
  const outbox = tx.objectStore('outbox');
  if (entry.seq !== undefined) await outbox.delete(entry.seq);
  if (spot) {
    // Edits queued behind this change were made on top of it: they now stand on the version it made.
    const later = (await outbox.index('bySpot').getAll([entry.userId, entry.spotId])).filter(
      (other) => (other.seq ?? 0) > (entry.seq ?? 0),
    );
    for (const rebased of rebaseLaterEdits(later, spot)) await outbox.put(rebased);
  }
  const spots = tx.objectStore('spots');
  // A visit's answer is the visit: the kept spot stays, and its summary is fetched again with the list.
  if (entry.kind !== 'visit' && entry.kind !== 'delete-visit') {
    if (spot) await spots.put({ userId: entry.userId, id: spot.id, spot });
    // No copy back: the spot is gone (deleted, or a 404 for sharing or editing it). A photo change answered 404
    // leaves it be.
    else if (entry.kind === 'delete' || entry.kind === 'share' || entry.kind === 'edit')
      await spots.delete([entry.userId, entry.spotId]);
  }
  await tx.done;
  announce({ type: 'applied', kind: entry.kind, spotId: entry.spotId, spot, savedOffline: entry.savedOffline });
}

/** The server refused the change: it stays on the device, marked, until the user retries or discards it. */
export async function failEntry(entry: OutboxEntry, error: OutboxError): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction('outbox', 'readwrite');
  const later = (await tx.store.index('bySpot').getAll([entry.userId, entry.spotId])).filter(
    (other) => (other.seq ?? 0) > (entry.seq ?? 0),
  );
  const failed: OutboxEntry = { ...entry, status: 'failed', error };
  const { create, remove } =
    entry.kind === 'create' ? foldIntoFailedCreate(failed, later) : { create: failed, remove: [] };
  for (const seq of remove) await tx.store.delete(seq);
  if (create) await tx.store.put(create);
  else if (entry.seq !== undefined) await tx.store.delete(entry.seq);
  await tx.done;
  announce({ type: 'changed' });
}
