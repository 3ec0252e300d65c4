import { describe, expect, it } from 'vitest';
import { decideRange, ifRangeHolds, preconditionStatus } from './byte-ranges.ts';

const SIZE = 1000;

describe('decideRange', () => {
  it('sends exactly the asked bytes of one range: from–to, from to the end, the last N', () => {
    expect(decideRange('bytes=0-126', SIZE)).toEqual({ kind: 'range', start: 0, end: 126 });
    expect(decideRange('bytes=127-', SIZE)).toEqual({ kind: 'range', start: 127, end: 999 });
    expect(decideRange('bytes=-100', SIZE)).toEqual({ kind: 'range', start: 900, end: 999 });
    expect(decideRange('BYTES = 5-5', SIZE)).toEqual({ kind: 'range', start: 5, end: 5 });
  });

  it('cuts a range running past the end, and a suffix longer than the file, to the file', () => {
    expect(decideRange('bytes=990-5000', SIZE)).toEqual({ kind: 'range', start: 990, end: 999 });
    expect(decideRange('bytes=-5000', SIZE)).toEqual({ kind: 'range', start: 0, end: 999 });
    expect(decideRange('bytes=0-99999999999999999999999', SIZE)).toEqual({ kind: 'range', start: 0, end: 999 });
  });

  it('is unsatisfiable (416) when the range starts at or past the end, or asks for no bytes', () => {
    expect(decideRange('bytes=1000-', SIZE)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=999999999-', SIZE)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=-0', SIZE)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it cannot honour as one range: no header, garbage, other units, backwards, several ranges', () => {
    for (const header of [
      undefined,
      '',
      'garbage',
      'bytes',
      'bytes=',
      'bytes=-',
      'bytes=a-b',
      'bytes=5-1',
      'bytes=1.5-2',
      'items=0-5',
      'bytes=0-1,5-6',
      'bytes=0-1, -5',
    ]) {
      expect(decideRange(header, SIZE), String(header)).toEqual({ kind: 'ignore' });
    }
    // An empty list element is skipped, not a second range.
    expect(decideRange('bytes=0-1,', SIZE)).toEqual({ kind: 'range', start: 0, end: 1 });
  });
});

describe('preconditions', () => {
  const current = { etag: '"abc"', lastModified: new Date('2026-11-23T12:00:00.750Z') };

  it('answers 304 when If-None-Match names the file (weakly), or with * ', () => {
    expect(preconditionStatus({ 'if-none-match': '"abc"' }, current)).toBe(304);
    expect(preconditionStatus({ 'if-none-match': '"old", W/"abc"' }, current)).toBe(304);
    expect(preconditionStatus({ 'if-none-match': '*' }, current)).toBe(304);
    expect(preconditionStatus({ 'if-none-match': '"old"' }, current)).toBeNull();
  });

  it('uses If-Modified-Since only without If-None-Match, to the second', () => {
    expect(preconditionStatus({ 'if-modified-since': 'Mon, 23 Nov 2026 12:00:00 GMT' }, current)).toBe(304);
    expect(preconditionStatus({ 'if-modified-since': 'Mon, 23 Nov 2026 11:59:59 GMT' }, current)).toBeNull();
    expect(preconditionStatus({ 'if-modified-since': 'not a date' }, current)).toBeNull();
    expect(
      preconditionStatus({ 'if-none-match': '"old"', 'if-modified-since': 'Mon, 23 Nov 2026 12:00:00 GMT' }, current),
    ).toBeNull();
  });

  it('answers 412 when If-Match does not name the file strongly, or it changed after If-Unmodified-Since', () => {
    expect(preconditionStatus({ 'if-match': '"abc"' }, current)).toBeNull();
    expect(preconditionStatus({ 'if-match': '*' }, current)).toBeNull();
    expect(preconditionStatus({ 'if-match': 'W/"abc"' }, current)).toBe(412);
    expect(preconditionStatus({ 'if-match': '"old"' }, current)).toBe(412);
    expect(preconditionStatus({ 'if-unmodified-since': 'Mon, 23 Nov 2026 11:00:00 GMT' }, current)).toBe(412);
    expect(preconditionStatus({ 'if-unmodified-since': 'Mon, 23 Nov 2026 12:00:00 GMT' }, current)).toBeNull();
  });

  it('honours a Range under If-Range only for this file’s strong entity tag or exact date', () => {
    expect(ifRangeHolds({}, current)).toBe(true);
    expect(ifRangeHolds({ 'if-range': '"abc"' }, current)).toBe(true);
    expect(ifRangeHolds({ 'if-range': '"old"' }, current)).toBe(false);
    expect(ifRangeHolds({ 'if-range': 'W/"abc"' }, current)).toBe(false);
    expect(ifRangeHolds({ 'if-range': 'Mon, 23 Nov 2026 12:00:00 GMT' }, current)).toBe(true);
    expect(ifRangeHolds({ 'if-range': 'Mon, 23 Nov 2026 12:00:01 GMT' }, current)).toBe(false);
    expect(ifRangeHolds({ 'if-range': 'garbage' }, current)).toBe(false);
  });
});
