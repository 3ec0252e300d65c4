import { describe, expect, it } from 'vitest';
import { spotMatcher, type FilterableSpot } from '../../../common/spot-filter.ts';

const spot = (last: string | null, overrides: Partial<FilterableSpot> = {}): FilterableSpot => ({
  id: '5d1b3c4e-2f6a-4b7c-8d9e-0a1b2c3d4e5f',
  type: 'mushroom_spot',
  mushroom_types: 'Baravykai',
  notes: null,
  date_found: '2020-09-01',
  is_public: false,
  is_owner: true,
  photo_url: null,
  visits: { last: last === null ? null : { date: last } },
  ...overrides,
});

describe('"visited this year" on the device (the same rule as the server)', () => {
  const year = new Date().getUTCFullYear();
  const matches = spotMatcher({ visited: 'this_year' });

  it('keeps a spot whose latest visit is this year, from 1 January', () => {
    expect(matches(spot(`${year}-01-01`))).toBe(true);
    expect(matches(spot(new Date().toISOString().slice(0, 10)))).toBe(true);
  });

  it('leaves out a spot last visited before this year, never visited, or kept without a summary', () => {
    expect(matches(spot(`${year - 1}-12-31`))).toBe(false);
    expect(matches(spot(null))).toBe(false);
    const { visits: _visits, ...older } = spot(null);
    expect(matches(older)).toBe(false);
  });

  it('combines with the species text', () => {
    const both = spotMatcher({ visited: 'this_year', q: 'baravykas' });
    expect(both(spot(`${year}-05-01`))).toBe(true);
    expect(both(spot(`${year}-05-01`, { mushroom_types: 'Voveraitės' }))).toBe(false);
  });
});
