// Query keys for spots, shared by the map and the list so a save, share or delete refreshes both.
import type { BBox } from '../../common/schemas/locations.ts';

export const locationKeys = {
  all: ['locations'] as const,
  list: () => ['locations', 'list'] as const,
  inArea: (bbox: BBox) => ['locations', 'bbox', bbox.minLng, bbox.minLat, bbox.maxLng, bbox.maxLat] as const,
};
