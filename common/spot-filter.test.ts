import { describe, expect, it } from 'vitest';
import { SEARCH_CASES } from './spot-filter.cases.ts';
import { FOLD_FROM, FOLD_TO, foldText, searchTerms, spotMatcher } from './spot-filter.ts';

const spot = (fields: Partial<Parameters<ReturnType<typeof spotMatcher>>[0]> = {}) => ({
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
