// The rules of a spot's single fields (common/spot-fields.ts lists them): each value's own schema, before any
// rule across fields. common/schemas/spots.ts re-exports them.
import { z } from 'zod';
import { AUDIENCES, SPOT_TYPES } from './spot-filter-shape.ts';
import { ACCURACY_MAX_M, CIRCLES_PER_USER_MAX, DATE_FOUND_MIN, latestDateFound } from './limits.ts';
import { finiteDouble } from './schemas/numbers.ts';

export const SpotTypeSchema = z.enum(SPOT_TYPES);
export type SpotType = z.infer<typeof SpotTypeSchema>;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Not a real calendar date');

/**
 * When the mushrooms were found: a real date from DATE_FOUND_MIN up to tomorrow. Foragers record the past;
 * year 0 or 9999 is a typo (and PostgreSQL's date type would refuse some of them with a 500).
 * YYYY-MM-DD strings of real dates compare in date order.
 */
export const DateFoundSchema = CalendarDateSchema.refine(
  (value) => value >= DATE_FOUND_MIN && value <= latestDateFound(),
  `Must be between ${DATE_FOUND_MIN} and tomorrow`,
);
/** Decimal degrees, as stored (double precision): within range, and no subnormal number (common/schemas/numbers.ts). */
export const LatitudeSchema = finiteDouble().min(-90).max(90);
export const LongitudeSchema = finiteDouble().min(-180).max(180);
/** How far off the position may be, in metres (the phone's own estimate, averaged): null when placed by hand. */
export const AccuracySchema = finiteDouble().positive().max(ACCURACY_MAX_M);

/**
 * Who sees a spot besides its owner (ADR 0053): nobody, the members of some of the owner's circles, or everyone.
 * `is_public` stays in the API as "everyone", so older clients and files keep working.
 */
export const AudienceSchema = z.enum(AUDIENCES);
export type Audience = z.infer<typeof AudienceSchema>;
/**
 * How exactly others see where the spot is: exactly, or a fixed grid cell of about 1 km or 10 km with one point in
 * it, chosen once for the spot and that cell (ADR 0053). The owner always sees the true position.
 */
export const PrecisionSchema = z.enum(['exact', '1km', '10km']);
export type Precision = z.infer<typeof PrecisionSchema>;
/** The circles a spot is shared with: the owner's own circles, each once. */
export const CircleIdsSchema = z
  .array(z.uuid())
  .max(CIRCLES_PER_USER_MAX)
  .refine((ids) => new Set(ids).size === ids.length, 'Each circle once');
