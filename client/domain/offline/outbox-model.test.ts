import { describe, expect, it } from 'vitest';
import type { Spot } from '../../../common/schemas/spots.ts';
import { exampleFields } from '../../../common/spot-examples.ts';
import {
  BACKOFF_FIRST_MS,
  BACKOFF_MAX_MS,
  backoffDelay,
  classifyAnswer,
  foldIntoFailedCreate,
  heldSpots,
  planEnqueue,
  rebaseLaterEdits,
  waitsForFailedCreate,
  type OutboxEntry,
} from './outbox-model.ts';
import { applyPending, pinsWithPending, withVisits } from './pending-view.ts';
import { pinOf } from '../../../common/map-pin.ts';
import { keepMyEdit } from './stale-edit.ts';
import { planPhotoEnqueue } from './photo-outbox-model.ts';

const SPOT = '0b9f7a3c-7d2e-4c1a-9b1e-1f2a3b4c5d6e';
const base = { userId: 'u1', createdAt: 1_000, savedOffline: true };
const fields = exampleFields({
  type: 'mushroom_spot' as const,
  mushroom_types: 'Chanterelles',
  finder: 'Ona',
  date_found: '2026-09-03',
  notes: '',
  latitude: 55.1,
  longitude: 23.9,
  is_public: false,
});
/** What a Spot from the server adds to those fields (ADR 0053): its owner sees it private and exact, with no area. */
const seenByItsOwner = { audience: 'private' as const, circle_ids: [], precision: 'exact' as const, area: null };

/** One's own spot as the server gives it back. */
function serverSpot(overrides: Partial<Spot> = {}): Spot {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    ...fields,
    ...seenByItsOwner,
    notes: null,
    accuracy_m: null,
    photo_url: null,
    thumbnail_url: null,
    photos: [],
    created_at: '2026-09-01T10:00:00.000Z',
    updated_at: '2026-09-01T10:00:00.000Z',
    version: 1,
    is_owner: true,
    owner_name: 'ona',
    visits: { count: 0, last: null },
    ...overrides,
  };
}

function create(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    kind: 'create',
    spotId: SPOT,
    fields,
    photo: null,
    photoName: null,
    ...base,
    seq: 1,
    status: 'waiting',
    sends: 0,
    ...overrides,
  } as OutboxEntry;
}
function share(isPublic: boolean, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    kind: 'share',
    spotId: SPOT,
    isPublic,
    ...base,
    seq: 2,
    status: 'waiting',
    sends: 0,
    ...overrides,
  } as OutboxEntry;
}

function visitEntry(
  seq: number,
  date: string,
  outcome: 'found' | 'nothing' = 'nothing',
  overrides: Partial<OutboxEntry> = {},
): OutboxEntry {
  const visit = { id: `00000000-0000-4000-8000-00000000000${seq}`, date, outcome, amount: null, note: null };
  return { kind: 'visit', spotId: SPOT, visit, ...base, seq, status: 'waiting', sends: 0, ...overrides } as OutboxEntry;
}

describe('visits in the outbox', () => {
  it('queues a visit behind the spot’s create, even one never sent, instead of folding it in', () => {
    const visit = visitEntry(2, '2026-10-02');
    const plan = planEnqueue(
      [create()],
      { kind: 'visit', spotId: SPOT, visit: visit.kind === 'visit' ? visit.visit : never() },
      base,
    );
    expect(plan.update).toEqual([]);
    expect(plan.remove).toEqual([]);
    expect(plan.add).toMatchObject({ kind: 'visit', spotId: SPOT, status: 'waiting', sends: 0 });
  });

  it('drops waiting visits with a spot deleted before it left the device', () => {
    const plan = planEnqueue([create(), visitEntry(2, '2026-10-02')], { kind: 'delete', spotId: SPOT }, base);
    expect(plan).toEqual({ remove: [1, 2], update: [], add: null });
  });

  it('keeps visits behind a refused create, so a Retry sends them after the spot; a delete drops them', () => {
    const kept = foldIntoFailedCreate(create({ status: 'failed' }), [
      visitEntry(2, '2026-10-02'),
      share(true, { seq: 3 }),
    ]);
    expect(kept.remove).toEqual([3]);
    expect(kept.create).toMatchObject({ fields: { is_public: true } });
    const dropped = foldIntoFailedCreate(create({ status: 'failed' }), [
      visitEntry(2, '2026-10-02'),
      { ...share(true), kind: 'delete', seq: 3 } as OutboxEntry,
    ]);
    expect(dropped).toEqual({ create: null, remove: [2, 3] });
  });

  it('holds a visit back while its spot’s create is refused, and only then', () => {
    const visit = visitEntry(2, '2026-10-02');
    expect(waitsForFailedCreate(visit, [create({ status: 'failed' }), visit])).toBe(true);
    expect(waitsForFailedCreate(visit, [create(), visit])).toBe(false);
    expect(waitsForFailedCreate(visit, [visit])).toBe(false);
  });

  it('treats a refused visit as failed (kept for the user), a lost answer as retry', () => {
    expect(classifyAnswer('visit', 201)).toBe('done');
    expect(classifyAnswer('visit', 200)).toBe('done');
    expect(classifyAnswer('visit', 404)).toBe('failed');
    expect(classifyAnswer('visit', 400)).toBe('failed');
    expect(classifyAnswer('visit', 0)).toBe('retry');
  });

  it('deletes a visit still on the device by dropping it, and queues the delete of one that may be on the server', () => {
    const unsent = visitEntry(2, '2026-10-02');
    const unsentId = unsent.kind === 'visit' ? unsent.visit.id : never();
    const dropped = planEnqueue([unsent], { kind: 'delete-visit', spotId: SPOT, visitId: unsentId }, base);
    expect(dropped).toEqual({ remove: [2], update: [], add: null });

    const sent = visitEntry(3, '2026-10-03', 'found', { sends: 1 });
    const sentId = sent.kind === 'visit' ? sent.visit.id : never();
    const queued = planEnqueue([sent], { kind: 'delete-visit', spotId: SPOT, visitId: sentId }, base);
    expect(queued.remove).toEqual([]);
    expect(queued.add).toMatchObject({ kind: 'delete-visit', visitId: sentId, status: 'waiting' });
    // Already gone on the server (deleted elsewhere): done, not a refusal.
    expect(classifyAnswer('delete-visit', 404)).toBe('done');
    expect(classifyAnswer('delete-visit', 0)).toBe('retry');
  });

  it('takes a waiting visit delete off the spot’s visit count at once', () => {
    const spot = {
      id: SPOT,
      visits: { count: 3, last: { date: '2026-09-01', outcome: 'found' } },
    } as unknown as Spot;
    const entry = {
      kind: 'delete-visit',
      spotId: SPOT,
      visitId: 'v',
      ...base,
      seq: 4,
      status: 'waiting',
      sends: 0,
    } as OutboxEntry;
    expect(applyPending([spot], [entry], 'me')[0]!.visits?.count).toBe(2);
  });

  it('counts waiting visits into the spot’s summary at once, the latest date as the last', () => {
    expect(
      withVisits({ count: 2, last: { date: '2026-09-01', outcome: 'found' } }, [
        { id: 'x', date: '2026-10-02', outcome: 'nothing' },
      ]),
    ).toEqual({
      count: 3,
      last: { date: '2026-10-02', outcome: 'nothing' },
    });
    expect(withVisits(undefined, [{ id: 'x', date: '2020-01-01', outcome: 'found' }])).toEqual({
      count: 1,
      last: { date: '2020-01-01', outcome: 'found' },
    });
    expect(
      withVisits({ count: 1, last: { date: '2026-09-01', outcome: 'found' } }, [
        { id: 'x', date: '2026-08-01', outcome: 'nothing' },
      ]).last,
    ).toEqual({
      date: '2026-09-01',
      outcome: 'found',
    });
  });

  it('shows a waiting visit on a spot from the server and on a spot still on the device', () => {
    const server = { ...pendingFree(), visits: { count: 0, last: null } };
    const [shown] = applyPending([server], [visitEntry(5, '2026-10-02')], 'ona');
    expect(shown).toMatchObject({
      visits: { count: 1, last: { date: '2026-10-02', outcome: 'nothing' } },
      pending: { kind: 'visit', status: 'waiting' },
    });
    const [onDevice] = applyPending([], [create(), visitEntry(2, '2026-10-03', 'found')], 'ona');
    expect(onDevice?.visits).toEqual({ count: 1, last: { date: '2026-10-03', outcome: 'found' } });
  });
});

function never(): never {
  throw new Error('unreachable');
}

function pendingFree(): Spot {
  return {
    id: SPOT,
    ...fields,
    ...seenByItsOwner,
    notes: null,
    accuracy_m: null,
    photos: [],
    updated_at: '2026-09-01T10:00:00.000Z',
    version: 1,
    photo_url: null,
    thumbnail_url: null,
    created_at: '2026-09-01T10:00:00.000Z',
    is_owner: true,
    owner_name: 'ona',
    visits: { count: 0, last: null },
  };
}

describe('planEnqueue', () => {
  it('queues a new spot as a waiting entry that was never sent', () => {
    const plan = planEnqueue([], { kind: 'create', spotId: SPOT, fields, photo: null, photoName: null }, base);
    expect(plan).toEqual({
      remove: [],
      update: [],
      add: expect.objectContaining({ kind: 'create', status: 'waiting', sends: 0, userId: 'u1' }),
    });
  });

  it('changes the sharing of a spot that has not left the device instead of queueing a second request', () => {
    const plan = planEnqueue([create()], { kind: 'share', spotId: SPOT, isPublic: true }, base);
    expect(plan.add).toBeNull();
    expect(plan.update).toEqual([expect.objectContaining({ kind: 'create', fields: { ...fields, is_public: true } })]);
  });

  it('queues sharing behind a create that may already be on the server (it was sent, no answer came)', () => {
    const plan = planEnqueue([create({ sends: 1 })], { kind: 'share', spotId: SPOT, isPublic: true }, base);
    expect(plan.update).toEqual([]);
    expect(plan.add).toMatchObject({ kind: 'share', isPublic: true });
  });

  it('replaces an unsent sharing change with the newer one', () => {
    const plan = planEnqueue([share(true)], { kind: 'share', spotId: SPOT, isPublic: false }, base);
    expect(plan.add).toBeNull();
    expect(plan.update).toEqual([expect.objectContaining({ seq: 2, isPublic: false })]);
  });

  it('does not touch a sharing change already being sent: the new one goes after it', () => {
    const plan = planEnqueue([share(true, { sends: 1 })], { kind: 'share', spotId: SPOT, isPublic: false }, base);
    expect(plan.update).toEqual([]);
    expect(plan.add).toMatchObject({ kind: 'share', isPublic: false });
  });

  it('deleting a spot that never left the device removes it and everything queued for it, sending nothing', () => {
    const plan = planEnqueue([create()], { kind: 'delete', spotId: SPOT }, base);
    expect(plan).toEqual({ remove: [1], update: [], add: null });
  });

  it('deleting a spot the server refused removes it too: the server never stored it', () => {
    const plan = planEnqueue([create({ sends: 1, status: 'failed' })], { kind: 'delete', spotId: SPOT }, base);
    expect(plan).toEqual({ remove: [1], update: [], add: null });
  });

  it('deleting a spot whose create may be on the server queues a delete after it, dropping unsent changes', () => {
    const plan = planEnqueue([create({ sends: 1 }), share(true)], { kind: 'delete', spotId: SPOT }, base);
    expect(plan.remove).toEqual([2]);
    expect(plan.add).toMatchObject({ kind: 'delete', spotId: SPOT });
  });

  it('deleting a server spot queues a delete and drops its unsent sharing change', () => {
    const plan = planEnqueue([share(true)], { kind: 'delete', spotId: SPOT }, base);
    expect(plan.remove).toEqual([2]);
    expect(plan.add).toMatchObject({ kind: 'delete' });
  });
});

function edit(patch: Record<string, unknown>, baseVersion: number, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    kind: 'edit',
    spotId: SPOT,
    patch,
    baseVersion,
    ...base,
    seq: 3,
    status: 'waiting',
    sends: 0,
    ...overrides,
  } as OutboxEntry;
}
const editChange = (patch: Record<string, unknown>, baseVersion: number) => ({
  kind: 'edit' as const,
  spotId: SPOT,
  patch,
  baseVersion,
});

describe('planEnqueue: edits', () => {
  it('queues an edit of a server spot with the version it was made on', () => {
    const plan = planEnqueue([], editChange({ notes: 'By the birch' }, 4), base);
    expect(plan).toEqual({
      remove: [],
      update: [],
      add: expect.objectContaining({ kind: 'edit', patch: { notes: 'By the birch' }, baseVersion: 4, sends: 0 }),
    });
  });

  it('folds an edit of a spot still waiting to be created into the create: one request, the edited spot', () => {
    const plan = planEnqueue(
      [create()],
      editChange({ finder: 'Jonas', latitude: 55.2, longitude: 24, accuracy_m: null }, 1),
      base,
    );
    expect(plan.add).toBeNull();
    expect(plan.update).toEqual([
      expect.objectContaining({
        kind: 'create',
        fields: { ...fields, finder: 'Jonas', latitude: 55.2, longitude: 24, accuracy_m: null },
      }),
    ]);
  });

  it('queues the edit behind a create that may be on the server already', () => {
    const plan = planEnqueue([create({ sends: 1 })], editChange({ notes: 'x' }, 1), base);
    expect(plan.update).toEqual([]);
    expect(plan.add).toMatchObject({ kind: 'edit', baseVersion: 1 });
  });

  it('folds two queued edits into one, keeping the first one’s base version and the later values', () => {
    const plan = planEnqueue([edit({ notes: 'first', finder: 'Ona' }, 3)], editChange({ notes: 'second' }, 3), base);
    expect(plan.add).toBeNull();
    expect(plan.update).toEqual([
      expect.objectContaining({ seq: 3, baseVersion: 3, patch: { notes: 'second', finder: 'Ona' } }),
    ]);
  });

  it('queues a new edit behind one already being sent', () => {
    const plan = planEnqueue([edit({ notes: 'first' }, 3, { sends: 1 })], editChange({ notes: 'second' }, 3), base);
    expect(plan.update).toEqual([]);
    expect(plan.add).toMatchObject({ kind: 'edit', patch: { notes: 'second' }, baseVersion: 3 });
  });

  it('folds into an edit the server refused as stale: the user still chooses, now with both changes', () => {
    const error = { status: 409, code: 'STALE', message: 'changed' };
    const plan = planEnqueue(
      [edit({ notes: 'first' }, 3, { sends: 1, status: 'failed', error })],
      editChange({ finder: 'Jonas' }, 3),
      base,
    );
    expect(plan.update).toEqual([
      expect.objectContaining({ status: 'failed', error, patch: { notes: 'first', finder: 'Jonas' } }),
    ]);
  });

  it('drops an edit after a delete: the spot is on its way out', () => {
    const deleting = { ...share(true), kind: 'delete', seq: 4 } as OutboxEntry;
    expect(planEnqueue([deleting], editChange({ notes: 'x' }, 2), base)).toEqual({ remove: [], update: [], add: null });
  });

  it('a delete drops unsent edits, and sharing folds into an unsent edit', () => {
    expect(planEnqueue([edit({ notes: 'x' }, 2)], { kind: 'delete', spotId: SPOT }, base)).toMatchObject({
      remove: [3],
      add: { kind: 'delete' },
    });
    const sharing = planEnqueue([edit({ notes: 'x' }, 2)], { kind: 'share', spotId: SPOT, isPublic: true }, base);
    expect(sharing).toMatchObject({ add: null, update: [{ kind: 'edit', patch: { notes: 'x', is_public: true } }] });
  });
});

describe('edits after the server answered', () => {
  const server = (version: number): Spot => ({
    id: SPOT,
    ...fields,
    ...seenByItsOwner,
    notes: 'now',
    accuracy_m: null,
    photo_url: null,
    thumbnail_url: null,
    photos: [],
    created_at: '2026-09-01T10:00:00.000Z',
    updated_at: '2026-09-02T10:00:00.000Z',
    version,
    is_owner: true,
    owner_name: 'ona',
    visits: { count: 0, last: null },
  });

  it('moves an edit queued behind the user’s own confirmed change onto the version that change made', () => {
    expect(rebaseLaterEdits([edit({ notes: 'x' }, 3)], server(4))).toEqual([
      expect.objectContaining({ baseVersion: 4 }),
    ]);
  });

  it('leaves an edit made on an older version alone: someone else changed the spot in between', () => {
    expect(rebaseLaterEdits([edit({ notes: 'x' }, 2)], server(4))).toEqual([]);
    expect(
      rebaseLaterEdits([edit({ notes: 'x' }, 3, { spotId: 'another' } as Partial<OutboxEntry>)], server(4)),
    ).toEqual([]);
  });

  it('"Keep mine" sends the same edit again on the server’s version', () => {
    const stale = edit({ notes: 'mine' }, 2, {
      sends: 1,
      status: 'failed',
      error: { status: 409, code: 'STALE', message: '', current: server(5) },
    });
    const kept = keepMyEdit(stale);
    expect(kept).toMatchObject({ kind: 'edit', patch: { notes: 'mine' }, baseVersion: 5, status: 'waiting' });
    expect(kept.error).toBeUndefined();
  });
});

describe('classifyAnswer', () => {
  it('counts 200/201/204 as done, and 404 as done for a share or delete of one’s own gone spot', () => {
    expect(classifyAnswer('create', 201)).toBe('done');
    expect(classifyAnswer('create', 200)).toBe('done');
    expect(classifyAnswer('delete', 204)).toBe('done');
    expect(classifyAnswer('delete', 404)).toBe('done');
    expect(classifyAnswer('share', 404)).toBe('done');
    expect(classifyAnswer('edit', 404)).toBe('done');
    expect(classifyAnswer('edit', 200)).toBe('done');
    expect(classifyAnswer('create', 404)).toBe('failed');
  });

  it('marks refusals failed, never to be sent again by itself', () => {
    for (const status of [400, 403, 409, 413, 415]) expect(classifyAnswer('create', status)).toBe('failed');
    // A stale edit is never sent again by itself: the user chooses.
    expect(classifyAnswer('edit', 409)).toBe('failed');
  });

  it('retries no answer, timeouts, rate limits and server errors', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) expect(classifyAnswer('create', status)).toBe('retry');
  });

  it('stops for sign-in on 401', () => {
    expect(classifyAnswer('create', 401)).toBe('sign-in');
  });
});

describe('backoffDelay', () => {
  it('grows from about 5 s, doubling, to at most about 5 min', () => {
    const middle = () => 0.5;
    expect(backoffDelay(1, middle)).toBe(BACKOFF_FIRST_MS);
    expect(backoffDelay(2, middle)).toBe(2 * BACKOFF_FIRST_MS);
    expect(backoffDelay(3, middle)).toBe(4 * BACKOFF_FIRST_MS);
    expect(backoffDelay(20, middle)).toBe(BACKOFF_MAX_MS);
  });

  it('spreads retries by ±20 %', () => {
    expect(backoffDelay(1, () => 0)).toBe(0.8 * BACKOFF_FIRST_MS);
    expect(backoffDelay(1, () => 1)).toBe(1.2 * BACKOFF_FIRST_MS);
  });
});

describe('foldIntoFailedCreate', () => {
  it('takes in later sharing changes so a Retry sends the spot as the user left it', () => {
    const folded = foldIntoFailedCreate(create({ status: 'failed' }), [share(true)]);
    expect(folded.remove).toEqual([2]);
    expect(folded.create).toMatchObject({ fields: { is_public: true }, status: 'failed' });
  });

  it('takes in later edits too', () => {
    const folded = foldIntoFailedCreate(create({ status: 'failed' }), [
      edit({ notes: 'edited', latitude: 55, longitude: 24 }, 1),
    ]);
    expect(folded.create).toMatchObject({ fields: { notes: 'edited', latitude: 55, longitude: 24, finder: 'Ona' } });
  });

  it('drops the spot altogether when a delete was queued behind it', () => {
    const folded = foldIntoFailedCreate(create({ status: 'failed' }), [
      share(true),
      { ...share(true), kind: 'delete', seq: 3 } as OutboxEntry,
    ]);
    expect(folded).toEqual({ create: null, remove: [2, 3] });
  });
});

describe('applyPending', () => {
  const server = serverSpot();

  it('shows spots still on the device first, marked as waiting, with their queued photo', () => {
    const shown = applyPending([server], [create({ seq: 7 })], 'ona', new Map([[7, 'blob:photo']]));
    expect(shown.map((spot) => spot.id)).toEqual([SPOT, server.id]);
    expect(shown[0]).toMatchObject({
      is_owner: true,
      owner_name: 'ona',
      localPhotoUrl: 'blob:photo',
      pending: { kind: 'create', status: 'waiting', seq: 7 },
    });
    expect(shown[1]!.pending).toBeUndefined();
  });

  it('shows a waiting spot\u2019s accuracy, and none for one queued by hand or before Foray kept it', () => {
    const placed = applyPending(
      [],
      [create({ fields: { ...fields, accuracy_m: 6.5 } } as Partial<OutboxEntry>)],
      'ona',
    );
    expect(placed[0]!.accuracy_m).toBe(6.5);
    expect(applyPending([], [create()], 'ona')[0]!.accuracy_m).toBeNull();
  });

  it('shows a spot once when the server already has it but its create still waits (a lost answer)', () => {
    const shown = applyPending([{ ...server, id: SPOT }], [create()], 'ona');
    expect(shown.filter((spot) => spot.id === SPOT)).toHaveLength(1);
    expect(shown[0]!.pending?.kind).toBe('create');
  });

  it('applies a waiting sharing change and marks a waiting delete', () => {
    const sharing = applyPending([server], [{ ...share(true), spotId: server.id }], 'ona');
    expect(sharing[0]).toMatchObject({ is_public: true, pending: { kind: 'share' } });
    const deleting = applyPending(
      [server],
      [{ ...share(true), kind: 'delete', spotId: server.id } as OutboxEntry],
      'ona',
    );
    expect(deleting[0]!.pending?.kind).toBe('delete');
  });

  it('shows waiting edits in order over the server’s spot, the edit marked waiting', () => {
    const shown = applyPending(
      [{ ...server, id: SPOT }],
      [edit({ notes: 'first', finder: 'Jonas' }, 1, { seq: 3 }), edit({ notes: '' }, 1, { seq: 4 })],
      'ona',
    );
    expect(shown[0]).toMatchObject({
      finder: 'Jonas',
      notes: null,
      pending: { kind: 'edit', status: 'waiting', seq: 4 },
    });
  });

  it('puts a refused edit first, with its fields and the server’s spot, even with changes queued after it', () => {
    const current = { ...server, id: SPOT, notes: 'theirs', version: 3 };
    const error = { status: 409, code: 'STALE', message: 'changed', current };
    const shown = applyPending(
      [current],
      [edit({ notes: 'mine' }, 2, { status: 'failed', error, seq: 3 }), { ...share(true), seq: 5 }],
      'ona',
    );
    expect(shown[0]).toMatchObject({
      notes: 'mine',
      is_public: true,
      pending: { kind: 'edit', status: 'failed', seq: 3, patch: { notes: 'mine' }, error: { current } },
    });
  });

  it('carries the server’s reason on a refused spot', () => {
    const error = { status: 415, code: 'UNSUPPORTED_PHOTO', message: 'Not a photo' };
    const [shown] = applyPending([], [create({ status: 'failed', error })], 'ona');
    expect(shown!.pending).toMatchObject({ status: 'failed', error });
  });
});

describe('several photos in the outbox', () => {
  const blob = new Blob(['photo']);
  const P1 = 'aaaaaaaa-0000-4000-8000-000000000001';
  const P2 = 'aaaaaaaa-0000-4000-8000-000000000002';
  const P3 = 'aaaaaaaa-0000-4000-8000-000000000003';
  const addPhoto = (photoId: string, seq: number, overrides: Partial<OutboxEntry> = {}) =>
    ({
      kind: 'add-photo',
      spotId: SPOT,
      photoId,
      photo: blob,
      photoName: 'p.webp',
      ...base,
      seq,
      status: 'waiting',
      sends: 0,
      ...overrides,
    }) as OutboxEntry;
  const orderPhotos = (photoIds: string[], seq: number, overrides: Partial<OutboxEntry> = {}) =>
    ({
      kind: 'order-photos',
      spotId: SPOT,
      photoIds,
      ...base,
      seq,
      status: 'waiting',
      sends: 0,
      ...overrides,
    }) as OutboxEntry;

  it('puts the first photo of a spot still on the device into its create: one request', () => {
    const plan = planPhotoEnqueue(
      [create()],
      { kind: 'add-photo', spotId: SPOT, photoId: P1, photo: blob, photoName: 'p.webp' },
      base,
    );
    expect(plan.add).toBeNull();
    expect(plan.update).toEqual([expect.objectContaining({ kind: 'create', photo: blob, photoId: P1 })]);
  });

  it('queues a further photo behind the create, and any photo of a spot the server has', () => {
    const more = planPhotoEnqueue(
      [create({ photo: blob, photoId: P1 } as Partial<OutboxEntry>)],
      { kind: 'add-photo', spotId: SPOT, photoId: P2, photo: blob, photoName: null },
      base,
    );
    expect(more.update).toEqual([]);
    expect(more.add).toMatchObject({ kind: 'add-photo', photoId: P2, status: 'waiting', sends: 0 });
    const onServer = planPhotoEnqueue(
      [],
      { kind: 'add-photo', spotId: SPOT, photoId: P2, photo: blob, photoName: null },
      base,
    );
    expect(onServer.add).toMatchObject({ kind: 'add-photo', photoId: P2 });
  });

  it('removing a photo that never left the device drops it, from its create or its own entry and from a waiting order', () => {
    const fromCreate = planPhotoEnqueue(
      [create({ photo: blob, photoId: P1 } as Partial<OutboxEntry>)],
      { kind: 'remove-photo', spotId: SPOT, photoId: P1 },
      base,
    );
    expect(fromCreate).toEqual({
      remove: [],
      update: [expect.objectContaining({ kind: 'create', photo: null, photoId: null })],
      add: null,
    });

    const queued = planPhotoEnqueue(
      [create({ sends: 1 }), addPhoto(P2, 2), orderPhotos([P2, P1], 3)],
      { kind: 'remove-photo', spotId: SPOT, photoId: P2 },
      base,
    );
    expect(queued).toEqual({ remove: [2], update: [expect.objectContaining({ seq: 3, photoIds: [P1] })], add: null });
  });

  it('queues the removal of a photo the server may have (sent, or the server’s own), leaving earlier orders naming it', () => {
    const sent = planPhotoEnqueue(
      [addPhoto(P2, 2, { sends: 1 }), orderPhotos([P2, P1], 3)],
      { kind: 'remove-photo', spotId: SPOT, photoId: P2 },
      base,
    );
    // The order reaches the server before the removal, while P2 is still there: it must still name it.
    expect(sent.remove).toEqual([]);
    expect(sent.update).toEqual([]);
    expect(sent.add).toMatchObject({ kind: 'remove-photo', photoId: P2 });
  });

  it('replaces a waiting order with the newer one, but never one already being sent', () => {
    const replaced = planPhotoEnqueue(
      [orderPhotos([P1, P2], 2)],
      { kind: 'order-photos', spotId: SPOT, photoIds: [P2, P1] },
      base,
    );
    expect(replaced).toEqual({
      remove: [],
      update: [expect.objectContaining({ seq: 2, photoIds: [P2, P1] })],
      add: null,
    });
    const behind = planPhotoEnqueue(
      [orderPhotos([P1, P2], 2, { sends: 1 })],
      { kind: 'order-photos', spotId: SPOT, photoIds: [P2, P1] },
      base,
    );
    expect(behind.add).toMatchObject({ kind: 'order-photos', photoIds: [P2, P1] });
  });

  it('deleting the spot drops its unsent photo changes', () => {
    const plan = planEnqueue(
      [create({ sends: 1 }), addPhoto(P2, 2), orderPhotos([P2, P1], 3)],
      { kind: 'delete', spotId: SPOT },
      base,
    );
    expect(plan.remove).toEqual([2, 3]);
    expect(plan.add).toMatchObject({ kind: 'delete' });
  });

  it('a refused create keeps the photo changes behind it, and the sender holds them until it is retried', () => {
    const failed = create({ status: 'failed' });
    const folded = foldIntoFailedCreate(failed, [share(true, { seq: 2 }), addPhoto(P2, 3), orderPhotos([P2, P1], 4)]);
    expect(folded.remove).toEqual([2]);
    expect(heldSpots([failed, addPhoto(P2, 3)])).toEqual(new Set([SPOT]));
    expect(heldSpots([create({ sends: 1 }), addPhoto(P2, 3)])).toEqual(new Set());
    expect(
      foldIntoFailedCreate(failed, [addPhoto(P2, 3), { ...share(true), kind: 'delete', seq: 5 } as OutboxEntry]),
    ).toEqual({ create: null, remove: [3, 5] });
  });

  it('404 means done for removing or ordering (already gone), but a photo to add stays refused', () => {
    expect(classifyAnswer('remove-photo', 404)).toBe('done');
    expect(classifyAnswer('order-photos', 404)).toBe('done');
    expect(classifyAnswer('add-photo', 404)).toBe('failed');
    expect(classifyAnswer('add-photo', 409)).toBe('failed');
    expect(classifyAnswer('add-photo', 0)).toBe('retry');
  });

  it('shows waiting photo changes at once: added last from the device, removed gone, new order, cover = first', () => {
    const onServer = serverSpot({
      id: SPOT,
      photos: [{ id: P1, url: '/api/v1/photos/p1', thumbnail_url: '/api/v1/photos/t1' }],
      photo_url: '/api/v1/photos/p1',
      thumbnail_url: '/api/v1/photos/t1',
    });
    const urls = new Map([
      [2, 'blob:two'],
      [3, 'blob:three'],
    ]);
    const [shown] = applyPending(
      [onServer],
      [
        addPhoto(P2, 2),
        addPhoto(P3, 3),
        orderPhotos([P3, P1, P2], 4),
        { kind: 'remove-photo', spotId: SPOT, photoId: P1, ...base, seq: 5, status: 'waiting', sends: 0 },
      ],
      'ona',
      urls,
    );
    expect(shown!.photos.map((photo) => photo.id)).toEqual([P3, P2]);
    expect([shown!.photo_url, shown!.thumbnail_url]).toEqual(['blob:three', 'blob:three']);
    expect(shown!.pending?.kind).toBe('remove-photo');
  });

  it('shows a spot still on the device with its photo as the first of its photos', () => {
    const [shown] = applyPending(
      [],
      [create({ seq: 7, photo: blob, photoId: P1 } as Partial<OutboxEntry>), addPhoto(P2, 8)],
      'ona',
      new Map([
        [7, 'blob:one'],
        [8, 'blob:two'],
      ]),
    );
    expect(shown!.photos.map((photo) => [photo.id, photo.url])).toEqual([
      [P1, 'blob:one'],
      [P2, 'blob:two'],
    ]);
    expect(shown!.photo_url).toBe('blob:one');
  });
});

describe('pinsWithPending (the spots\u2019 map, ADR 0065)', () => {
  const server = serverSpot({ id: '22222222-2222-4222-8222-222222222222', accuracy_m: 4 });
  const pin = pinOf(server);
  const edit = (patch: Record<string, unknown>, overrides: Partial<OutboxEntry> = {}) =>
    ({
      kind: 'edit',
      spotId: server.id,
      patch,
      baseVersion: 1,
      ...base,
      seq: 3,
      status: 'waiting',
      sends: 0,
      ...overrides,
    }) as OutboxEntry;

  it('gives back the pins themselves when nothing waits', () => {
    const pins = [pin];
    expect(pinsWithPending(pins, [], 'ona')).toBe(pins);
  });

  it('draws a new spot first, whole, for its popup, once even when the server already has its pin', () => {
    const shown = pinsWithPending([{ ...pin, id: SPOT }, pin], [create({ seq: 7 })], 'ona', new Map([[7, 'blob:p']]));
    expect(shown.map((each) => each.id)).toEqual([SPOT, server.id]);
    expect(shown[0]!.spot).toMatchObject({ id: SPOT, localPhotoUrl: 'blob:p', pending: { kind: 'create' } });
    expect(shown[0]!.pending?.kind).toBe('create');
    expect(shown[1]!.spot).toBeUndefined();
  });

  it('moves and renames a pin by a waiting edit, marks it, and shows a refused change first', () => {
    const [moved] = pinsWithPending(
      [pin],
      [edit({ latitude: 55.3, longitude: 24.1, mushroom_types: 'Boletus', accuracy_m: null })],
      'ona',
    );
    expect(moved).toMatchObject({ latitude: 55.3, longitude: 24.1, mushroom_types: 'Boletus', accuracy_m: null });
    expect(moved!.pending).toMatchObject({ kind: 'edit', status: 'waiting' });
    const [notesOnly] = pinsWithPending([pin], [edit({ notes: 'by the birch' })], 'ona');
    expect(notesOnly).toMatchObject({ latitude: pin.latitude, accuracy_m: 4, mushroom_types: pin.mushroom_types });
    const [refused] = pinsWithPending(
      [pin],
      [edit({ notes: 'x' }, { status: 'failed', seq: 3 }), { ...share(true), spotId: server.id, seq: 4 }],
      'ona',
    );
    expect(refused!.pending).toMatchObject({ kind: 'edit', status: 'failed' });
  });
});
