// The map's answer, one Web-Mercator tile at a time (issue #10): what the map draws, never whole spots.
//
//   GET /api/v1/map/tiles/:z/:x/:y   (+ the filter bar's query parameters, as for /api/v1/locations)
//
// A tile is keyed by z/x/y: the web app keeps its answers in memory, and a pan inside the tiles already loaded asks
// nothing. No browser cache keeps it (Cache-Control: private, no-store, ADR 0074); its ETag lets a client that keeps
// its own copy revalidate it. Where a tile holds few spots the answer lists them as lean
// markers; where it holds many it gives aggregates: the tile cut into a fixed grid of cells
// (2^MAP_CELL_SUBDIVISION a side), each with the true count of spots the caller may see in it, split by
// type, and a representative position (their mean). Counts are exact and follow the privacy rule: the caller's
// own spots and others' public ones, never anyone else's private spot.
import { z } from 'zod';
import {
  BBoxSchema,
  fromNotAfterTo,
  LatitudeSchema,
  LongitudeSchema,
  PrecisionSchema,
  spotFilterFields,
  SpotTypeSchema,
} from './spots.ts';

import { MAP_TILE_ZOOM_MAX } from '../limits.ts';

export { MAP_TILE_ZOOM_MAX };
/** A tile's cells are the tiles MAP_CELL_SUBDIVISION zooms deeper: 8 × 8 cells per tile. */
export const MAP_CELL_SUBDIVISION = 3;
/**
 * The cell levels whose public counts the server keeps up to date (ADR 0026; migration 0009 writes the same
 * list): a cell of any level up to the last is the sum of at most 8 × 8 kept cells, so tiles up to z 13 read them.
 */
export const MAP_KEPT_LEVELS = [7, 10, 13, 16] as const;
/** Up to this many spots in a tile are sent one by one; more become cells. */
export const MAP_MARKERS_MAX = 200;

export const MapTileParamsSchema = z
  .strictObject({
    z: z.coerce.number().int().min(0).max(MAP_TILE_ZOOM_MAX),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, {
    message: 'x and y must be below 2^z',
    path: ['x'],
  });
export type MapTileKey = { z: number; x: number; y: number };

/** Only what drawing a pin needs; the popup loads the spot by id (GET /api/v1/locations/:id) when opened. */
export const MapMarkerSchema = z.object({
  id: z.uuid(),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  type: SpotTypeSchema,
  is_owner: z.boolean(),
  is_public: z.boolean(),
  has_photos: z.boolean(),
  /** Not 'exact' for someone else's approximate spot: the position is then its shown point (ADR 0053). */
  precision: PrecisionSchema,
});
export type MapMarker = z.infer<typeof MapMarkerSchema>;

/** Many spots in one cell: their true count by type and their mean position. */
export const MapCellSchema = z.object({
  /** The cell as a tile at z + MAP_CELL_SUBDIVISION. */
  cx: z.number().int().min(0),
  cy: z.number().int().min(0),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  count: z.number().int().positive(),
  mushroom_spot: z.number().int().min(0),
  car_park: z.number().int().min(0),
});
export type MapCell = z.infer<typeof MapCellSchema>;

export const MapTileSchema = z.object({
  z: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  /** Every spot the caller may see in the tile (with the filter): the sum of the cells' counts and the markers. */
  total: z.number().int().min(0),
  cells: z.array(MapCellSchema),
  markers: z.array(MapMarkerSchema),
});
export type MapTile = z.infer<typeof MapTileSchema>;

/** `GET /api/v1/map/count`: the view, as `minLng,minLat,maxLng,maxLat`, and the filter bar's parameters. */
export const MapCountQuerySchema = z
  .strictObject({ bbox: BBoxSchema, ...spotFilterFields })
  .refine(fromNotAfterTo, { message: 'from must not be after to', path: ['from'] });

/** How many spots the caller may see inside the view, exactly (ADR 0062): what the map's header says. */
export const MapCountSchema = z.object({ count: z.number().int().min(0) });
export type MapCount = z.infer<typeof MapCountSchema>;
