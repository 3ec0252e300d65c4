import { z } from 'zod';

/**
 * The smallest positive normal double (2^-1022). Between it and zero lie the subnormal doubles, 5e-324 the
 * smallest: JSON and zod take them, but PostgreSQL's double precision arithmetic underflows on them (the map's
 * cell triggers turn a latitude into radians), so a request carrying one would end in a 500.
 */
export const DOUBLE_MIN_NORMAL = 2 ** -1022;

export const SUBNORMAL_MESSAGE =
  'is too close to zero to store: send 0, or a number at least 2.2250738585072014e-308 either side of it';

/**
 * A number the API stores in a double precision column: finite, and not subnormal. Chain the field's own
 * range after it (`finiteDouble().min(-90).max(90)`).
 */
export const finiteDouble = () =>
  z
    .number()
    .finite()
    .refine((value) => value === 0 || Math.abs(value) >= DOUBLE_MIN_NORMAL, SUBNORMAL_MESSAGE);
