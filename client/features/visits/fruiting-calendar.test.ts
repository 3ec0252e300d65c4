import { describe, expect, it } from 'vitest';
import { fruitingCalendar, type MonthState } from './fruiting-calendar.ts';

const spot = (id: string, date_found: string, type: 'mushroom_spot' | 'car_park' = 'mushroom_spot') => ({
  id,
  type,
  date_found,
});
const visit = (location_id: string, date: string, outcome: 'found' | 'nothing') => ({ location_id, date, outcome });
const months = (marks: Record<number, MonthState>): MonthState[] =>
  Array.from({ length: 12 }, (_, index) => marks[index + 1] ?? 'none');

describe('fruitingCalendar', () => {
  it('is empty when nothing was recorded', () => {
    expect(fruitingCalendar([], [])).toEqual([]);
  });

  it('marks the month a spot was found, and the months of its visits', () => {
    const rows = fruitingCalendar(
      [spot('a', '2026-09-14')],
      [visit('a', '2026-10-02', 'nothing'), visit('a', '2026-08-20', 'found')],
    );
    expect(rows).toEqual([{ year: 2026, months: months({ 8: 'found', 9: 'found', 10: 'nothing' }) }]);
  });

  it('lets found win over nothing in the same month, whatever the order, across spots', () => {
    const spots = [spot('a', '2025-06-01'), spot('b', '2025-06-02')];
    const forward = fruitingCalendar(spots, [visit('a', '2026-09-01', 'nothing'), visit('b', '2026-09-30', 'found')]);
    const backward = fruitingCalendar(spots, [visit('b', '2026-09-30', 'found'), visit('a', '2026-09-01', 'nothing')]);
    expect(forward[0]?.months[8]).toBe('found');
    expect(backward).toEqual(forward);
  });

  it('lists years newest first with no gaps, a year without anything as all blank', () => {
    const rows = fruitingCalendar(
      [spot('a', '2023-10-05')],
      [visit('a', '2026-01-31', 'nothing'), visit('a', '2026-12-01', 'found')],
    );
    expect(rows.map((row) => row.year)).toEqual([2026, 2025, 2024, 2023]);
    expect(rows[0]?.months).toEqual(months({ 1: 'nothing', 12: 'found' }));
    expect(rows[1]?.months).toEqual(months({}));
    expect(rows[3]?.months).toEqual(months({ 10: 'found' }));
  });

  it('leaves out car parks and visits of spots it was not given', () => {
    const rows = fruitingCalendar(
      [spot('car', '2026-05-01', 'car_park'), spot('a', '2026-09-01')],
      [visit('car', '2026-06-01', 'found'), visit('elsewhere', '2026-07-01', 'found')],
    );
    expect(rows).toEqual([{ year: 2026, months: months({ 9: 'found' }) }]);
  });
});
