import { describe, expect, it } from 'vitest';
import type { Location } from '../../../common/schemas/locations.ts';
import {
  applyPending,
  BACKOFF_FIRST_MS,
  BACKOFF_MAX_MS,
  backoffDelay,
  classifyAnswer,
  foldIntoFailedCreate,
  planEnqueue,
  waitsForFailedCreate,
  withVisits,
  type OutboxEntry,
} from './outbox-model.ts';

const SPOT = '0b9f7a3c-7d2e-4c1a-9b1e-1f2a3b4c5d6e';
const base = { userId: 'u1', createdAt: 1_000, savedOffline: true };
const fields = {
  type: 'mushroom_spot' as const,
  mushroom_types: 'Chanterelles',
  finder: 'Ona',
  date_found: '2026-09-03',
  notes: '',
  latitude: 55.1,
  longitude: 23.9,
  is_public: false,
};

function create(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return { kind: 'create', spotId: SPOT, fields, photo: null, photoName: null, ...base, seq: 1, status: 'waiting', sends: 0, ...overrides } as OutboxEntry;
}
function share(isPublic: boolean, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return { kind: 'share', spotId: SPOT, isPublic, ...base, seq: 2, status: 'waiting', sends: 0, ...overrides } as OutboxEntry;
}

function visitEntry(seq: number, date: string, outcome: 'found' | 'nothing' = 'nothing', overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  const visit = { id: `00000000-0000-4000-8000-00000000000${seq}`, date, outcome, amount: null, note: null };
  return { kind: 'visit', spotId: SPOT, visit, ...base, seq, status: 'waiting', sends: 0, ...overrides } as OutboxEntry;
}

describe('visits in the outbox', () => {
  it('queues a visit behind the spot’s create, even one never sent, instead of folding it in', () => {
    const visit = visitEntry(2, '2026-10-02');
    const plan = planEnqueue([create()], { kind: 'visit', spotId: SPOT, visit: visit.kind === 'visit' ? visit.visit : never() }, base);
    expect(plan.update).toEqual([]);
    expect(plan.remove).toEqual([]);
    expect(plan.add).toMatchObject({ kind: 'visit', spotId: SPOT, status: 'waiting', sends: 0 });
  });

  it('drops waiting visits with a spot deleted before it left the device', () => {
    const plan = planEnqueue([create(), visitEntry(2, '2026-10-02')], { kind: 'delete', spotId: SPOT }, base);
    expect(plan).toEqual({ remove: [1, 2], update: [], add: null });
  });

  it('keeps visits behind a refused create, so a Retry sends them after the spot; a delete drops them', () => {
    const kept = foldIntoFailedCreate(create({ status: 'failed' }), [visitEntry(2, '2026-10-02'), share(true, { seq: 3 })]);
    expect(kept.remove).toEqual([3]);
    expect(kept.create).toMatchObject({ fields: { is_public: true } });
    const dropped = foldIntoFailedCreate(create({ status: 'failed' }), [visitEntry(2, '2026-10-02'), { ...share(true), kind: 'delete', seq: 3 } as OutboxEntry]);
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

  it('counts waiting visits into the spot’s summary at once, the latest date as the last', () => {
    expect(withVisits({ count: 2, last: { date: '2026-09-01', outcome: 'found' } }, [{ id: 'x', date: '2026-10-02', outcome: 'nothing' }])).toEqual({
      count: 3,
      last: { date: '2026-10-02', outcome: 'nothing' },
    });
    expect(withVisits(undefined, [{ id: 'x', date: '2020-01-01', outcome: 'found' }])).toEqual({ count: 1, last: { date: '2020-01-01', outcome: 'found' } });
    expect(withVisits({ count: 1, last: { date: '2026-09-01', outcome: 'found' } }, [{ id: 'x', date: '2026-08-01', outcome: 'nothing' }]).last).toEqual({
      date: '2026-09-01',
      outcome: 'found',
    });
  });

  it('shows a waiting visit on a spot from the server and on a spot still on the device', () => {
    const server = { ...pendingFree(), visits: { count: 0, last: null } };
    const [shown] = applyPending([server], [visitEntry(5, '2026-10-02')], 'ona');
    expect(shown).toMatchObject({ visits: { count: 1, last: { date: '2026-10-02', outcome: 'nothing' } }, pending: { kind: 'visit', status: 'waiting' } });
    const [onDevice] = applyPending([], [create(), visitEntry(2, '2026-10-03', 'found')], 'ona');
    expect(onDevice?.visits).toEqual({ count: 1, last: { date: '2026-10-03', outcome: 'found' } });
  });
});

function never(): never {
  throw new Error('unreachable');
}

function pendingFree(): Location {
  return {
    id: SPOT,
    ...fields,
    notes: null,
    accuracy_m: null,
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
    expect(plan).toEqual({ remove: [], update: [], add: expect.objectContaining({ kind: 'create', status: 'waiting', sends: 0, userId: 'u1' }) });
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

describe('classifyAnswer', () => {
  it('counts 200/201/204 as done, and 404 as done for a share or delete of one’s own gone spot', () => {
    expect(classifyAnswer('create', 201)).toBe('done');
    expect(classifyAnswer('create', 200)).toBe('done');
    expect(classifyAnswer('delete', 204)).toBe('done');
    expect(classifyAnswer('delete', 404)).toBe('done');
    expect(classifyAnswer('share', 404)).toBe('done');
    expect(classifyAnswer('create', 404)).toBe('failed');
  });

  it('marks refusals failed, never to be sent again by itself', () => {
    for (const status of [400, 403, 409, 413, 415]) expect(classifyAnswer('create', status)).toBe('failed');
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

  it('drops the spot altogether when a delete was queued behind it', () => {
    const folded = foldIntoFailedCreate(create({ status: 'failed' }), [share(true), { ...share(true), kind: 'delete', seq: 3 } as OutboxEntry]);
    expect(folded).toEqual({ create: null, remove: [2, 3] });
  });
});

describe('applyPending', () => {
  const server: Location = {
    id: '11111111-1111-4111-8111-111111111111',
    ...fields,
    notes: null,
    accuracy_m: null,
    photo_url: null,
    thumbnail_url: null,
    created_at: '2026-09-01T10:00:00.000Z',
    is_owner: true,
    owner_name: 'ona',
    visits: { count: 0, last: null },
  };

  it('shows spots still on the device first, marked as waiting, with their queued photo', () => {
    const shown = applyPending([server], [create({ seq: 7 })], 'ona', new Map([[7, 'blob:photo']]));
    expect(shown.map((spot) => spot.id)).toEqual([SPOT, server.id]);
    expect(shown[0]).toMatchObject({ is_owner: true, owner_name: 'ona', localPhotoUrl: 'blob:photo', pending: { kind: 'create', status: 'waiting', seq: 7 } });
    expect(shown[1]!.pending).toBeUndefined();
  });

  it('shows a waiting spot\u2019s accuracy, and none for one queued by hand or before Foray kept it', () => {
    const placed = applyPending([], [create({ fields: { ...fields, accuracy_m: 6.5 } } as Partial<OutboxEntry>)], 'ona');
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
    const deleting = applyPending([server], [{ ...share(true), kind: 'delete', spotId: server.id } as OutboxEntry], 'ona');
    expect(deleting[0]!.pending?.kind).toBe('delete');
  });

  it('carries the server’s reason on a refused spot', () => {
    const error = { status: 415, code: 'UNSUPPORTED_PHOTO', message: 'Not a photo' };
    const [shown] = applyPending([], [create({ status: 'failed', error })], 'ona');
    expect(shown!.pending).toMatchObject({ status: 'failed', error });
  });
});
