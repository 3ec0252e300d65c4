// The spots' map's answer (ADR 0065): every spot the caller may see inside the area around the view, each only as
// much as drawing its pin takes. The popup loads the whole spot by id when it opens (GET /api/v1/locations/:id),
// or, with no signal, takes the device's copy.
//
//   GET /api/v1/map/pins?bbox=minLng,minLat,maxLng,maxLat   (+ limit, + the filter bar's query parameters)
import { z } from 'zod';
import { BBOX_LIMIT_MAX } from '../limits.ts';
import { BBoxSchema, fromNotAfterTo, PrecisionSchema, SpotTypeSchema, spotFilterFields } from './spots.ts';

export const MapPinsQuerySchema = z
  .strictObject({
    bbox: BBoxSchema,
    limit: z.coerce.number().int().min(1).max(BBOX_LIMIT_MAX).default(BBOX_LIMIT_MAX),
    ...spotFilterFields,
  })
  .refine(fromNotAfterTo, { message: 'from must not be after to', path: ['from'] });

/** A pin: where it is drawn, its icon and its name, nothing of what the popup shows. */
export const MapPinSchema = z.object({
  id: z.uuid(),
  type: SpotTypeSchema,
  /** The pin's name for screen readers and its tooltip. */
  mushroom_types: z.string(),
  /**
   * Where the pin is drawn, to 6 decimals (about 0.1 m: a fifth of a pixel at the closest zoom, and a third less to
   * download); the popup reads the spot's position whole. For someone else's approximate spot, the one point shown
   * inside `area` (ADR 0053), as everywhere.
   */
  latitude: z.number(),
  longitude: z.number(),
  /** As on the spot: null when placed by hand, and for someone else's approximate spot. */
  accuracy_m: z.number().nullable(),
  precision: PrecisionSchema,
  /** Someone else's approximate spot: its grid cell, [min_lng, min_lat, max_lng, max_lat]; else null. */
  area: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  is_owner: z.boolean(),
  /** The spot's version, as `Spot.version` gives it: a kept copy of an older one is not shown in its popup as current. */
  version: z.number().int(),
});
export type MapPin = z.infer<typeof MapPinSchema>;

export const MapPinsSchema = z.object({
  items: z.array(MapPinSchema),
  /** More spots than `limit` are in the box: the map shows the server's count and asks to zoom in. */
  truncated: z.boolean(),
});
export type MapPins = z.infer<typeof MapPinsSchema>;
