// The area the map shows, for features that act on it from elsewhere (the export's "the area on the map"). The map
// tab reports it as the map comes to rest; the shell keeps the last one and hands out a way to read it.
import { createContext, useContext } from 'react';
import type { BBox } from '../../../common/schemas/spots.ts';

/** Reads the area last shown on the map: null before the map has drawn. */
export const ShownAreaContext = createContext<(() => BBox | null) | null>(null);

/** The reader of the map's area, or null on a screen with no map. */
export function useShownArea(): (() => BBox | null) | null {
  return useContext(ShownAreaContext);
}
