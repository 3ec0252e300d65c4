// The filter's `due=now` on the device's copy (ADR 0061), on fake-indexeddb: the visits kept for one's own spots
// and those waiting in the outbox, judged by the shared rule with the server's cases.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { DUE_CASES, dueCaseDate } from '../../../common/spot-filter.cases.ts';
import type { FilterableSpot } from '../../../common/spot-filter.ts';
import { deviceDb, ownVisitsKey } from './device-db.ts';
import { dueMatcher } from './device-matcher.ts';
import type { KeptVisit } from './kept-visits.ts';
import { enqueue } from './outbox.ts';

const USER = 'ona';
const today = new Date().toISOString().slice(0, 10);
let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

const spot = (id: string, fields: Partial<FilterableSpot> = {}): FilterableSpot => ({
  id,
  type: 'mushroom_spot',
  mushroom_types: 'Voveraitės',
  notes: null,
  date_found: '2020-09-01',
  is_public: false,
  is_owner: true,
  circle_ids: [],
  photo_url: null,
  ...fields,
});

const keptVisit = (location_id: string, date: string, outcome: 'found' | 'nothing' = 'found'): KeptVisit => ({
  id: uuid(),
  location_id,
  date,
  outcome,
  amount: null,
  created_at: `${date}T10:00:00.000Z`,
});

async function keep(visits: KeptVisit[]) {
  await (await deviceDb()).put('meta', visits, ownVisitsKey(USER));
}

beforeEach(async () => {
  const db = await deviceDb();
  await Promise.all([db.clear('meta'), db.clear('outbox')]);
});

describe('"due now" on the device', () => {
  it('decides one’s own spots as the server does, from the visits kept here; others’ only by the server’s answer', async () => {
    const spots = DUE_CASES.map((c) => ({ c, spot: spot(uuid()) }));
    await keep(
      spots.flatMap(({ c, spot: { id } }) =>
        // The device keeps one's own visits only (GET /api/v1/visits?owner=mine).
        c.spot.owner === 'viewer' ? c.visits.map((v) => keptVisit(id, dueCaseDate(today, v), v.outcome)) : [],
      ),
    );
    const matches = await dueMatcher({ due: 'now' }, USER);
    for (const { c, spot: kept } of spots) {
      const shown = {
        ...kept,
        is_owner: c.spot.owner === 'viewer',
        is_public: c.spot.audience === 'public',
        circle_ids: c.spot.circles.map(() => '0b9e7c43-5a1d-4f4e-9d2a-4c1f6b8e2a10'),
      };
      // Another's spot shared with one's circles is due on the server's answer: its visits are not on the device.
      expect(matches(shown), c.why).toBe(c.spot.owner === 'viewer' && c.due);
    }
  });

  it('counts a visit still waiting to be sent, and not one deleted on the device', async () => {
    const [waitingFor, deletedFrom] = [uuid(), uuid()];
    const deleted = keptVisit(deletedFrom, dueCaseDate(today, { years: 1, days: 0 }));
    await keep([deleted]);
    await enqueue(USER, {
      kind: 'visit',
      spotId: waitingFor,
      visit: { id: uuid(), date: dueCaseDate(today, { years: 1, days: 2 }), outcome: 'found' },
    });
    expect((await dueMatcher({ due: 'now' }, USER))(spot(deletedFrom))).toBe(true);
    await enqueue(USER, { kind: 'delete-visit', spotId: deletedFrom, visitId: deleted.id });

    const matches = await dueMatcher({ due: 'now' }, USER);
    expect(matches(spot(waitingFor))).toBe(true);
    expect(matches(spot(deletedFrom))).toBe(false);
  });

  it('finds nothing due before any visits were kept', async () => {
    expect((await dueMatcher({ due: 'now' }, USER))(spot(uuid()))).toBe(false);
  });
});
