// The query of the spots' list and of the map's reads of it: a box of the map, and the filter bar's conditions.
import { z } from 'zod';
import { BBOX_LIMIT_MAX, LIST_LIMIT_DEFAULT } from '../limits.ts';
import { AudienceSchema, CalendarDateSchema, SpotTypeSchema } from '../spot-field-types.ts';
import { storableText } from './text.ts';
import { FILTER_CHOICES, SEARCH_TEXT_MAX, type SpotFilterKey } from '../spot-filter.ts';
import { FRUITING_SEASON_DAYS } from '../fruiting-due.ts';

/** `minLng,minLat,maxLng,maxLat`, as Leaflet's `LatLngBounds.toBBoxString()` writes it. */
export const BBoxSchema = z.string().transform((value, ctx) => {
  const parts = value.split(',').map((part) => Number(part));
  const [minLng, minLat, maxLng, maxLat] = parts;
  if (
    parts.length !== 4 ||
    minLng === undefined ||
    minLat === undefined ||
    maxLng === undefined ||
    maxLat === undefined ||
    parts.some((part) => !Number.isFinite(part)) ||
    minLat < -90 ||
    maxLat > 90 ||
    minLat > maxLat ||
    minLng > maxLng ||
    minLng < -180 ||
    maxLng > 180
  ) {
    ctx.addIssue({ code: 'custom', message: 'bbox must be minLng,minLat,maxLng,maxLat within the world' });
    return z.NEVER;
  }
  return { minLng, minLat, maxLng, maxLat };
});
export type BBox = { minLng: number; minLat: number; maxLng: number; maxLat: number };

/** The filter bar's query parameters (common/spot-filter.ts, ADR 0020): every condition narrows, none widens what one may see. */
export const spotFilterFields = {
  owner: z
    .enum(FILTER_CHOICES.owner)
    .optional()
    .describe('mine: only your own spots; others: only other people’s (public, or shared with your circles)'),
  q: storableText(SEARCH_TEXT_MAX)
    .optional()
    .describe(
      'Species text: each word, case and accents ignored and a Lithuanian ending dropped ("baravykas" → "baravyk"), ' +
        'must occur in the mushroom types or the notes',
    ),
  type: SpotTypeSchema.optional(),
  from: CalendarDateSchema.optional().describe('Found on or after this date (YYYY-MM-DD)'),
  to: CalendarDateSchema.optional().describe('Found on or before this date (YYYY-MM-DD)'),
  audience: AudienceSchema.optional().describe(
    'private: your spots nobody else sees; circles: spots shared with circles (yours, and others’ shared with you); ' +
      'public: spots everyone sees',
  ),
  circle_id: z.uuid().optional().describe('Only spots shared with this circle of yours'),
  visibility: z
    .enum(FILTER_CHOICES.visibility)
    .optional()
    .describe(
      'Kept for older addresses. private: your own spots that are not public (shared with circles or not); public: spots everyone sees',
    ),
  photo: z.enum(FILTER_CHOICES.photo).optional().describe('Only spots with a photo, or only those without'),
  visited: z.enum(FILTER_CHOICES.visited).optional().describe('Only spots with a visit recorded this year (UTC)'),
  due: z
    .enum(FILTER_CHOICES.due)
    .optional()
    .describe(
      'Only spots due now, as GET /api/v1/fruiting/due lists them: your own and others’ shared with your circles (not ' +
        `others’ public ones), with a find in an earlier year within ${FRUITING_SEASON_DAYS} days of today’s day of the year (UTC)`,
    ),
} satisfies Record<SpotFilterKey, z.ZodType>;
export const fromNotAfterTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;

/** The list's query: `limit` may reach BBOX_LIMIT_MAX with a bbox (the map clusters); the route allows LIST_LIMIT_MAX without. */
export const ListSpotsQuerySchema = z
  .strictObject({
    limit: z.coerce.number().int().min(1).max(BBOX_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
    cursor: z.string().max(200).optional(),
    bbox: BBoxSchema.optional(),
    ...spotFilterFields,
  })
  .refine(fromNotAfterTo, { message: 'from must not be after to', path: ['from'] });

/** The filter bar alone, for routes that take it without paging (the map's tiles). */
export const SpotFilterQuerySchema = z
  .strictObject(spotFilterFields)
  .refine(fromNotAfterTo, { message: 'from must not be after to', path: ['from'] });
