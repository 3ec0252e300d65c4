import { describe, expect, it } from 'vitest';
import { DUE_CASES, dueCaseDate, SEARCH_CASES, SHARING_CASES, type SharingCaseCircle } from './spot-filter.cases.ts';
import { audienceOf, FOLD_FROM, FOLD_TO, foldText, mayBeDue, searchTerms, spotMatcher } from './spot-filter.ts';

const spot = (fields: Partial<Parameters<ReturnType<typeof spotMatcher>>[0]> = {}) => ({
  id: '5d1b3c4e-2f6a-4b7c-8d9e-0a1b2c3d4e5f',
  type: 'mushroom_spot' as const,
  mushroom_types: 'Baravykai',
  notes: null,
  date_found: '2026-09-14',
  is_public: false,
  is_owner: true,
  photo_url: null,
  ...fields,
});

describe('species text on the phone', () => {
  it.each(SEARCH_CASES)(
    '$why: "$q" in "$mushroom_types" / "$notes" → $matches',
    ({ q, mushroom_types, notes, matches }) => {
      expect(spotMatcher({ q })(spot({ mushroom_types, notes }))).toBe(matches);
    },
  );

  it('folds every letter of the table to a small letter without its accent, and drops combining accents', () => {
    const letters = [...FOLD_FROM].filter((character) => !/\p{M}/u.test(character));
    expect(FOLD_TO.length).toBe(letters.length);
    for (const letter of letters) {
      const bare = letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace('ø', 'o').replace('ł', 'l');
      expect(foldText(letter), letter).toBe(bare === 'й' ? 'и' : bare);
    }
    expect(foldText('Šaltinis Ūmėdė')).toBe('saltinis umede');
  });

  it('drops one Lithuanian ending per word, keeping at least three letters', () => {
    expect(searchTerms('Baravykas baravykų voveraitės grybai kas')).toEqual(['baravyk', 'voverait', 'gryb', 'kas']);
    expect(searchTerms('kelmuose 2026')).toEqual(['kelm', '2026']);
  });
});

describe('the other filters on the phone', () => {
  it('type, found dates (inclusive), owner, visibility and photo', () => {
    const mine = spot({
      type: 'car_park',
      date_found: '2026-09-14',
      is_owner: true,
      is_public: false,
      photo_url: '/p',
    });
    expect(spotMatcher({ type: 'car_park' })(mine)).toBe(true);
    expect(spotMatcher({ type: 'mushroom_spot' })(mine)).toBe(false);
    expect(spotMatcher({ from: '2026-09-14', to: '2026-09-14' })(mine)).toBe(true);
    expect(spotMatcher({ from: '2026-09-15' })(mine)).toBe(false);
    expect(spotMatcher({ to: '2026-09-13' })(mine)).toBe(false);
    expect(spotMatcher({ owner: 'mine' })(mine)).toBe(true);
    expect(spotMatcher({ owner: 'others' })(mine)).toBe(false);
    expect(spotMatcher({ visibility: 'private' })(mine)).toBe(true);
    expect(spotMatcher({ visibility: 'public' })(mine)).toBe(false);
    expect(spotMatcher({ photo: 'with' })(mine)).toBe(true);
    expect(spotMatcher({ photo: 'without' })(mine)).toBe(false);
  });
});

describe('sharing filters on the phone', () => {
  const CIRCLE_IDS: Record<SharingCaseCircle, string> = {
    family: '0b9e7c43-5a1d-4f4e-9d2a-4c1f6b8e2a10',
    club: '6f1d2c3b-8e7a-4b5c-a9d8-1e2f3a4b5c6d',
  };

  it.each(SHARING_CASES)('$why', ({ spot: sharing, filter, matches }) => {
    const kept = spot({
      is_owner: sharing.owner === 'viewer',
      is_public: sharing.audience === 'public',
      circle_ids: sharing.circles.map((circle) => CIRCLE_IDS[circle]),
    });
    const { circle, ...rest } = filter;
    expect(spotMatcher({ ...rest, ...(circle ? { circle_id: CIRCLE_IDS[circle] } : {}) })(kept)).toBe(matches);
  });

  it('reads a spot kept by a Foray from before circles (no circle_ids) as its owner’s private or public spot', () => {
    expect(spotMatcher({ audience: 'private' })(spot())).toBe(true);
    expect(spotMatcher({ audience: 'circles' })(spot())).toBe(false);
    expect(spotMatcher({ circle_id: '0b9e7c43-5a1d-4f4e-9d2a-4c1f6b8e2a10' })(spot())).toBe(false);
    expect(spotMatcher({ audience: 'public' })(spot({ is_public: true }))).toBe(true);
  });

  it('gives another forager’s spot that is neither public nor shared no audience', () => {
    expect(audienceOf({ is_owner: false, is_public: false, circle_ids: [] })).toBeNull();
    expect(audienceOf({ is_owner: true, is_public: false })).toBe('private');
  });
});

describe('"due now" on the phone (the cases the server decides too)', () => {
  // Today as the server counts it, and days where the season's arithmetic has edges: across the new year, on
  // 29 February, on the day after it.
  const todays = [new Date().toISOString().slice(0, 10), '2027-01-05', '2026-12-30', '2028-02-29', '2027-03-01'];

  describe.each(todays)('today %s', (today) => {
    it.each(DUE_CASES)('$why → $due', ({ spot: sharing, visits, due }) => {
      const kept = spot({
        is_owner: sharing.owner === 'viewer',
        is_public: sharing.audience === 'public',
        circle_ids: sharing.circles.map(() => '0b9e7c43-5a1d-4f4e-9d2a-4c1f6b8e2a10'),
      });
      const dated = visits.map((visit) => ({ date: dueCaseDate(today, visit), outcome: visit.outcome }));
      const matches = spotMatcher({ due: 'now' }, { today, visitsOf: (id) => (id === kept.id ? dated : []) });
      expect(matches(kept)).toBe(due);
    });
  });

  it('takes the visits of the spot asked about, and combines with the other conditions', () => {
    const today = '2026-09-15';
    const visitsOf = (id: string) => (id === 'due' ? [{ date: '2025-09-10', outcome: 'found' as const }] : []);
    expect(spotMatcher({ due: 'now' }, { today, visitsOf })(spot({ id: 'due' }))).toBe(true);
    expect(spotMatcher({ due: 'now' }, { today, visitsOf })(spot({ id: 'other' }))).toBe(false);
    expect(spotMatcher({ due: 'now', type: 'car_park' }, { today, visitsOf })(spot({ id: 'due' }))).toBe(false);
  });

  it('without the device’s visits, keeps what an answer of the server chose, but never a spot with no visit', () => {
    const matches = spotMatcher({ due: 'now' });
    expect(matches(spot({ visits: { last: { date: '2026-09-01' } } }))).toBe(true);
    expect(matches(spot({ visits: { last: null } }))).toBe(false);
    expect(matches(spot())).toBe(false);
  });

  it('counts one’s own spots and others’ shared with one’s circles, never others’ public ones', () => {
    expect(mayBeDue({ is_owner: true, is_public: true })).toBe(true);
    expect(mayBeDue({ is_owner: false, is_public: false, circle_ids: ['c'] })).toBe(true);
    expect(mayBeDue({ is_owner: false, is_public: true, circle_ids: [] })).toBe(false);
    expect(mayBeDue({ is_owner: false, is_public: false, circle_ids: [] })).toBe(false);
  });
});
