// What is fruiting now (issue #23, ADR 0059): the caller's spots that are due, and what others found nearby.
//
//   GET /api/v1/fruiting/due?lat=&lng=&radius_km=      one's own spots and those shared with one's circles
//   GET /api/v1/fruiting/nearby?lat=&lng=&radius_km=   counts per species and fixed ~10 km cell, never a spot
import { z } from 'zod';
import { VisitAmountSchema } from './visits.ts';
import { LatitudeSchema, LongitudeSchema, VisitOutcomeSchema } from './spots.ts';

/** The distances one may ask about, in km. */
export const FRUITING_RADII_KM = [10, 25, 50] as const;
export const FRUITING_RADIUS_DEFAULT_KM = 25;
/** A species is shown for a cell only when at least this many different foragers found it there in the window. */
export const NEARBY_FORAGERS_MIN = 3;
/** The window's days, ending yesterday (UTC): a fresh visit is never inside it. */
export const NEARBY_WINDOW_DAYS = 7;
/** How many foragers a cell reports: the largest of these not above the true number. */
export const NEARBY_FORAGER_FLOORS = [3, 5, 10, 25, 50, 100, 250, 500, 1000] as const;
/**
 * Whose finds count (ADR 0073): an account with its e-mail confirmed, made at least this many days before the window's
 * first day — a month of waiting for each extra account one person would make to reach the threshold alone.
 */
export const NEARBY_ACCOUNT_MIN_AGE_DAYS = 30;
/** …and with at least this many spots of its own (any kind, any sharing) recorded before the window's first day. */
export const NEARBY_ACCOUNT_MIN_SPOTS = 3;
/**
 * A species is shown by the spelling most of its counted foragers wrote, when at least this many wrote it; else by
 * its folded form (lower case, no accents), which all of them wrote up to case and accents. Never one forager's alone.
 */
export const NEARBY_SPELLING_FORAGERS_MIN = 2;

/** A number in a query string: written out (an empty value is not 0), then checked as the field's own schema. */
const queryNumber = <T extends z.ZodType<number, number>>(schema: T) =>
  z
    .string()
    .trim()
    .regex(/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/, 'Must be a number')
    .transform(Number)
    .pipe(schema);

const RadiusSchema = z
  .enum(['10', '25', '50'] satisfies `${(typeof FRUITING_RADII_KM)[number]}`[])
  .transform(Number)
  .describe(`How far to look, in km: one of ${FRUITING_RADII_KM.join(', ')}`);

export const NearbyQuerySchema = z.strictObject({
  lat: queryNumber(LatitudeSchema).describe('Where the caller is: latitude in degrees'),
  lng: queryNumber(LongitudeSchema).describe('Where the caller is: longitude in degrees'),
  radius_km: RadiusSchema.default(FRUITING_RADIUS_DEFAULT_KM),
});
export type NearbyQuery = z.output<typeof NearbyQuerySchema>;

export const DueQuerySchema = z
  .strictObject({
    lat: queryNumber(LatitudeSchema).optional().describe('Where the caller is, for distances: latitude in degrees'),
    lng: queryNumber(LongitudeSchema).optional().describe('Where the caller is, for distances: longitude in degrees'),
    radius_km: RadiusSchema.optional().describe('Only spots this near (needs lat and lng); all of them without it'),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: 'lat and lng go together',
    path: ['lat'],
  })
  .refine((query) => query.radius_km === undefined || query.lat !== undefined, {
    message: 'radius_km needs lat and lng',
    path: ['radius_km'],
  });
export type DueQuery = z.output<typeof DueQuerySchema>;

export const DueItemSchema = z.object({
  location_id: z.uuid(),
  mushroom_types: z.string(),
  /** Higher is more worth a trip now (ADR 0059): from 0 to 1. */
  score: z.number().min(0).max(1),
  /** The earlier years in which the spot gave within FRUITING_SEASON_DAYS (common/fruiting-due.ts) of today's day of the year, oldest first. */
  found_years: z.array(z.number().int()),
  /** The latest visit up to today, without its note. */
  last_visit: z
    .object({ date: z.string(), outcome: VisitOutcomeSchema, amount: VisitAmountSchema.nullable() })
    .nullable(),
  /** Metres from the position asked with (another's approximate spot: from its shown point); null without one. */
  distance_m: z.number().int().min(0).nullable(),
});
export type DueItem = z.infer<typeof DueItemSchema>;

export const DueListSchema = z.object({ items: z.array(DueItemSchema) });
export type DueList = z.infer<typeof DueListSchema>;

export const NearbyAreaSchema = z.object({
  /** The fixed grid cell, [min_lng, min_lat, max_lng, max_lat] in degrees: never anything finer. */
  cell: z.tuple([LongitudeSchema, LatitudeSchema, LongitudeSchema, LatitudeSchema]),
  /** A floor of how many different foragers found the species there (NEARBY_FORAGER_FLOORS): at least this many. */
  foragers_at_least: z.number().int().min(NEARBY_FORAGERS_MIN),
});

export const NearbySchema = z.object({
  /** The days counted, both included: they end yesterday (UTC). */
  window: z.object({ from: z.string(), to: z.string() }),
  items: z.array(
    z.object({
      /**
       * The species as most of its foragers wrote it (NEARBY_SPELLING_FORAGERS_MIN), else folded; grouped without
       * regard to case and accents.
       */
      species: z.string(),
      areas: z.array(NearbyAreaSchema),
    }),
  ),
});
export type Nearby = z.infer<typeof NearbySchema>;
