// The outbox's rules, as pure functions: what a new change does to the changes already waiting, what a
// server answer means for an entry, how long to wait after a failure, and how waiting changes look on the
// map and in the list. The IndexedDB code (outbox.ts) and the sender (sync.ts) only apply these.
import type { Location, LocationType, VisitSummary } from '../../../common/schemas/locations.ts';
import type { CreateVisit } from '../../../common/schemas/visits.ts';

export type SpotFields = {
  type: LocationType;
  mushroom_types: string;
  finder: string;
  date_found: string;
  notes: string;
  latitude: number;
  longitude: number;
  /** Metres, for a spot placed from the phone's position. Absent in entries queued before Foray kept it. */
  accuracy_m?: number | null;
  is_public: boolean;
};

export type OutboxChange =
  | { kind: 'create'; spotId: string; fields: SpotFields; photo: Blob | null; photoName: string | null }
  | { kind: 'share'; spotId: string; isPublic: boolean }
  | { kind: 'delete'; spotId: string }
  /** A return to the spot (ADR 0022): always queued behind the spot's create, never folded into it. */
  | { kind: 'visit'; spotId: string; visit: CreateVisit };

export type OutboxError = { status: number; code: string; message: string };

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
const editable = (entry: OutboxEntry) => entry.sends === 0 || entry.status === 'failed';

/**
 * Folds a change into the entries already waiting for its spot (oldest first), so the server sees the
 * fewest requests and never a change for a spot it cannot know:
 * - sharing a spot that is still only on the device changes the spot before it is sent;
 * - deleting such a spot removes it (and its changes) from the device, with nothing sent at all;
 * - a change for a spot whose create may already be on the server is queued behind it, in order.
 */
export function planEnqueue(pending: OutboxEntry[], change: OutboxChange, base: Pick<OutboxEntry, 'userId' | 'createdAt' | 'savedOffline'>): EnqueuePlan {
  const fresh = (): OutboxEntry => ({ ...change, ...base, status: 'waiting', sends: 0 });
  const create = pending.find((entry) => entry.kind === 'create');

  if (change.kind === 'create' || change.kind === 'visit') return { remove: [], update: [], add: fresh() };

  if (change.kind === 'share') {
    if (create && create.kind === 'create' && editable(create)) {
      return { remove: [], update: [{ ...create, fields: { ...create.fields, is_public: change.isPublic } }], add: null };
    }
    const lastShare = pending.findLast((entry) => entry.kind === 'share');
    if (lastShare && lastShare.kind === 'share' && lastShare.status === 'waiting' && lastShare.sends === 0 && lastShare === pending.at(-1)) {
      return { remove: [], update: [{ ...lastShare, isPublic: change.isPublic }], add: null };
    }
    return { remove: [], update: [], add: fresh() };
  }

  // Delete: whatever else was waiting for this spot no longer matters.
  if (create && editable(create)) return { remove: seqs(pending), update: [], add: null };
  const removable = pending.filter((entry) => entry.kind !== 'create' && editable(entry));
  return { remove: seqs(removable), update: [], add: fresh() };
}

function seqs(entries: OutboxEntry[]): number[] {
  return entries.flatMap((entry) => (entry.seq === undefined ? [] : [entry.seq]));
}

/**
 * Whether an entry must wait for a refused create of its spot: a visit to a spot the server never got would
 * only be refused in turn. It goes once the user's Retry got the spot through.
 */
export function waitsForFailedCreate(entry: OutboxEntry, entries: OutboxEntry[]): boolean {
  return entry.kind === 'visit' && entries.some((other) => other.kind === 'create' && other.spotId === entry.spotId && other.status === 'failed');
}

/** How a sender treats one answer. */
export type Outcome = 'done' | 'failed' | 'retry' | 'sign-in';

/** `status` 0 stands for no answer at all: a network error or a timeout. */
export function classifyAnswer(kind: OutboxChange['kind'], status: number): Outcome {
  if (status >= 200 && status < 300) return 'done';
  // The user's own spot is already gone (deleted elsewhere, or by an earlier try whose answer was lost).
  if (status === 404 && (kind === 'delete' || kind === 'share')) return 'done';
  if (status === 401) return 'sign-in';
  if (status === 0 || status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  // 400, 403, 409, 413, 415, …: sending the same request again would get the same answer.
  return 'failed';
}

export const BACKOFF_FIRST_MS = 5_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** 5 s, 10 s, 20 s … up to 5 min, each ±20 % so phones that lost the same mast don't all return at once. */
export function backoffDelay(failures: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** A refused create takes in the changes queued behind it, so a later Retry sends the spot as it is now. */
export function foldIntoFailedCreate(create: OutboxEntry, later: OutboxEntry[]): { create: OutboxEntry | null; remove: number[] } {
  if (create.kind !== 'create') return { create, remove: [] };
  let folded: OutboxEntry | null = create;
  for (const entry of later) {
    if (!folded || folded.kind !== 'create') break;
    if (entry.kind === 'share') folded = { ...folded, fields: { ...folded.fields, is_public: entry.isPublic } };
    if (entry.kind === 'delete') folded = null;
  }
  // Visits stay queued behind a kept create: the Retry that gets the spot through sends them after it.
  return { create: folded, remove: seqs(folded ? later.filter((entry) => entry.kind !== 'visit') : later) };
}

export type PendingState = {
  kind: OutboxChange['kind'];
  status: OutboxEntry['status'];
  error?: OutboxError;
  seq: number;
};

/** A spot as the app shows it: the server's, or one still on the device, with what is waiting for it. */
export type ShownSpot = Location & { pending?: PendingState; localPhotoUrl?: string | null };

/** Object URLs of the photos waiting in the outbox, by entry. */
export type PhotoUrls = ReadonlyMap<number, string>;

/** The spot a waiting create stands for, drawn before the server has it. */
export function pendingLocation(entry: OutboxEntry & { kind: 'create' }, ownerName: string, photoUrls?: PhotoUrls): ShownSpot {
  return {
    id: entry.spotId,
    ...entry.fields,
    accuracy_m: entry.fields.accuracy_m ?? null,
    photo_url: null,
    thumbnail_url: null,
    created_at: new Date(entry.createdAt).toISOString(),
    is_owner: true,
    owner_name: ownerName,
    visits: { count: 0, last: null },
    localPhotoUrl: entry.seq === undefined ? null : (photoUrls?.get(entry.seq) ?? null),
    pending: { kind: 'create', status: entry.status, error: entry.error, seq: entry.seq ?? -1 },
  };
}

/**
 * Lays the waiting changes over spots from the server (or the device's copy): new spots first, newest
 * first, sharing changes applied, deleted spots marked. The server's copy of a spot whose create is still
 * marked waiting (its answer was lost) is replaced by the waiting one, so it is never shown twice.
 */
export function applyPending(spots: Location[], entries: OutboxEntry[], ownerName: string, photoUrls?: PhotoUrls): ShownSpot[] {
  if (entries.length === 0) return spots;
  const bySpot = new Map<string, OutboxEntry[]>();
  for (const entry of entries) bySpot.set(entry.spotId, [...(bySpot.get(entry.spotId) ?? []), entry]);

  const overlay = (spot: ShownSpot): ShownSpot => {
    const waiting = bySpot.get(spot.id);
    const last = waiting?.at(-1);
    if (!waiting || !last) return spot;
    const sharing = waiting.findLast((entry) => entry.kind === 'share');
    const visits = waiting.flatMap((entry) => (entry.kind === 'visit' ? [entry.visit] : []));
    return {
      ...spot,
      ...(sharing?.kind === 'share' ? { is_public: sharing.isPublic } : {}),
      ...(visits.length > 0 ? { visits: withVisits(spot.visits, visits) } : {}),
      pending: { kind: last.kind, status: last.status, error: last.error, seq: last.seq ?? -1 },
    };
  };

  const created: ShownSpot[] = [];
  for (const entry of entries) {
    if (entry.kind === 'create') created.push(overlay(pendingLocation(entry, ownerName, photoUrls)));
  }
  created.reverse();
  const createdIds = new Set(created.map((spot) => spot.id));
  return [...created, ...spots.filter((spot) => !createdIds.has(spot.id)).map(overlay)];
}

/** A spot's visit summary with the visits still on the device counted in (the latest date wins, a later entry on a tie). */
export function withVisits(summary: VisitSummary | undefined, waiting: CreateVisit[]): VisitSummary {
  // A spot kept on the device by an older Foray has no summary yet.
  let { count, last } = summary ?? { count: 0, last: null };
  for (const visit of waiting) {
    count += 1;
    if (!last || visit.date >= last.date) last = { date: visit.date, outcome: visit.outcome };
  }
  return { count, last };
}
