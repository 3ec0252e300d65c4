import { describe, expect, it } from 'vitest';
import { DOUBLE_MIN_NORMAL, finiteDouble } from './numbers.ts';

describe('finiteDouble', () => {
  const schema = finiteDouble();

  it('refuses the subnormal doubles, which PostgreSQL underflows on', () => {
    for (const value of [5e-324, -5e-324, 1e-310, -1e-310, DOUBLE_MIN_NORMAL / 2, DOUBLE_MIN_NORMAL - 5e-324])
      expect(schema.safeParse(value).success, String(value)).toBe(false);
  });

  it('takes zero, the smallest normal double and everything beyond it', () => {
    for (const value of [0, -0, DOUBLE_MIN_NORMAL, -DOUBLE_MIN_NORMAL, 1e-300, 54.6872, -1e308])
      expect(schema.safeParse(value).success, String(value)).toBe(true);
  });

  it('refuses what is not finite, and keeps the range chained after it', () => {
    for (const value of [Infinity, -Infinity, NaN]) expect(schema.safeParse(value).success).toBe(false);
    const latitude = finiteDouble().min(-90).max(90);
    expect(latitude.safeParse(90.0000001).success).toBe(false);
    expect(latitude.safeParse(1e-310).success).toBe(false);
    expect(latitude.safeParse(-90).success).toBe(true);
  });
});
