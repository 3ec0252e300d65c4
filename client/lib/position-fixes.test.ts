import { describe, expect, it } from 'vitest';
import { distanceMetres } from './geodesy.ts';
import { averageFixes, canUseFix, type Fix } from './position-fixes.ts';

// 0.0001° of latitude is 11.1 m.
const fix = (northM: number, accuracy: number, timestamp = 0): Fix => ({
  latitude: 55.2 + northM / 111_195,
  longitude: 23.9,
  accuracy,
  timestamp,
});

describe('averageFixes', () => {
  it('has nothing to average without a fix, and returns a single fix as it is', () => {
    expect(averageFixes([])).toBeNull();
    const single = averageFixes([fix(0, 12)])!;
    expect(single).toMatchObject({ accuracy: 12, count: 1 });
    expect(single.latitude).toBeCloseTo(55.2, 10);
    expect(single.longitude).toBeCloseTo(23.9, 10);
  });

  it('weights agreeing fixes by 1/accuracy²', () => {
    // 10 m apart, accuracies 10 m and 20 m: weights 4:1, so the mean lies 2 m from the better fix.
    const averaged = averageFixes([fix(0, 10), fix(10, 20)])!;
    expect(averaged.count).toBe(2);
    expect(distanceMetres(averaged, fix(0, 10))).toBeCloseTo(2, 1);
    // 1/√(1/100 + 1/400) = 8.94 m: better than either fix, not below half the best (5 m).
    expect(averaged.accuracy).toBeCloseTo(8.94, 2);
  });

  it('claims no better than half the best fix, however many fixes agree', () => {
    const many = Array.from({ length: 30 }, () => fix(0, 10));
    expect(averageFixes(many)!.accuracy).toBe(5);
  });

  it('leaves behind fixes from before the forager moved', () => {
    const averaged = averageFixes([fix(0, 8), fix(2, 8), fix(60, 8), fix(62, 8)])!;
    expect(averaged.count).toBe(2);
    expect(distanceMetres(averaged, fix(61, 8))).toBeLessThan(0.5);
  });
});

describe('canUseFix', () => {
  it('allows saving at 20 m or better, or after 15 s with whatever the phone has', () => {
    expect(canUseFix(null, 60_000)).toBe(false);
    expect(canUseFix({ latitude: 0, longitude: 0, accuracy: 20, count: 1 }, 0)).toBe(true);
    expect(canUseFix({ latitude: 0, longitude: 0, accuracy: 35, count: 3 }, 14_999)).toBe(false);
    expect(canUseFix({ latitude: 0, longitude: 0, accuracy: 35, count: 3 }, 15_000)).toBe(true);
  });
});
