// The outbox's rules, as pure functions: what a new change does to the changes already waiting, what a
// server answer means for an entry and how long to wait after a failure. How waiting changes look on the map
// and in the list is pending-view.ts. The IndexedDB code (outbox.ts) and the sender (sync.ts) only apply these.
import type { Spot } from '../../../common/schemas/spots.ts';
import type { CreateVisit } from '../../../common/schemas/visits.ts';
import type { OutboxError, SpotFields, SpotPatch } from '../spots/spot-types.ts';

export type OutboxChange =
  /** `photoId`: the photo's own id, made on the device (absent in entries queued before spots had several photos). */
  | {
      kind: 'create';
      spotId: string;
      fields: SpotFields;
      photo: Blob | null;
      photoName: string | null;
      photoId?: string | null;
    }
  | { kind: 'share'; spotId: string; isPublic: boolean }
  /** `baseVersion`: the spot's version the user saw when editing; the server refuses the edit if it moved on. */
  | { kind: 'edit'; spotId: string; patch: SpotPatch; baseVersion: number }
  | { kind: 'delete'; spotId: string }
  // A spot's photos (ADR 0024): one more at the end, one fewer, or all of them in a new order (cover first).
  | { kind: 'add-photo'; spotId: string; photoId: string; photo: Blob; photoName: string | null }
  | { kind: 'remove-photo'; spotId: string; photoId: string }
  | { kind: 'order-photos'; spotId: string; photoIds: string[] }
  /**
   * A return to the spot (ADR 0022): always queued behind the spot's create, never folded into it. Its photos
   * (ADR 0025), shrunk on the device, go up after it one by one, each with its own id: a resend repeats nothing.
   */
  | { kind: 'visit'; spotId: string; visit: CreateVisit; photos?: VisitPhotoUpload[] }
  /** Deleting a visit; one still on the device is simply dropped. */
  | { kind: 'delete-visit'; spotId: string; visitId: string };

export type VisitPhotoUpload = { id: string; photo: Blob; name: string | null };

/** The kinds that change a spot's photos: they wait behind a refused create instead of being folded into it. */
export const PHOTO_KINDS: ReadonlySet<OutboxChange['kind']> = new Set(['add-photo', 'remove-photo', 'order-photos']);

/** The id a create's photo has on the server: its own, or (queued before photos had ids) the spot's id. */
export const createPhotoId = (entry: { spotId: string; photoId?: string | null }) => entry.photoId ?? entry.spotId;

export type OutboxEntry = OutboxChange & {
  /** IndexedDB's auto-increment key: the order the user made the changes in, which is the order they are sent. */
  seq?: number;
  userId: string;
  createdAt: number;
  /** Saved while the device said it was offline: its upload is worth announcing when it happens. */
  savedOffline: boolean;
  status: 'waiting' | 'failed';
  error?: OutboxError;
  /**
   * How many times a request for this entry was started. Once it is above 0 the server may hold the change
   * even if no answer came back, so the entry can no longer be edited or dropped in place.
   */
  sends: number;
};

/** What enqueueing a change does to the entries already waiting for the same spot. */
export type EnqueuePlan = { remove: number[]; update: OutboxEntry[]; add: OutboxEntry | null };

/** An entry can still be changed in place when it never left the device, or the server refused it. */
export const editable = (entry: OutboxEntry) => entry.sends === 0 || entry.status === 'failed';

/**
 * Folds a change into the entries already waiting for its spot (oldest first), so the server sees the
 * fewest requests and never a change for a spot it cannot know:
 * - sharing a spot that is still only on the device changes the spot before it is sent;
 * - deleting such a spot removes it (and its changes) from the device, with nothing sent at all;
 * - a change for a spot whose create may already be on the server is queued behind it, in order.
 */
export function planEnqueue(
  pending: OutboxEntry[],
  change: OutboxChange,
  base: Pick<OutboxEntry, 'userId' | 'createdAt' | 'savedOffline'>,
): EnqueuePlan {
  const fresh = (): OutboxEntry => ({ ...change, ...base, status: 'waiting', sends: 0 });
  const create = pending.find((entry) => entry.kind === 'create');

  const last = pending.at(-1);

  if (change.kind === 'create' || change.kind === 'visit') return { remove: [], update: [], add: fresh() };

  if (change.kind === 'delete-visit') {
    // A visit that never left the device goes with nothing sent; one that may be on the server is deleted there.
    const queued = pending.find((entry) => entry.kind === 'visit' && entry.visit.id === change.visitId);
    if (queued && editable(queued)) return { remove: seqs([queued]), update: [], add: null };
    return { remove: [], update: [], add: fresh() };
  }

  if (change.kind === 'edit') {
    // The spot is on its way out: nothing to edit.
    if (pending.some((entry) => entry.kind === 'delete')) return { remove: [], update: [], add: null };
    if (create && create.kind === 'create' && editable(create)) {
      return { remove: [], update: [{ ...create, fields: { ...create.fields, ...change.patch } }], add: null };
    }
    // Two edits in a row are one edit, made on the first one's version (a refused one stays refused).
    if (last && last.kind === 'edit' && editable(last)) {
      return { remove: [], update: [{ ...last, patch: { ...last.patch, ...change.patch } }], add: null };
    }
    return { remove: [], update: [], add: fresh() };
  }

  if (change.kind === 'share') {
    if (create && create.kind === 'create' && editable(create)) {
      return {
        remove: [],
        update: [{ ...create, fields: { ...create.fields, is_public: change.isPublic } }],
        add: null,
      };
    }
    if (last && last.kind === 'edit' && editable(last)) {
      return { remove: [], update: [{ ...last, patch: { ...last.patch, is_public: change.isPublic } }], add: null };
    }
    const lastShare = pending.findLast((entry) => entry.kind === 'share');
    if (
      lastShare &&
      lastShare.kind === 'share' &&
      lastShare.status === 'waiting' &&
      lastShare.sends === 0 &&
      lastShare === pending.at(-1)
    ) {
      return { remove: [], update: [{ ...lastShare, isPublic: change.isPublic }], add: null };
    }
    return { remove: [], update: [], add: fresh() };
  }

  // Photo changes are planned by planPhotoEnqueue (photo-outbox-model.ts), loaded with the photo manager.
  if (change.kind !== 'delete') return { remove: [], update: [], add: fresh() };

  // Delete: whatever else was waiting for this spot no longer matters.
  if (create && editable(create)) return { remove: seqs(pending), update: [], add: null };
  const removable = pending.filter((entry) => entry.kind !== 'create' && editable(entry));
  return { remove: seqs(removable), update: [], add: fresh() };
}

export function seqs(entries: OutboxEntry[]): number[] {
  return entries.flatMap((entry) => (entry.seq === undefined ? [] : [entry.seq]));
}

/**
 * Whether an entry must wait for a refused create of its spot: a visit or photo change for a spot the server
 * never got would only be refused in turn. It goes once the user's Retry got the spot through.
 */
export function waitsForFailedCreate(entry: OutboxEntry, entries: OutboxEntry[]): boolean {
  return (
    entry.kind !== 'create' &&
    entries.some((other) => other.kind === 'create' && other.spotId === entry.spotId && other.status === 'failed')
  );
}

/** How a sender treats one answer. */
export type Outcome = 'done' | 'failed' | 'retry' | 'sign-in';

/** `status` 0 stands for no answer at all: a network error or a timeout. */
export function classifyAnswer(kind: OutboxChange['kind'], status: number): Outcome {
  if (status >= 200 && status < 300) return 'done';
  // The user's own spot (or photo) is already gone (deleted elsewhere, or by an earlier try whose answer was
  // lost). A photo to add or a visit is never dropped that way: it stays, refused, for the user to see.
  if (status === 404 && kind !== 'create' && kind !== 'add-photo' && kind !== 'visit') return 'done';
  if (status === 401) return 'sign-in';
  // 507: the server's disk is below its floor (ADR 0081) — not the change's fault; it goes once there is room.
  if (status === 0 || status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  // 400, 403, 409 (an edit made on an old version: the user chooses), 413, 415, …: sending the same request
  // again would get the same answer.
  return 'failed';
}

export const BACKOFF_FIRST_MS = 5_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** 5 s, 10 s, 20 s … up to 5 min, each ±20 % so phones that lost the same mast don't all return at once. */
export function backoffDelay(failures: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * A refused create takes in the sharing and deleting queued behind it, so a later Retry sends the spot as it is
 * now. Its photo changes stay queued behind it (the sender holds them while the create is refused), unless the
 * spot was deleted.
 */
export function foldIntoFailedCreate(
  create: OutboxEntry,
  later: OutboxEntry[],
): { create: OutboxEntry | null; remove: number[] } {
  if (create.kind !== 'create') return { create, remove: [] };
  let folded: OutboxEntry | null = create;
  for (const entry of later) {
    if (!folded || folded.kind !== 'create') break;
    if (entry.kind === 'share') folded = { ...folded, fields: { ...folded.fields, is_public: entry.isPublic } };
    if (entry.kind === 'edit') folded = { ...folded, fields: { ...folded.fields, ...entry.patch } };
    if (entry.kind === 'delete') folded = null;
  }
  // Photo changes and visits stay queued behind a kept create: the Retry that gets the spot through sends them after it.
  return {
    create: folded,
    remove: seqs(
      folded
        ? later.filter(
            (entry) => !PHOTO_KINDS.has(entry.kind) && entry.kind !== 'visit' && entry.kind !== 'delete-visit',
          )
        : later,
    ),
  };
}

/** Spots whose create the server refused: nothing else of theirs may be sent before it (it would only be a 404). */
export function heldSpots(entries: OutboxEntry[]): Set<string> {
  return new Set(
    entries.filter((entry) => entry.kind === 'create' && entry.status === 'failed').map((entry) => entry.spotId),
  );
}

/**
 * After the server confirmed one of the user's changes to a spot (its answer is version N), an edit queued
 * behind it on version N − 1 was made on top of that change: it now stands on N. An edit on an older version
 * stays as it is, and the server will say it is stale — someone else's change came in between.
 */
export function rebaseLaterEdits(later: OutboxEntry[], confirmed: Spot): OutboxEntry[] {
  return later.flatMap((entry) =>
    entry.kind === 'edit' &&
    entry.spotId === confirmed.id &&
    entry.status === 'waiting' &&
    entry.baseVersion === confirmed.version - 1
      ? [{ ...entry, baseVersion: confirmed.version }]
      : [],
  );
}
