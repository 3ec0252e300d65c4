// Query keys for spots, shared by the map and the list so a save, share or delete refreshes both.
import type { BBox } from '../../../common/schemas/spots.ts';

export const spotKeys = {
  all: ['spots'] as const,
  /** `filter` is the filter bar's query string (spot-filter-url.ts): each filter has its own pages. */
  list: (filter = '') => ['spots', 'list', filter] as const,
  /** The spots' map's pins of an area (ADR 0065); `inArea.prefix` names them all. */
  inArea: Object.assign(
    (bbox: BBox, filter = '') => ['spots', 'bbox', bbox.minLng, bbox.minLat, bbox.maxLng, bbox.maxLat, filter] as const,
    { prefix: ['spots', 'bbox'] as const },
  ),
};
