import { describe, expect, it } from 'vitest';
import { directionsUrl, formatCoordinates, formatDate, formatStorageSize, todayLocal } from './format.ts';

describe('format', () => {
  it('gives today as the local calendar date', () => {
    expect(todayLocal(new Date(2026, 8, 3, 0, 30))).toBe('2026-09-03');
  });

  it('formats a stored date without shifting it across time zones', () => {
    expect(formatDate('2026-09-03', 'en', 'short')).toBe('Sep 3, 2026');
    expect(formatDate('2026-09-03', 'en', 'long')).toBe('September 3, 2026');
    expect(formatDate('2026-09-03', 'lt', 'long')).toBe('2026 m. rugsėjo 3 d.');
  });

  it('writes the short date with the month named in Lithuanian too, never all in digits', () => {
    expect(formatDate('2026-11-23', 'lt', 'short')).toBe('2026 m. lapkr. 23 d.');
    expect(formatDate('2026-01-05', 'lt', 'short')).toBe('2026 m. saus. 5 d.');
    expect(formatDate('2026-06-30', 'lt-LT', 'short')).toBe('2026 m. birž. 30 d.');
    expect(formatDate('2026-11-23', 'en', 'short')).toBe('Nov 23, 2026');
  });

  it('writes coordinates and the directions link with fixed decimals', () => {
    expect(formatCoordinates(55.1694, 23.8813, 6)).toBe('55.169400, 23.881300');
    expect(formatCoordinates(55.16944444, 23.88133333, 4)).toBe('55.1694, 23.8813');
    expect(directionsUrl(55.1694, 23.8813)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=55.169400,23.881300',
    );
  });
});

describe('stored bytes', () => {
  it('are said in megabytes below a gigabyte and in gigabytes from one, in the reader’s figures', () => {
    expect(formatStorageSize(312 * 1024 * 1024, 'en')).toBe('312 MB');
    expect(formatStorageSize(2048 * 1024 * 1024, 'en')).toBe('2 GB');
    expect(formatStorageSize(1.5 * 1024 * 1024 * 1024, 'lt')).toBe('1,5 GB');
    expect(formatStorageSize(0, 'en')).toBe('0 MB');
    expect(formatStorageSize(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
  });
});
