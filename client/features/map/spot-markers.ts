// The Leaflet layers the spots' map draws (spots-layer.tsx): a pin with its accessible name and details
// (spot-details.ts), an approximate spot's square, the circle of a position's accuracy and a cluster's bubble.
import L from 'leaflet';
import type Supercluster from 'supercluster';
import type { ShownPin } from '../../domain/spots/spot-types.ts';
import { clusterIcon, spotIcon } from './marker-icons.ts';
import type { PopupLabels } from './spot-popup.ts';
import { popupContent, waitingLine } from './popup-builder.ts';
import { SpotDetails } from './spot-details.ts';
export type SpotPoint = { index: number };

/** Past this zoom every spot is its own pin, even when two share a clearing. */
export const CLUSTER_MAX_ZOOM = 16;

/** The words a pin, its popup and a cluster are drawn with. */
export type PinLabels = PopupLabels & {
  cluster: (count: number) => string;
  accuracyCircle: (metres: number) => string;
};

/** A pin's accessible name: "<type>: <names>", and whether it waits or is approximate. */
export function pinName(spot: ShownPin, labels: PinLabels): string {
  const title = spot.mushroom_types || labels.typeLabel(spot.type);
  const pending = spot.pending ? (spot.pending.status === 'failed' ? 'failed' : 'waiting') : null;
  const approximate = labels.approximate(spot);
  const state = [pending ? labels.pendingLabel(pending === 'failed') : null, approximate].filter(Boolean).join(', ');
  return `${labels.typeLabel(spot.type)}: ${title}${state ? ` (${state})` : ''}`;
}

export function spotMarker(
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
      new SpotDetails(marker).setContent(() => {
        const labels = labelsNow();
        return popupContent(marker, whole, labels, labels.loading);
      }),
    );
  } else {
    // The spot as last read, shown at once when the popup opens again while it is read afresh.
    let lastRead = shownBefore;
    marker.bindPopup(new SpotDetails(marker).setContent(() => lastRead ?? waitingLine(labelsNow().loading)));
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

export function clusterMarker(
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
