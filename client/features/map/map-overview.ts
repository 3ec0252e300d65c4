// The map's overview (ADR 0034): what the server counts per tile (/api/v1/map/tiles, ADR 0026), and how many spots
// are in the view, exactly (/api/v1/map/count, ADR 0062), asked for every view. Where the view holds more spots
// than the operator's MAP_OVERVIEW_FROM, the map draws these counted cells — true numbers, at a cost that does not
// grow with the spots that exist — instead of asking for the spots themselves. Where it holds fewer, the spots are
// loaded whole as before (popups, edits, the device's copy for no signal). A view inside an area whose spots are all
// loaded asks nothing: it is counted from them.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MapCount, MapTile, MapTileKey } from '../../../common/schemas/map-tiles.ts';
import { api } from '../../lib/api-client.ts';
import { spotKeys } from '../../domain/spots/spot-keys.ts';
import { areaHolds, boundsOf, countInView, tilesForView, viewBox, type Bounds } from './overview-tiles.ts';
import type { BBox } from '../../../common/schemas/spots.ts';

/** With signal but no answer, the map gives up on the overview and loads spots (or the device's copy). */
const TILE_TIMEOUT_MS = 10_000;

export type MapOverview = {
  /** The view's tiles, all loaded; null while any is loading, or when they cannot be had. */
  tiles: MapTile[] | null;
  /** The tiles to draw: the view's once loaded, the last view's until then. */
  drawn: MapTile[] | null;
  /** The spots the caller may see in the view, exactly, as the server counts them; null until this view's count is in. */
  inView: number | null;
  /** The count to show: this view's, or the last view's while it is asked for. */
  counted: number | null;
  /** The tiles or the count could not be loaded (no signal, an error): the map loads spots instead. */
  failed: boolean;
  bounds: Bounds | null;
};

/** Every spot the caller may see in `area` under the filter `filterKey`, as the server sent them (none cut off). */
export type LoadedArea = { area: BBox; filterKey: string; spots: readonly { latitude: number; longitude: number }[] };

/**
 * Asks for the tiles and the count of the current view, kept by react-query and revalidated by ETag — unless the view
 * lies inside `loaded` and holds at most `loadedUpTo` of its spots: then its count is theirs, and nothing is asked (a
 * small pan among the spots). More than that, and the map is about to turn to the overview, which the server counts.
 */
export function useMapOverview(
  map: L.Map | null,
  filterKey: string,
  enabled: boolean,
  loaded: LoadedArea | null = null,
  loadedUpTo = -1,
): MapOverview {
  const [view, setView] = useState<{ tiles: MapTileKey[]; bounds: Bounds } | null>(null);
  useEffect(
    function followTheView() {
      if (!map) return;
      const update = () => {
        const bounds = boundsOf(map.getBounds());
        setView({ tiles: tilesForView(bounds, map.getZoom()), bounds });
      };
      update();
      map.on('moveend', update);
      return () => {
        map.off('moveend', update);
      };
    },
    [map],
  );
  const query = filterKey ? `?${filterKey.slice(1)}` : '';
  const local =
    view && loaded && loaded.filterKey === filterKey && areaHolds(loaded.area, view.bounds)
      ? countInView(loaded.spots, view.bounds)
      : null;
  const counted = local !== null && local <= loadedUpTo ? local : null;
  const asking = enabled && counted === null;
  const { tiles, failed } = useQueries({
    queries: (asking && view ? view.tiles : []).map((tile) => ({
      queryKey: [...spotKeys.all, 'tile', tile.z, tile.x, tile.y, filterKey] as const,
      // The signal is handed on: a tile left behind by a pan is cancelled, and its work on the server with it.
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        // Not checked against MapTileSchema: the overview's first draw waits for these answers (as the bbox's).
        api<MapTile>(`/api/v1/map/tiles/${tile.z}/${tile.x}/${tile.y}${query}`, { signal, timeoutMs: TILE_TIMEOUT_MS }),
      staleTime: 30_000,
      retry: false,
      // With no signal the map falls back at once to the spots on the device, rather than wait for one.
      networkMode: 'always' as const,
    })),
    // Shared structurally by react-query: the same tiles are the same array from one render to the next.
    combine: (results) => ({
      tiles:
        results.length > 0 && results.every((result) => result.data !== undefined)
          ? results.map((result) => result.data!)
          : null,
      failed: results.some((result) => result.isError),
    }),
  });
  const bounds = view?.bounds ?? null;
  const box = bounds && viewBox(bounds);
  const count = useQuery({
    queryKey: [...spotKeys.all, 'count', box, filterKey],
    queryFn: ({ signal }) =>
      api<MapCount>(`/api/v1/map/count?bbox=${box}${filterKey}`, { signal, timeoutMs: TILE_TIMEOUT_MS }),
    enabled: asking && box !== null,
    staleTime: 30_000,
    retry: false,
    networkMode: 'always',
    // The last view's number stays in the header, beside a spinner, until this view's comes.
    placeholderData: keepPreviousData,
  });
  // What is drawn while the next view's tiles load: the last complete set, so bubbles never blink out on a pan.
  const [drawn, setDrawn] = useState<MapTile[] | null>(null);
  if (tiles && tiles !== drawn) setDrawn(tiles);
  const asked = count.data?.count ?? null;
  return {
    tiles,
    drawn: tiles ?? drawn,
    inView: counted ?? (count.isPlaceholderData ? null : asked),
    counted: counted ?? asked,
    failed: counted === null && (failed || count.isError),
    bounds,
  };
}
