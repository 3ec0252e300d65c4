import { describe, expect, it } from 'vitest';
import type { MapRegion } from '../../../common/schemas/config.ts';
import {
  bytesStillNeeded,
  mayResume,
  partsOf,
  partsToFetch,
  regionStatus,
  slicesFor,
  type StoredRegion,
} from './region-plan.ts';

const server: MapRegion = { name: 'Lithuania', url: '/api/v1/map-region/region.pmtiles', bytes: 250, etag: '"v2"' };
const stored = (overrides: Partial<StoredRegion> = {}): StoredRegion => ({
  name: 'Lithuania',
  etag: '"v2"',
  bytes: 250,
  complete: true,
  saved_at: '2026-11-23T20:00:00.000Z',
  ...overrides,
});

describe('partsOf', () => {
  it('cuts the file into whole ranges that cover every byte once, the last one shorter', () => {
    expect(partsOf(250, 100)).toEqual([
      { index: 0, start: 0, end: 99 },
      { index: 1, start: 100, end: 199 },
      { index: 2, start: 200, end: 249 },
    ]);
    expect(partsOf(200, 100).at(-1)).toEqual({ index: 1, start: 100, end: 199 });
    expect(partsOf(1, 100)).toEqual([{ index: 0, start: 0, end: 0 }]);
  });

  it('has nothing to fetch for an empty or nonsensical size, and refuses a nonsensical part size', () => {
    expect(partsOf(0)).toEqual([]);
    expect(partsOf(-5)).toEqual([]);
    expect(partsOf(Number.NaN)).toEqual([]);
    expect(() => partsOf(10, 0)).toThrow(RangeError);
  });

  it('takes a few hundred megabytes in a dozen or so requests, far below the API limit of 1,200 a minute', () => {
    expect(partsOf(200 * 1024 * 1024).length).toBeLessThanOrEqual(13);
  });
});

describe('resuming', () => {
  it('fetches only the parts that are missing or short', () => {
    expect(partsToFetch(250, [100, 40], 100).map((part) => part.index)).toEqual([1, 2]);
    expect(partsToFetch(250, [100, 100, 50], 100)).toEqual([]);
    expect(partsToFetch(250, [], 100)).toHaveLength(3);
    // A part longer than it should be is not trusted either.
    expect(partsToFetch(250, [100, 100, 60], 100).map((part) => part.index)).toEqual([2]);
  });

  it('asks for free space only for what is still to come', () => {
    expect(bytesStillNeeded(250, [], 100)).toBe(250);
    expect(bytesStillNeeded(250, [100, 40], 100)).toBe(110);
    expect(bytesStillNeeded(250, [100, 100, 50], 100)).toBe(0);
  });

  it('continues an unfinished download of the same version only', () => {
    expect(mayResume(stored({ complete: false }), server)).toBe(true);
    // The operator replaced the file: the parts belong to another file and must not be mixed in.
    expect(mayResume(stored({ complete: false, etag: '"v1"' }), server)).toBe(false);
    expect(mayResume(stored({ complete: false, bytes: 240 }), server)).toBe(false);
    expect(mayResume(null, server)).toBe(false);
    expect(mayResume(stored(), server)).toBe(false);
  });
});

describe('regionStatus', () => {
  it('tells a current copy from one the server has replaced (an update to offer)', () => {
    expect(regionStatus(stored(), server)).toBe('current');
    expect(regionStatus(stored({ etag: '"v1"' }), server)).toBe('outdated');
    expect(regionStatus(null, server)).toBe('absent');
    expect(regionStatus(stored({ complete: false }), server)).toBe('partial');
    expect(regionStatus(stored({ complete: false, etag: '"v1"' }), server)).toBe('absent');
  });

  it('keeps a complete copy usable when the server no longer offers a region or cannot be asked', () => {
    expect(regionStatus(stored(), null)).toBe('current');
  });
});

describe('slicesFor', () => {
  const sizes = [100, 100, 50];
  it('reads within one part', () => {
    expect(slicesFor(10, 20, sizes)).toEqual([{ part: 0, start: 10, end: 30 }]);
    expect(slicesFor(200, 50, sizes)).toEqual([{ part: 2, start: 0, end: 50 }]);
  });

  it('joins a read across part boundaries in order', () => {
    expect(slicesFor(90, 120, sizes)).toEqual([
      { part: 0, start: 90, end: 100 },
      { part: 1, start: 0, end: 100 },
      { part: 2, start: 0, end: 10 },
    ]);
  });

  it('stops at the end of the file', () => {
    expect(slicesFor(240, 100, sizes)).toEqual([{ part: 2, start: 40, end: 50 }]);
    expect(slicesFor(400, 10, sizes)).toEqual([]);
  });
});
