// Which tiles of /api/v1/map/tiles a view needs (ADR 0034), the view as the count route takes it, and what the map's
// own spots count inside it (ADR 0062). No Leaflet here.
import { MAP_TILE_ZOOM_MAX } from '../../../common/limits.ts';
import type { MapTileKey } from '../../../common/schemas/map-tiles.ts';
import type { BBox } from '../../../common/schemas/spots.ts';

/** The web-Mercator limit: tiles end here. */
const MAX_LATITUDE = 85.0511287798;
export type Bounds = { west: number; south: number; east: number; north: number };

/** A Leaflet view's edges as plain numbers. */
export const boundsOf = (view: {
  getWest(): number;
  getSouth(): number;
  getEast(): number;
  getNorth(): number;
}): Bounds => ({
  west: view.getWest(),
  south: view.getSouth(),
  east: view.getEast(),
  north: view.getNorth(),
});

export function tileX(longitude: number, z: number): number {
  const n = 2 ** z;
  return Math.min(n - 1, Math.max(0, Math.floor(((longitude + 180) / 360) * n)));
}

export function tileY(latitude: number, z: number): number {
  const n = 2 ** z;
  const rad = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180;
  return Math.min(
    n - 1,
    Math.max(0, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)),
  );
}

/**
 * The tiles that cover a view: one zoom out from the map's, so a tile spans 512 px on screen and its 8 × 8
 * cells lie 64 px apart — bubbles that can be read and tapped. A phone's view takes about six.
 */
export function tilesForView(bounds: Bounds, mapZoom: number): MapTileKey[] {
  const z = Math.max(0, Math.min(MAP_TILE_ZOOM_MAX, Math.floor(mapZoom) - 1));
  const [x0, x1] = [tileX(Math.max(-180, bounds.west), z), tileX(Math.min(180, bounds.east), z)];
  const [y0, y1] = [tileY(bounds.north, z), tileY(bounds.south, z)];
  const tiles: MapTileKey[] = [];
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.push({ z, x, y });
  return tiles;
}

/**
 * The view as `GET /api/v1/map/count` takes it (ADR 0062): the numbers as they are, which the server reads back to the
 * same doubles, so a spot on the view's edge is inside there as here; held to the world where the map shows more
 * than one (Leaflet's latitudes never pass the poles).
 */
export const viewBox = (bounds: Bounds): string =>
  `${Math.max(-180, bounds.west)},${bounds.south},${Math.min(180, bounds.east)},${bounds.north}`;

/** How many of these spots lie inside the view, edges included: each where the map draws it, none by its cluster. */
export function countInView(spots: readonly { latitude: number; longitude: number }[], bounds: Bounds): number {
  let count = 0;
  for (const { latitude, longitude } of spots)
    if (latitude >= bounds.south && latitude <= bounds.north && longitude >= bounds.west && longitude <= bounds.east)
      count++;
  return count;
}

/** Whether the loaded `area` holds all of the view (the area asked for around it; spots-in-view.ts). */
export const areaHolds = (area: BBox, view: Bounds): boolean =>
  view.west >= area.minLng && view.east <= area.maxLng && view.south >= area.minLat && view.north <= area.maxLat;

/**
 * Whether `area` is one asked for this view: it holds the view and is at most the view and a quarter of it on every
 * side (spots-in-view.ts; the slack is the area's rounding). An area reported for an earlier, larger view is not.
 */
export const areaFits = (area: BBox, view: Bounds): boolean =>
  areaHolds(area, view) &&
  area.maxLng - area.minLng <= (view.east - view.west) * 1.5 + 1e-3 &&
  area.maxLat - area.minLat <= (view.north - view.south) * 1.5 + 1e-3;
