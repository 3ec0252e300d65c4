// The map's overview (ADR 0034): what the server counts per tile (/api/v1/map/tiles, ADR 0026), and how many spots
// are in the view, exactly (/api/v1/map/count, ADR 0062), asked for every view. Where the view holds more spots
// than the operator's MAP_OVERVIEW_FROM, the map draws these counted cells — true numbers, at a cost that does not
// grow with the spots that exist — instead of asking for the spots themselves. Where it holds fewer, the spots are
// loaded whole as before (popups, edits, the device's copy for no signal). A view inside an area whose spots are all
// loaded asks nothing: it is counted from them.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import L from 'leaflet';
import Supercluster from 'supercluster';
import { MAP_TILE_ZOOM_MAX } from '../../../common/limits.ts';
import type { MapCount, MapTile, MapTileKey } from '../../../common/schemas/map-tiles.ts';
import { api } from '../../lib/api-client.ts';
import { spotKeys } from '../../app/spot-keys.ts';
import { CLUSTER_SPACING, clusterIcon, spotIcon } from './marker-icons.ts';
import { waitingLine } from './popup-builder.ts';
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

export type OverviewLabels = {
  cluster: (count: number) => string;
  /** A lone spot in the overview: its type, that a tap opens it, and whether it is only its shown point (ADR 0053). */
  pin: (type: MapTile['markers'][number]['type'], approximate: '1km' | '10km' | null) => string;
  /** What the popup of a lone pin says while the spot is read. */
  loading: string;
  /**
   * The popup of the spot with this id, read when it is opened (the tiles' markers are lean: ADR 0026) —
   * the same popup as a pin of the spots' map, or a line saying why it cannot be shown.
   */
  spotPopup: (id: string) => Promise<HTMLElement>;
};

/** The lone pin whose popup is open: it opens again when the overview is redrawn (a pan, a refetch). */
export type OpenPin = { current: string | null };

type OverviewPoint = {
  count: number;
  type: MapTile['markers'][number]['type'] | null;
  id: string | null;
  /** Another forager's spot shared approximately: drawn at its shown point, as such. */
  approximate?: '1km' | '10km' | null;
};

/**
 * Draws the tiles' cells and lone spots for the map's zoom: near ones merged into numbered bubbles that add
 * up their true counts (a tile of few spots lists them one by one, and hundreds of pins would bury the map),
 * a lone spot as its pin. A tap or Enter on a bubble zooms in; on a pin, opens its popup, read by id.
 * Returns a function that removes them.
 */
export function drawOverview(
  map: L.Map,
  tiles: readonly MapTile[],
  labels: OverviewLabels,
  openPin: OpenPin = { current: null },
): () => void {
  const index = new Supercluster<OverviewPoint, { count: number }>({
    ...CLUSTER_SPACING,
    maxZoom: MAP_TILE_ZOOM_MAX,
    map: (point) => ({ count: point.count }),
    reduce: (sum, point) => {
      sum.count += point.count;
    },
  });
  const point = (latitude: number, longitude: number, properties: OverviewPoint) => ({
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates: [longitude, latitude] },
    properties,
  });
  index.load(
    tiles.flatMap((tile) => [
      ...tile.cells.map((cell) => point(cell.latitude, cell.longitude, { count: cell.count, type: null, id: null })),
      ...tile.markers.map((pin) =>
        point(pin.latitude, pin.longitude, {
          count: 1,
          type: pin.type,
          id: pin.id,
          // A server from before circles sends no precision.
          approximate: !pin.is_owner && (pin.precision === '1km' || pin.precision === '10km') ? pin.precision : null,
        }),
      ),
    ]),
  );
  const layer = L.layerGroup().addTo(map);
  const zoomTo = (marker: L.Marker, latitude: number, longitude: number, zoom: number) => {
    const go = () => map.flyTo([latitude, longitude], Math.min(zoom, map.getMaxZoom()));
    marker.on('click', go);
    marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
      if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') {
        event.originalEvent.preventDefault();
        go();
      }
    });
  };
  // Set while the overview is taken down, so the popup that closes with it stays the one to open again.
  let removing = false;
  const withPopup = (marker: L.Marker, id: string) => {
    // Leaflet opens it on a tap, and on Enter or Space (the icon is a focusable button).
    marker.bindPopup(() => waitingLine(labels.loading), { minWidth: 200, maxWidth: 280 });
    marker.on('popupopen', () => {
      openPin.current = id;
      void labels.spotPopup(id).then((content) => {
        if (marker.isPopupOpen()) marker.setPopupContent(content);
      });
    });
    marker.on('popupclose', () => {
      if (!removing && openPin.current === id) openPin.current = null;
    });
  };
  const zoom = Math.round(map.getZoom());
  let reopen: L.Marker | null = null;
  for (const feature of index.getClusters([-180, -90, 180, 90], zoom)) {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const properties = feature.properties;
    const lone = 'cluster' in properties ? null : properties;
    const type = lone?.type ?? null;
    const count = properties.count;
    const approximate = lone?.approximate ?? null;
    const label = type ? labels.pin(type, approximate) : labels.cluster(count);
    const marker = L.marker([latitude, longitude], {
      icon: type ? spotIcon(type, null, approximate !== null) : clusterIcon(count),
      title: label,
      keyboard: true,
    });
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
    if (lone?.id) {
      withPopup(marker, lone.id);
      if (lone.id === openPin.current) reopen = marker;
    } else {
      zoomTo(marker, latitude, longitude, zoom + 3);
    }
    layer.addLayer(marker);
  }
  reopen?.openPopup();
  return () => {
    removing = true;
    layer.remove();
  };
}
