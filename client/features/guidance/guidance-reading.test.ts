import { describe, expect, it } from 'vitest';
import { readGuidance, worthAnnouncing } from './guidance-reading.ts';

const CAR = { latitude: 55.2, longitude: 23.9 };
// 0.002° of latitude south of the car: 222 m, the car due north.
const HERE = { latitude: 55.198, longitude: 23.9, accuracy: 8, timestamp: 1_000_000 };

describe('readGuidance', () => {
  it('gives distance, bearing and compass point', () => {
    const reading = readGuidance(HERE, CAR, null, HERE.timestamp);
    expect(reading.distance).toBeGreaterThan(220);
    expect(reading.distance).toBeLessThan(225);
    expect(reading.bearing).toBeCloseTo(0, 5);
    expect(reading.point).toBe('N');
    expect(reading.relative).toBeNull();
    expect(reading).toMatchObject({ stale: false, inaccurate: false, ageSeconds: 0 });
  });

  it('turns the direction by the heading', () => {
    expect(readGuidance(HERE, CAR, 90, HERE.timestamp).relative).toBeCloseTo(270, 5);
    expect(readGuidance(HERE, CAR, 300, HERE.timestamp).relative).toBeCloseTo(60, 5);
  });

  it('says a fix older than 30 s is stale, and one worse than 50 m inaccurate', () => {
    expect(readGuidance(HERE, CAR, null, HERE.timestamp + 30_000).stale).toBe(false);
    expect(readGuidance(HERE, CAR, null, HERE.timestamp + 31_000)).toMatchObject({ stale: true, ageSeconds: 31 });
    expect(readGuidance({ ...HERE, accuracy: 50 }, CAR, null, HERE.timestamp).inaccurate).toBe(false);
    expect(readGuidance({ ...HERE, accuracy: 51 }, CAR, null, HERE.timestamp).inaccurate).toBe(true);
  });
});

describe('worthAnnouncing', () => {
  it('speaks first, on a new compass point, and on a change of a tenth and at least 10 m', () => {
    expect(worthAnnouncing(null, { distance: 300, point: 'N' })).toBe(true);
    expect(worthAnnouncing({ distance: 300, point: 'N' }, { distance: 280, point: 'N' })).toBe(false);
    expect(worthAnnouncing({ distance: 300, point: 'N' }, { distance: 270, point: 'N' })).toBe(true);
    expect(worthAnnouncing({ distance: 300, point: 'N' }, { distance: 299, point: 'NE' })).toBe(true);
    expect(worthAnnouncing({ distance: 40, point: 'N' }, { distance: 35, point: 'N' })).toBe(false);
    expect(worthAnnouncing({ distance: 40, point: 'N' }, { distance: 30, point: 'N' })).toBe(true);
  });
});
