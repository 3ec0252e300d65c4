import { describe, expect, it } from 'vitest';
import { compassPoint, distanceMetres, formatDistance, initialBearing, normaliseDegrees } from './geodesy.ts';

const VILNIUS_CATHEDRAL = { latitude: 54.68568, longitude: 25.28795 };
const KAUNAS_TOWN_HALL = { latitude: 54.89686, longitude: 23.88599 };
const LONDON = { latitude: 51.5074, longitude: -0.1278 };
const PARIS = { latitude: 48.8566, longitude: 2.3522 };

/** Within 1 % of the known value. */
const expectNear = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 0.01);

describe('distanceMetres', () => {
  it('matches known distances', () => {
    expectNear(distanceMetres(LONDON, PARIS), 343_560); // 343.56 km, the usual London–Paris great-circle figure
    expectNear(distanceMetres(VILNIUS_CATHEDRAL, KAUNAS_TOWN_HALL), 92_700);
    // One degree of latitude is ~111.2 km; one of longitude at 60° half that.
    expectNear(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }), 111_195);
    expectNear(distanceMetres({ latitude: 60, longitude: 10 }, { latitude: 60, longitude: 11 }), 55_597);
  });

  it('is right over a forager\u2019s few hundred metres, and zero at the same point', () => {
    // 0.001° of latitude is 111.2 m anywhere.
    expectNear(distanceMetres({ latitude: 55.2, longitude: 23.9 }, { latitude: 55.201, longitude: 23.9 }), 111.2);
    expect(distanceMetres(PARIS, PARIS)).toBe(0);
  });
});

describe('initialBearing', () => {
  it('matches known bearings', () => {
    expectNear(initialBearing(LONDON, PARIS), 148.1);
    expectNear(initialBearing(VILNIUS_CATHEDRAL, KAUNAS_TOWN_HALL), 284.6);
  });

  it('points along the axes', () => {
    const here = { latitude: 55.2, longitude: 23.9 };
    expect(initialBearing(here, { latitude: 55.3, longitude: 23.9 })).toBeCloseTo(0, 6);
    expect(initialBearing(here, { latitude: 55.1, longitude: 23.9 })).toBeCloseTo(180, 6);
    expectNear(initialBearing(here, { latitude: 55.2, longitude: 24 }), 90);
    expectNear(initialBearing(here, { latitude: 55.2, longitude: 23.8 }), 270);
  });
});

describe('compassPoint and normaliseDegrees', () => {
  it('names the nearest of eight points', () => {
    expect([0, 22, 23, 90, 135, 180, 225, 270, 315, 338, 359.9, -45].map(compassPoint)).toEqual([
      'N',
      'N',
      'NE',
      'E',
      'SE',
      'S',
      'SW',
      'W',
      'NW',
      'N',
      'N',
      'NW',
    ]);
  });

  it('folds angles into 0..360', () => {
    expect([-90, 360, 725, 0].map(normaliseDegrees)).toEqual([270, 0, 5, 0]);
  });
});

describe('formatDistance', () => {
  it('writes metres and kilometres in the language\u2019s way', () => {
    expect(formatDistance(7.4, 'en')).toBe('7 m');
    expect(formatDistance(342, 'en')).toBe('340 m');
    expect(formatDistance(996, 'en')).toBe('1.0 km');
    expect(formatDistance(1234, 'en')).toBe('1.2 km');
    expect(formatDistance(1234, 'lt')).toBe('1,2 km');
    expect(formatDistance(12_345, 'en')).toBe('12 km');
  });
});
