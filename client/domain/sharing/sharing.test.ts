import { createTranslator, type TFunction } from '../../i18n/translator.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import lt from '../../../locales/lt.json' with { type: 'json' };
import type { Circle } from '../../../common/schemas/circles.ts';
import { areaPrecision, circleNames, circlesText, sharedByText, sharingOf, type Sharing } from './sharing.ts';
import { indicativeSquare, narrows, sharingFields, sharingPatch, whoSeesText } from './sharing-choice.ts';

const FAMILY = '0b9e7c43-5a1d-4f4e-9d2a-4c1f6b8e2a10';
const CLUB = '6f1d2c3b-8e7a-4b5c-a9d8-1e2f3a4b5c6d';
const GONE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const circles: Circle[] = [
  { id: FAMILY, name: 'Šeima', role: 'owner', member_count: 4 },
  { id: CLUB, name: 'Vilniaus klubas', role: 'member', member_count: 120 },
];

let tEn: TFunction;
let tLt: TFunction;
beforeAll(() => {
  tEn = createTranslator({ language: 'en', words: { en } }).t;
  tLt = createTranslator({ language: 'lt', words: { en, lt } }).t;
});

const sentence = (choice: Pick<Sharing, 'audience' | 'precision'>, ids: string[], language: 'en' | 'lt') =>
  whoSeesText(choice, circleNames(ids, circles), language === 'en' ? tEn : tLt, language);

describe('the sentence that says who sees a spot', () => {
  it('in English', () => {
    expect(sentence({ audience: 'private', precision: '1km' }, [], 'en')).toBe('Only you can see this spot.');
    expect(sentence({ audience: 'public', precision: 'exact' }, [], 'en')).toBe(
      'Everyone signed in to this Foray will see its exact place.',
    );
    expect(sentence({ audience: 'circles', precision: 'exact' }, [FAMILY], 'en')).toBe(
      'Members of “Šeima” will see its exact place.',
    );
    expect(sentence({ audience: 'circles', precision: '1km' }, [FAMILY, CLUB], 'en')).toBe(
      'Members of “Šeima” and “Vilniaus klubas” will see it within about 1 km.',
    );
    expect(sentence({ audience: 'public', precision: '10km' }, [], 'en')).toBe(
      'Everyone signed in to this Foray will see it within about 10 km.',
    );
    // A circle whose name this device does not know (no signal when the list was asked for): counted.
    expect(sentence({ audience: 'circles', precision: 'exact' }, [FAMILY, GONE], 'en')).toBe(
      'Members of 2 circles will see its exact place.',
    );
  });

  it('in Lithuanian, the circles named in the genitive with their own names in quotes', () => {
    expect(sentence({ audience: 'private', precision: 'exact' }, [], 'lt')).toBe('Šią vietą matote tik jūs.');
    expect(sentence({ audience: 'public', precision: 'exact' }, [], 'lt')).toBe(
      'Visi prisijungę šio „Foray“ naudotojai matys tikslią jos vietą.',
    );
    expect(sentence({ audience: 'circles', precision: '1km' }, [FAMILY], 'lt')).toBe(
      'Ratelio „Šeima“ nariai matys ją maždaug 1 km tikslumu.',
    );
    expect(sentence({ audience: 'circles', precision: '10km' }, [CLUB, FAMILY], 'lt')).toBe(
      'Ratelių „Vilniaus klubas“ ir „Šeima“ nariai matys ją maždaug 10 km tikslumu.',
    );
    expect(sentence({ audience: 'circles', precision: 'exact' }, [GONE], 'lt')).toBe(
      '1 ratelio nariai matys tikslią jos vietą.',
    );
    expect(sentence({ audience: 'circles', precision: 'exact' }, [FAMILY, CLUB, GONE], 'lt')).toBe(
      '3 ratelių nariai matys tikslią jos vietą.',
    );
  });
});

describe('who shared another forager’s spot', () => {
  it('is named by their display name, or by a neutral word in each language when they chose none', () => {
    const spot = { is_public: false, audience: 'circles' as const, circle_ids: [FAMILY], precision: 'exact' as const };
    expect(sharedByText({ ...spot, owner_name: 'Ona' }, circles, tEn)).toBe('Shared by Ona · Šeima');
    expect(sharedByText({ ...spot, owner_name: null }, circles, tEn)).toBe('Shared by Unnamed forager · Šeima');
    expect(sharedByText({ is_public: true, owner_name: null }, circles, tLt)).toBe('Pasidalijo Grybautojas be vardo');
  });
});

describe('a spot’s sharing', () => {
  it('is read from the spot, or from is_public alone on a copy kept from before circles', () => {
    expect(sharingOf({ is_public: false, audience: 'circles', circle_ids: [CLUB], precision: '1km' })).toEqual({
      audience: 'circles',
      circle_ids: [CLUB],
      precision: '1km',
    });
    expect(sharingOf({ is_public: true })).toEqual({ audience: 'public', circle_ids: [], precision: 'exact' });
    expect(sharingOf({ is_public: false })).toEqual({ audience: 'private', circle_ids: [], precision: 'exact' });
  });

  it('is sent with is_public agreeing, and circles only for a circles audience', () => {
    expect(sharingFields({ audience: 'public', circle_ids: [CLUB], precision: '10km' })).toEqual({
      audience: 'public',
      circle_ids: [],
      is_public: true,
      precision: '10km',
    });
    expect(sharingFields({ audience: 'circles', circle_ids: [CLUB], precision: 'exact' })).toEqual({
      audience: 'circles',
      circle_ids: [CLUB],
      is_public: false,
      precision: 'exact',
    });
  });

  it('changes only what the forager changed', () => {
    const before: Sharing = { audience: 'circles', circle_ids: [FAMILY, CLUB], precision: 'exact' };
    expect(sharingPatch(before, { ...before, circle_ids: [CLUB, FAMILY] })).toEqual({});
    expect(sharingPatch(before, { ...before, precision: '1km' })).toEqual({ precision: '1km' });
    expect(sharingPatch(before, { ...before, circle_ids: [CLUB] })).toEqual({
      audience: 'circles',
      circle_ids: [CLUB],
      is_public: false,
    });
    // "Only me" keeps the precision for when the spot is shared again; its circles go.
    expect(sharingPatch(before, { audience: 'private', circle_ids: [FAMILY], precision: '10km' })).toEqual({
      audience: 'private',
      circle_ids: [],
      is_public: false,
    });
    expect(
      sharingPatch({ audience: 'private', circle_ids: [], precision: 'exact' }, { ...before, audience: 'public' }),
    ).toEqual({ audience: 'public', circle_ids: [], is_public: true });
  });

  it('knows when a change shows the spot to fewer people or less exactly (what was seen stays seen)', () => {
    const club: Sharing = { audience: 'circles', circle_ids: [FAMILY, CLUB], precision: '1km' };
    expect(narrows(club, { ...club, precision: '10km' })).toBe(true);
    expect(narrows(club, { ...club, precision: 'exact' })).toBe(false);
    expect(narrows(club, { ...club, circle_ids: [CLUB] })).toBe(true);
    expect(narrows(club, { ...club, circle_ids: [CLUB, FAMILY, GONE] })).toBe(false);
    expect(narrows(club, { ...club, audience: 'private' })).toBe(true);
    expect(narrows(club, { ...club, audience: 'public', circle_ids: [] })).toBe(false);
    expect(narrows({ ...club, audience: 'public', circle_ids: [] }, club)).toBe(true);
    expect(narrows({ audience: 'private', circle_ids: [], precision: 'exact' }, club)).toBe(false);
  });

  it('names its circles for a badge, counting those this device does not know', () => {
    expect(circlesText([FAMILY, CLUB], circles, tEn)).toBe('Šeima, Vilniaus klubas');
    expect(circlesText([CLUB, GONE], circles, tEn)).toBe('Vilniaus klubas +1');
    expect(circlesText([GONE], undefined, tEn)).toBe('1 circle');
    expect(circlesText([FAMILY, CLUB], undefined, tLt)).toBe('2 rateliai');
  });
});

describe('the squares of an approximate spot', () => {
  it('are about 1 km or 10 km on a side at any latitude', () => {
    const side = (square: [[number, number], [number, number]], latitude: number) => ({
      northSouth: (square[1][0] - square[0][0]) * 111.2,
      eastWest: (square[1][1] - square[0][1]) * 111.2 * Math.cos((latitude * Math.PI) / 180),
    });
    for (const latitude of [0, 54.7, 69]) {
      const small = side(indicativeSquare(latitude, 25.3, '1km'), latitude);
      expect(small.northSouth).toBeCloseTo(1, 0);
      expect(small.eastWest).toBeCloseTo(1, 0);
      const large = side(indicativeSquare(latitude, 25.3, '10km'), latitude);
      expect(large.northSouth).toBeCloseTo(10, 0);
      expect(large.eastWest).toBeCloseTo(10, 0);
    }
    // Around the spot, which stays inside.
    const [[south, west], [north, east]] = indicativeSquare(54.7, 25.3, '1km');
    expect(south < 54.7 && 54.7 < north && west < 25.3 && 25.3 < east).toBe(true);
  });

  it('tell their size from the spot’s precision, or from the area itself', () => {
    expect(areaPrecision({ precision: '10km', area: [25, 54, 25.1, 54.01] })).toBe('10km');
    expect(areaPrecision({ precision: 'exact', area: [25, 54, 25.15, 54.09] })).toBe('10km');
    expect(areaPrecision({ precision: 'exact', area: [25, 54, 25.015, 54.009] })).toBe('1km');
  });
});
