// Draws the spots of the visible area from their pins (ADR 0065). Pins are grouped with supercluster and drawn as
// plain Leaflet markers created here, not one React component each: ten thousand spots in view stay smooth. A pin's
// popup reads its spot by id when it opens, but a new spot's, which the device holds whole.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import L from 'leaflet';
import type Supercluster from 'supercluster';
import type { ShownPin } from '../../app/local-first/spot-types.ts';
import { CLUSTER_SPACING, clusterIcon, spotIcon } from './marker-icons.ts';
import { countInView } from './overview-tiles.ts';
import type { PopupLabels } from './spot-popup.ts';
import { popupContent, waitingLine } from './popup-builder.ts';
import { loadOnce } from '../../lib/load-once.ts';

type SpotPoint = { index: number };

type SpotsLayerProps = {
  spots: ShownPin[];
  labels: PopupLabels & { cluster: (count: number) => string; accuracyCircle: (metres: number) => string };
  /** The popup of a pin whose spot is on the server, read by id (popup-by-id.ts). */
  spotPopup: (id: string) => Promise<HTMLElement>;
  /** How many spots are inside the current view. */
  onVisibleCountChange: (count: number) => void;
};

type DrawnPin = { marker: L.Marker; drawnFrom: string; name: string };
type PinLabels = SpotsLayerProps['labels'];

/** Everything a pin and its popup are drawn from: the same text means the same pin. */
function pinSignature(spot: ShownPin): string {
  return JSON.stringify(spot);
}

/**
 * The clustering library, loaded when the map first draws spots rather than with the main screen (ADR 0067); kept
 * for every later draw. A failed load (no signal, an old cache) is tried again by the next layer that mounts.
 */
const clusterer = loadOnce(() => import('supercluster').then((module) => module.default));

/** Past this zoom every spot is its own pin, even when two share a clearing. */
const CLUSTER_MAX_ZOOM = 16;

export function SpotsLayer({ spots, labels, spotPopup, onVisibleCountChange }: SpotsLayerProps) {
  const map = useMap();
  const layerRef = useRef<L.LayerGroup | null>(null);
  // The newest popup reader for pins drawn earlier and kept: it knows whether the device is offline now, and what
  // waits in the outbox.
  const popupRef = useRef(spotPopup);
  // The newest words too, read when a popup or its circle is drawn: a pin is drawn again only when its own name
  // changes (another language), not whenever the words' object does (the circles list arriving, the outbox moving),
  // which would close and reopen an open popup under the forager's finger.
  const labelsRef = useRef(labels);
  useEffect(() => {
    popupRef.current = spotPopup;
    labelsRef.current = labels;
  });

  const [Clusterer, setClusterer] = useState(clusterer.now);
  useEffect(
    function loadTheClusterer() {
      if (Clusterer) return;
      let gone = false;
      clusterer
        .load()
        .then((loaded) => {
          if (!gone) setClusterer(() => loaded);
        })
        .catch(() => undefined);
      return () => {
        gone = true;
      };
    },
    [Clusterer],
  );

  const index = useMemo(() => {
    if (!Clusterer) return null;
    const cluster = new Clusterer<SpotPoint, SpotPoint>({ ...CLUSTER_SPACING, maxZoom: CLUSTER_MAX_ZOOM });
    cluster.load(
      spots.map((spot, i) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [spot.longitude, spot.latitude] },
        properties: { index: i },
      })),
    );
    return cluster;
  }, [spots, Clusterer]);

  // The pins drawn now, by spot id, with what each was drawn from. A redraw (a pan, a refetch, another
  // spot saved) keeps the pins whose spot did not change, so an open popup stays open and keeps its focus.
  const pinsRef = useRef(new Map<string, DrawnPin>());

  useEffect(
    function addLayerToMap() {
      const layer = L.layerGroup().addTo(map);
      const pins = pinsRef.current;
      layerRef.current = layer;
      return () => {
        layer.remove();
        pins.clear();
        layerRef.current = null;
      };
    },
    [map],
  );

  useEffect(
    function drawVisibleClusters() {
      if (!index) return;
      let clusters: L.Marker[] = [];
      const draw = () => {
        const layer = layerRef.current;
        if (!layer) return;
        const pins = pinsRef.current;
        const bounds = map.getBounds();
        const zoom = Math.round(map.getZoom());
        const bbox: [number, number, number, number] = [
          Math.max(-180, bounds.getWest()),
          Math.max(-90, bounds.getSouth()),
          Math.min(180, bounds.getEast()),
          Math.min(90, bounds.getNorth()),
        ];
        const features = index.getClusters(bbox, zoom);
        for (const cluster of clusters) layer.removeLayer(cluster);
        clusters = [];
        const wanted = new Set<string>();
        for (const feature of features) {
          const [lng, lat] = feature.geometry.coordinates as [number, number];
          const props = feature.properties;
          if ('cluster' in props && props.cluster) {
            const marker = clusterMarker(
              map,
              index,
              props.cluster_id,
              props.point_count,
              lat,
              lng,
              labels.cluster(props.point_count),
            );
            clusters.push(marker);
            layer.addLayer(marker);
          } else {
            const spot = spots[(props as SpotPoint).index];
            if (!spot) continue;
            wanted.add(spot.id);
            const drawnFrom = pinSignature(spot);
            const name = pinName(spot, labels);
            const drawn = pins.get(spot.id);
            if (drawn && drawn.drawnFrom === drawnFrom && drawn.name === name) continue;
            const reopen = drawn?.marker.isPopupOpen() ?? false;
            // What the open popup shows stays shown in the new one until the spot is read again: no "loading" flash,
            // and a button about to be tapped stays where it is.
            const shown = reopen ? drawn?.marker.getPopup()?.getContent() : undefined;
            if (drawn) layer.removeLayer(drawn.marker);
            const marker = spotMarker(
              map,
              spot,
              name,
              () => labelsRef.current,
              (id) => popupRef.current(id),
              shown instanceof HTMLElement ? shown : undefined,
            );
            pins.set(spot.id, { marker, drawnFrom, name });
            layer.addLayer(marker);
            // The spot changed under its open popup (a visit recorded, an edit synced): show the new one.
            if (reopen) marker.openPopup();
          }
        }
        for (const [id, drawn] of pins) {
          if (wanted.has(id)) continue;
          layer.removeLayer(drawn.marker);
          pins.delete(id);
        }
        // Spot by spot, not by cluster: a cluster whose centre is in view may hold spots outside it (ADR 0062).
        onVisibleCountChange(countInView(spots, { west: bbox[0], south: bbox[1], east: bbox[2], north: bbox[3] }));
      };
      draw();
      map.on('moveend', draw);
      return () => {
        map.off('moveend', draw);
        for (const cluster of clusters) layerRef.current?.removeLayer(cluster);
      };
    },
    [map, index, spots, labels, onVisibleCountChange],
  );

  return null;
}

/** A pin's accessible name: "<type>: <names>", and whether it waits or is approximate. */
function pinName(spot: ShownPin, labels: PinLabels): string {
  const title = spot.mushroom_types || labels.typeLabel(spot.type);
  const pending = spot.pending ? (spot.pending.status === 'failed' ? 'failed' : 'waiting') : null;
  const approximate = labels.approximate(spot);
  const state = [pending ? labels.pendingLabel(pending === 'failed') : null, approximate].filter(Boolean).join(', ');
  return `${labels.typeLabel(spot.type)}: ${title}${state ? ` (${state})` : ''}`;
}

function spotMarker(
  map: L.Map,
  spot: ShownPin,
  name: string,
  labelsNow: () => PinLabels,
  spotPopup: (id: string) => Promise<HTMLElement>,
  shownBefore?: HTMLElement,
): L.Marker {
  const pending = spot.pending ? (spot.pending.status === 'failed' ? 'failed' : 'waiting') : null;
  const marker = L.marker([spot.latitude, spot.longitude], {
    // Another's approximate spot (its area given, ADR 0053) has the approximate pin.
    icon: spotIcon(spot.type, pending, Boolean(spot.area)),
    title: name,
    keyboard: true,
    riseOnHover: true,
  });
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', name));
  if (spot.area) {
    // Another forager's spot shared approximately (ADR 0053): the pin is only the point shown to the viewer; the
    // spot is somewhere in this light square, drawn with the pin (not under a group's bubble).
    const [west, south, east, north] = spot.area;
    const square = approximateSquare([
      [south, west],
      [north, east],
    ]);
    marker.on('add', () => square.addTo(map));
    marker.on('remove', () => square.remove());
  }
  // Built when opened: a popup per pin up front would cost time and memory for thousands of pins.
  const whole = spot.spot;
  if (whole) {
    marker.bindPopup(
      () => {
        const labels = labelsNow();
        return popupContent(marker, whole, labels, labels.loading);
      },
      { minWidth: 200, maxWidth: 280 },
    );
  } else {
    // The spot as last read, shown at once when the popup opens again while it is read afresh.
    let lastRead = shownBefore;
    marker.bindPopup(() => lastRead ?? waitingLine(labelsNow().loading), { minWidth: 200, maxWidth: 280 });
    marker.on('popupopen', () => {
      void spotPopup(spot.id).then((content) => {
        lastRead = content;
        if (marker.isPopupOpen()) marker.setPopupContent(content);
      });
    });
  }
  const { accuracy_m: accuracy } = spot;
  if (accuracy !== null) {
    // The circle the spot may really be in, while its popup is open: one per pin always would bury the map.
    let circle: L.Circle | null = null;
    marker.on('popupopen', () => {
      circle?.remove();
      circle = accuracyCircle(
        [spot.latitude, spot.longitude],
        accuracy,
        labelsNow().accuracyCircle(Math.round(accuracy)),
      ).addTo(map);
    });
    marker.on('popupclose remove', () => {
      circle?.remove();
      circle = null;
    });
  }
  return marker;
}

/** The square an approximate spot is in: light, under the pins, no target for taps (the pin has the popup). */
function approximateSquare(bounds: L.LatLngBoundsExpression): L.Rectangle {
  return L.rectangle(bounds, {
    interactive: false,
    color: '#57534e',
    weight: 1,
    dashArray: '4 4',
    fillColor: '#a8a29e',
    fillOpacity: 0.12,
  });
}

/** A circle of `metres` around a point, named for screen readers: what the spot's "± N m" means on the map. */
export function accuracyCircle(center: L.LatLngExpression, metres: number, label: string): L.Circle {
  const circle = L.circle(center, {
    radius: metres,
    interactive: false,
    color: '#2563eb',
    weight: 1,
    fillOpacity: 0.12,
  });
  circle.on('add', () => {
    const path = circle.getElement();
    path?.setAttribute('role', 'img');
    path?.setAttribute('aria-label', label);
  });
  return circle;
}

function clusterMarker(
  map: L.Map,
  index: Supercluster<SpotPoint, SpotPoint>,
  clusterId: number,
  count: number,
  lat: number,
  lng: number,
  label: string,
): L.Marker {
  const marker = L.marker([lat, lng], { icon: clusterIcon(count), title: label, keyboard: true });
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
  const expand = () => {
    const zoom = Math.min(index.getClusterExpansionZoom(clusterId), CLUSTER_MAX_ZOOM + 1);
    map.flyTo([lat, lng], zoom);
  };
  marker.on('click', expand);
  // The icon is a focusable role=button: Enter and Space open it up, as they would a button. (Leaflet does
  // this for markers with a popup only.)
  marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
    if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') {
      event.originalEvent.preventDefault();
      expand();
    }
  });
  return marker;
}
