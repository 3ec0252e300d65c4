// The overview drawn on the map (ADR 0026): the tiles' cells and lone pins, near ones merged into bubbles. Loaded
// when the map first draws an overview, not with the main screen: the clustering library is not needed before the
// first base-map tile (ADR 0067).
import L from 'leaflet';
import Supercluster from 'supercluster';
import { MAP_TILE_ZOOM_MAX } from '../../../common/limits.ts';
import type { MapTile } from '../../../common/schemas/map-tiles.ts';
import { CLUSTER_SPACING, clusterIcon, spotIcon } from './marker-icons.ts';
import { waitingLine } from './popup-builder.ts';
import { SpotDetails } from './spot-details.ts';

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
    marker.bindPopup(new SpotDetails(marker).setContent(() => waitingLine(labels.loading)));
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
