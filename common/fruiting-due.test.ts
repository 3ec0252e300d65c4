import { describe, expect, it } from 'vitest';
import { dueNow, type DueSpot, type DueVisit } from './fruiting-due.ts';

const found = (date: string): DueVisit => ({ date, outcome: 'found', amount: 'some' });
const nothing = (date: string): DueVisit => ({ date, outcome: 'nothing', amount: null });
const spot = (id: string, visits: DueVisit[], at = { latitude: 54.6872, longitude: 25.2797 }): DueSpot => ({
  location_id: id,
  mushroom_types: 'Chanterelle',
  ...at,
  visits,
});
const ids = (items: { location_id: string }[]) => items.map((item) => item.location_id);

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

describe('due now', () => {
  it('ranks a spot that gave in September of three earlier years above one that gave once and one checked "nothing" yesterday', () => {
    const today = '2026-09-15';
    const everyYear = spot(A, [found('2023-09-12'), found('2024-09-20'), found('2025-09-08')]);
    const once = spot(B, [nothing('2023-09-14'), nothing('2024-09-16'), found('2025-09-10')]);
    const nothingYesterday = spot(C, [
      found('2023-09-12'),
      found('2024-09-20'),
      found('2025-09-08'),
      nothing('2026-09-14'),
    ]);
    const items = dueNow([nothingYesterday, once, everyYear], { today });
    expect(ids(items)).toEqual([A, B, C]);
    expect(items[0]).toMatchObject({
      found_years: [2023, 2024, 2025],
      last_visit: { date: '2025-09-08', outcome: 'found', amount: 'some' },
      distance_m: null,
    });
    expect(items[2]!.last_visit).toEqual({ date: '2026-09-14', outcome: 'nothing', amount: null });
    expect(items[2]!.score).toBeLessThan(items[1]!.score);
  });

  it('counts only finds within 14 days of the day of the year, in earlier years, across the new year', () => {
    expect(dueNow([spot(A, [found('2025-12-25')])], { today: '2026-01-05' })).toHaveLength(1);
    expect(dueNow([spot(A, [found('2025-01-10')])], { today: '2026-12-30' })).toHaveLength(1);
    expect(dueNow([spot(A, [found('2025-10-01')])], { today: '2026-09-15' })).toEqual([]);
    // This year's finds are not "earlier years"; a "nothing" at the right time is not a find.
    expect(dueNow([spot(A, [found('2026-09-10'), nothing('2025-09-15')])], { today: '2026-09-15' })).toEqual([]);
  });

  it('rises with the share of earlier years that gave, and with time since the last check', () => {
    const today = '2026-09-15';
    const always = spot(A, [found('2024-09-15'), found('2025-09-15')]);
    const halfTheYears = spot(B, [
      nothing('2022-09-15'),
      nothing('2023-09-15'),
      found('2024-09-15'),
      found('2025-09-15'),
    ]);
    expect(ids(dueNow([halfTheYears, always], { today }))).toEqual([A, B]);

    const checkedLongAgo = spot(A, [found('2025-09-15')]);
    const checkedLastWeek = spot(B, [found('2025-09-15'), found('2026-09-05')]);
    expect(ids(dueNow([checkedLastWeek, checkedLongAgo], { today }))).toEqual([A, B]);
  });

  it('gives distances from a position, and keeps only spots within the radius', () => {
    const near = spot(A, [found('2025-09-15')], { latitude: 54.7, longitude: 25.28 });
    const far = spot(B, [found('2025-09-15')], { latitude: 55.7, longitude: 25.28 });
    const position = { latitude: 54.6872, longitude: 25.2797 };
    const all = dueNow([far, near], { today: '2026-09-15', position });
    expect(all.map((item) => [item.location_id, item.distance_m])).toEqual([
      [A, 1423],
      [B, 112_618],
    ]);
    expect(ids(dueNow([far, near], { today: '2026-09-15', position, radiusKm: 25 }))).toEqual([A]);
  });
});
