import { describe, expect, it } from 'vitest';
import { DateFoundSchema } from '../../common/schemas/spots.ts';
import { isAcceptableDateFound, latestDateFound, tidyDateInput } from './date-input.ts';

describe('date found', () => {
  const now = new Date('2026-11-23T20:00:00Z');

  it('accepts real dates from 1900-01-01 up to tomorrow (UTC), as the server does', () => {
    expect(latestDateFound(now)).toBe('2026-11-24');
    for (const date of ['1900-01-01', '1987-06-05', '2026-11-23', '2026-11-24'])
      expect(isAcceptableDateFound(date, now), date).toBe(true);
    for (const date of [
      '1899-12-31',
      '2026-11-25',
      '2027-01-01',
      '2026-02-30',
      '2026-13-01',
      '23/11/2026',
      '2026-1-5',
      '',
    ])
      expect(isAcceptableDateFound(date, now), date).toBe(false);
  });

  it("answers as the server's own schema does, today", () => {
    const today = new Date();
    for (const date of [
      '1899-12-31',
      '1900-01-01',
      '2026-02-30',
      '2026-13-01',
      '2026-1-5',
      '23/11/2026',
      '',
      latestDateFound(today),
      latestDateFound(new Date(today.getTime() + 86_400_000)),
    ])
      expect(isAcceptableDateFound(date, today), date).toBe(DateFoundSchema.safeParse(date).success);
  });

  it('puts the dashes in while digits are typed on a number pad', () => {
    expect(tidyDateInput('2026')).toBe('2026');
    expect(tidyDateInput('202611')).toBe('2026-11');
    expect(tidyDateInput('20261123')).toBe('2026-11-23');
    expect(tidyDateInput('2026-11-2')).toBe('2026-11-2');
    expect(tidyDateInput('2026 11 23')).toBe('2026-11-23');
    expect(tidyDateInput('202611239')).toBe('2026-11-23');
    // Anything else stays as typed, to be explained rather than silently rewritten.
    expect(tidyDateInput('Nov 23')).toBe('Nov 23');
    expect(tidyDateInput('23.11.2026')).toBe('23.11.2026');
    expect(tidyDateInput('11/23/2026')).toBe('11/23/2026');
  });
});
