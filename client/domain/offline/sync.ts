// The one sender of the outbox, used by every tab and by the service worker (Background Sync). A Web Lock
// lets one of them send at a time; each sends the oldest entry first and reads it again before sending, so
// an entry another sender already delivered is never sent twice. No DOM and no React here: the worker
// imports this file.
import type { Me } from '../../../common/schemas/config.ts';
import { CreateSpotSchema, SpotSchema, type CreateSpotInput } from '../../../common/schemas/spots.ts';
import { deviceDb, type SyncState } from './device-db.ts';
import {
  backoffDelay,
  classifyAnswer,
  createPhotoId,
  heldSpots,
  waitsForFailedCreate,
  type OutboxEntry,
} from './outbox-model.ts';
import type { OutboxError } from '../spots/spot-types.ts';
import { photoUse } from '../../lib/error-envelope.ts';
import { request, type ApiError, type HttpRequest } from '../../lib/http.ts';
import { allOutboxEntries, announce, completeEntry, failEntry, markSending } from './outbox.ts';

export type DrainResult =
  /** Nothing of the signed-in user waits any more (refused entries stay, marked, for the user). */
  | { outcome: 'drained'; uploaded: number }
  /**
   * No answer, or the server asked to wait: the next try is due at `retryAt`. `storageFull`: the server's disk is
   * below its floor (507): nothing is wrong with the change, which goes later by itself (ADR 0081).
   */
  | { outcome: 'retry-later'; uploaded: number; retryAt: number; storageFull?: boolean }
  /** The server refused the session: nothing is sent until the user signs in again. */
  | { outcome: 'sign-in'; uploaded: number };

const LOCK = 'foray-outbox-sender';
const SYNC_STATE = 'sync';
const ME_TIMEOUT_MS = 15_000;
/** One bar of signal uploading a ~0.5 MB photo needs far longer than a JSON call. */
const UPLOAD_TIMEOUT_MS = 120_000;
const CHANGE_TIMEOUT_MS = 30_000;

/** Background Sync's tag: the worker drains the outbox when Chromium fires it. */
export const SYNC_TAG = 'foray-outbox';

export async function drainOutbox(): Promise<DrainResult> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(LOCK, () => drainHoldingTheLock());
  }
  // No Web Locks (Safari before 15.4): tabs may overlap, which the server's idempotent create absorbs.
  return drainHoldingTheLock();
}

async function drainHoldingTheLock(): Promise<DrainResult> {
  let uploaded = 0;
  const all = await allOutboxEntries();
  // A spot the server refused to create: its photo changes wait on the device until the user retries it.
  const held = heldSpots(all);
  const waiting = all.filter((entry) => entry.status === 'waiting' && !held.has(entry.spotId));
  if (waiting.length === 0) return { outcome: 'drained', uploaded };

  // The cookie decides whose changes may go: entries of anyone else stay on the device for them.
  const me = await send<Me>('/api/v1/me', { timeoutMs: ME_TIMEOUT_MS });
  if (me.status === 401) return signInNeeded(uploaded);
  if (!me.ok) return retryLater(uploaded, me.retryAfterMs);

  for (const queued of waiting.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if (queued.userId !== me.body.id || waitsForFailedCreate(queued, await allOutboxEntries())) continue;
    const entry = await markSending(queued);
    if (!entry) continue;
    const answer = await sendEntry(entry);
    const outcome = classifyAnswer(entry.kind, answer.status);
    if (outcome === 'done') {
      // The server's copy of the spot, checked against the contract; a visit's answer is the visit, and an answer
      // that is not a spot (a 204, a photo change's) leaves the kept copy as it is.
      const copy =
        answer.ok && entry.kind !== 'visit' && entry.kind !== 'delete-visit' ? SpotSchema.safeParse(answer.body) : null;
      await completeEntry(entry, copy?.success ? copy.data : undefined);
      uploaded += 1;
    } else if (outcome === 'failed' && !answer.ok) {
      await failEntry(entry, answer.error);
    } else if (outcome === 'sign-in') {
      return signInNeeded(uploaded);
    } else {
      // Later entries wait too: the user's changes reach the server in the order they were made.
      return retryLater(uploaded, answer.retryAfterMs, answer.status === 507);
    }
  }
  await saveSyncState({ failures: 0, retryAt: 0 });
  return { outcome: 'drained', uploaded };
}

async function signInNeeded(uploaded: number): Promise<DrainResult> {
  announce({ type: 'sign-in-needed' });
  return { outcome: 'sign-in', uploaded };
}

async function retryLater(uploaded: number, retryAfterMs: number | null, storageFull = false): Promise<DrainResult> {
  const previous = await syncState();
  const failures = previous.failures + 1;
  const retryAt = Date.now() + Math.max(retryAfterMs ?? 0, backoffDelay(failures));
  await saveSyncState({ failures, retryAt });
  announce({ type: 'changed' });
  return { outcome: 'retry-later', uploaded, retryAt, ...(storageFull ? { storageFull } : {}) };
}

/** When the next automatic try is due (0: no failure since the last success). */
export async function syncState(): Promise<SyncState> {
  const db = await deviceDb();
  return ((await db.get('meta', SYNC_STATE)) as SyncState | undefined) ?? { failures: 0, retryAt: 0 };
}

async function saveSyncState(state: SyncState) {
  const db = await deviceDb();
  await db.put('meta', state, SYNC_STATE);
}

function sendEntry(entry: OutboxEntry): Promise<Answer<unknown>> {
  const path = `/api/v1/locations/${encodeURIComponent(entry.spotId)}`;
  const change = (method: HttpRequest['method'], at: string, json?: unknown) =>
    send(at, { method, json, timeoutMs: CHANGE_TIMEOUT_MS });
  switch (entry.kind) {
    case 'create':
      return send('/api/v1/locations', { method: 'POST', form: createForm(entry), timeoutMs: UPLOAD_TIMEOUT_MS });
    case 'share':
      return change('PATCH', path, { is_public: entry.isPublic });
    case 'edit':
      // The version it was made on goes with it: the server refuses it (409 STALE) if the spot changed since.
      return change('PATCH', path, editBody(entry));
    case 'delete':
      return change('DELETE', path);
    case 'add-photo':
      // The photo's id first: a retry after a lost answer is recognised and stores nothing twice.
      return upload(`${path}/photos`, entry.photoId, entry.photo, entry.photoName);
    case 'remove-photo':
      return change('DELETE', `${path}/photos/${encodeURIComponent(entry.photoId)}`);
    case 'order-photos':
      return change('PUT', `${path}/photos/order`, { photo_ids: entry.photoIds });
    case 'visit':
      return sendVisit(path, entry);
    case 'delete-visit':
      return change('DELETE', `${path}/visits/${encodeURIComponent(entry.visitId)}`);
  }
}

/** One photo as multipart: its id made on the device first, then the file. */
function upload(path: string, id: string, photo: Blob, name: string | null | undefined): Promise<Answer<unknown>> {
  const form = new FormData();
  form.append('id', id);
  form.append('photo', photo, name ?? 'photo.jpg');
  return send(path, { method: 'POST', form, timeoutMs: UPLOAD_TIMEOUT_MS });
}

/**
 * A visit, then its photos one by one. The visit's own id makes a resend after a lost answer a 200 with the
 * stored visit, not a second one, and each photo's id does the same for it: an entry cut off half-way is sent
 * again whole, and only what is missing is stored.
 */
async function sendVisit(path: string, entry: OutboxEntry & { kind: 'visit' }): Promise<Answer<unknown>> {
  const answer = await send(`${path}/visits`, { method: 'POST', json: entry.visit, timeoutMs: CHANGE_TIMEOUT_MS });
  if (!answer.ok) return answer;
  for (const photo of entry.photos ?? []) {
    const visitPhotos = `${path}/visits/${encodeURIComponent(entry.visit.id)}/photos`;
    const uploaded = await upload(visitPhotos, photo.id, photo.photo, photo.name);
    if (!uploaded.ok) return uploaded;
  }
  return answer;
}

/** An edit's JSON: the changed fields and the version they were made on. */
export function editBody(entry: OutboxEntry & { kind: 'edit' }): Record<string, unknown> {
  return { ...entry.patch, base_version: entry.baseVersion };
}

/** How a field goes in the form when it is not simply its text: a position to six decimals (about 0.1 m). */
const FORM_TEXT: Partial<Record<keyof CreateSpotInput, (value: number) => string>> = {
  latitude: (degrees) => degrees.toFixed(6),
  longitude: (degrees) => degrees.toFixed(6),
};

/**
 * A queued spot's one multipart request: every field of the create schema the entry has, in the schema's order
 * (the spot's client id first), then the photo last, so the server has every text field before it starts streaming
 * the file. A field added to the schema is sent with no change here. A field with no value is left out: a spot
 * placed by hand has no accuracy, and says so by its absence.
 */
export function createForm(entry: OutboxEntry & { kind: 'create' }): FormData {
  const values: Record<string, unknown> = {
    ...entry.fields,
    id: entry.spotId,
    photo_id: entry.photo ? createPhotoId(entry) : undefined,
  };
  const form = new FormData();
  for (const key of Object.keys(CreateSpotSchema.shape) as (keyof CreateSpotInput)[]) {
    const value = values[key];
    if (value === undefined || value === null) continue;
    const asText = FORM_TEXT[key];
    form.append(key, asText && typeof value === 'number' ? asText(value) : String(value));
  }
  if (entry.photo) form.append('photo', entry.photo, entry.photoName ?? 'photo.jpg');
  return form;
}

/**
 * An answer as the sender weighs it: its status (0: no answer at all, which classifyAnswer retries later, the entry
 * kept where it is), and a refusal as the outbox keeps it on the entry, for the user to read, retry or discard.
 */
type Answer<T> =
  | { ok: true; status: number; body: T; retryAfterMs: null }
  | { ok: false; status: number; error: OutboxError; retryAfterMs: number | null };

/** The one request of http.ts, its answer as the sender weighs it. */
async function send<T>(path: string, init: HttpRequest): Promise<Answer<T>> {
  const answer = await request(path, init);
  if (answer.kind === 'ok') return { ok: true, status: answer.status, body: answer.body as T, retryAfterMs: null };
  return {
    ok: false,
    status: answer.status,
    error: outboxError(answer.error),
    retryAfterMs: answer.kind === 'refused' ? answer.retryAfterMs : null,
  };
}

/** A failed request as an outbox entry keeps it: plain data (IndexedDB stores no class), with what it is shown with. */
export function outboxError(error: ApiError): OutboxError {
  const current =
    error.code === 'STALE' ? SpotSchema.safeParse((error.details as { current?: unknown })?.current) : null;
  return {
    status: error.status,
    code: error.code,
    message: error.message,
    // A stale edit: the spot as it is now, shown beside the user's change.
    ...(current?.success ? { current: current.data } : {}),
    // Over the photo quota: how much is used of how much, said in the user's language where it is shown.
    ...photoUse(error),
    ...(error.requestId === undefined ? {} : { request_id: error.requestId }),
  };
}
