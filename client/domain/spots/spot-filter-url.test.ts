import { describe, expect, it } from 'vitest';
import { FILTER_CHOICES, FILTER_KEYS } from '../../../common/spot-filter-shape.ts';
import { SpotFilterQuerySchema } from '../../../common/schemas/spots.ts';
import { activeFilters, filterQuery, readFilter } from './spot-filter-url.ts';

describe('the filter in the page URL', () => {
  it('reads the filter bar’s parameters and leaves out what the server would refuse', () => {
    expect(
      readFilter(
        '?q=Baravykas%20%C5%A1ilas&type=car_park&from=2026-08-01&to=2026-09-30&owner=mine&visibility=private&photo=with',
      ),
    ).toEqual({
      q: 'Baravykas šilas',
      type: 'car_park',
      from: '2026-08-01',
      to: '2026-09-30',
      owner: 'mine',
      visibility: 'private',
      photo: 'with',
    });
    // A hand-edited address: unknown values and parameters are dropped, not sent to be refused.
    expect(
      readFilter(`?type=tree&from=yesterday&owner=all&photo=yes&visited=last_year&q=${'x'.repeat(101)}&verified=1`),
    ).toEqual({});
    expect(readFilter('?q=%20%20')).toEqual({});
  });

  it('reads who sees the spots and a circle, and keeps the older visibility', () => {
    const circle = '0b9e7c43-5a1d-4f4e-9d2a-4c1f6b8e2a10';
    expect(readFilter(`?owner=others&audience=circles`)).toEqual({ owner: 'others', audience: 'circles' });
    expect(readFilter(`?circle_id=${circle}&visibility=public`)).toEqual({ circle_id: circle, visibility: 'public' });
    expect(filterQuery(readFilter(`?circle_id=${circle}`))).toBe(`&circle_id=${circle}`);
    // Not a circle's id, nor an audience the API knows: left out.
    expect(readFilter('?circle_id=family&audience=friends')).toEqual({});
  });

  it('reads "due now", and nothing else under its name', () => {
    expect(readFilter('?due=now&visited=this_year')).toEqual({ due: 'now', visited: 'this_year' });
    expect(filterQuery(readFilter('?due=now'))).toBe('&due=now');
    expect(readFilter('?due=later')).toEqual({});
    expect(readFilter('?due=NOW')).toEqual({});
  });

  it('sends it to the API under the same names, encoded', () => {
    const filter = readFilter('?q=baravykai%20%26%20voveraites&type=mushroom_spot');
    expect(filterQuery(filter)).toBe('&q=baravykai%20%26%20voveraites&type=mushroom_spot');
    expect(filterQuery({})).toBe('');
    expect(activeFilters(filter)).toBe(2);
  });
});

describe('the page URL and the API take one filter', () => {
  it('keeps every value the API takes, under every parameter the API names', () => {
    expect([...FILTER_KEYS].sort()).toEqual(Object.keys(SpotFilterQuerySchema.shape).sort());
    for (const [key, choices] of Object.entries(FILTER_CHOICES)) {
      for (const choice of choices) {
        expect(readFilter(`?${key}=${choice}`), `${key}=${choice}`).toEqual({ [key]: choice });
        expect(SpotFilterQuerySchema.safeParse({ [key]: choice }).success, `${key}=${choice}`).toBe(true);
      }
      // A value the API refuses is left out of the page's filter.
      expect(SpotFilterQuerySchema.safeParse({ [key]: 'tree' }).success).toBe(false);
      expect(readFilter(`?${key}=tree`)).toEqual({});
    }
  });
});
