// Which tiles of /api/v1/map/tiles a view needs, and what they count inside it (ADR 0034). No Leaflet here.
import { MAP_TILE_ZOOM_MAX } from '../../../common/limits.ts';
import type { MapTile, MapTileKey } from '../../../common/schemas/map-tiles.ts';

/** The web-Mercator limit: tiles end here. */
const MAX_LATITUDE = 85.0511287798;
export type Bounds = { west: number; south: number; east: number; north: number };

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

/** The spots the tiles count inside `bounds`: a cell counts where its spots' mean position lies. */
export function countInView(tiles: readonly MapTile[], bounds: Bounds): number {
  const inside = (latitude: number, longitude: number) =>
    latitude >= bounds.south && latitude <= bounds.north && longitude >= bounds.west && longitude <= bounds.east;
  let count = 0;
  for (const tile of tiles) {
    for (const cell of tile.cells) if (inside(cell.latitude, cell.longitude)) count += cell.count;
    for (const marker of tile.markers) if (inside(marker.latitude, marker.longitude)) count += 1;
  }
  return count;
}
