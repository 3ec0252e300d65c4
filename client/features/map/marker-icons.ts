// Foray's own map markers, drawn as SVG in divIcons: Leaflet's default marker images break under a
// bundler, and our two spot kinds need to be told apart at a glance (green mushroom, blue P).
import L from 'leaflet';
import type { SpotType } from '../../../common/schemas/spots.ts';

export const MARKER_SIZE = 40;

const MUSHROOM_SVG = `<svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
  <circle cx="20" cy="20" r="18" fill="#15803d" stroke="#fff" stroke-width="3"/>
  <path d="M9 20c0-6.6 5-11 11-11s11 4.4 11 11c0 1-.7 1.5-1.6 1.5H10.6C9.7 21.5 9 21 9 20z" fill="#fff"/>
  <path d="M16.5 21.5h7l1 7.5c.2 1.2-.7 2-1.9 2h-5.2c-1.2 0-2.1-.8-1.9-2z" fill="#dcfce7"/>
</svg>`;

const CAR_PARK_SVG = `<svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
  <rect x="2" y="2" width="36" height="36" rx="8" fill="#1d4ed8" stroke="#fff" stroke-width="3"/>
  <path d="M15 29V11h6.5a5.5 5.5 0 0 1 0 11H15" fill="none" stroke="#fff" stroke-width="3.5" stroke-linejoin="round"/>
</svg>`;

const spotIcons: Record<SpotType, L.DivIcon> = {
  mushroom_spot: L.divIcon({
    className: 'foray-marker',
    html: MUSHROOM_SVG,
    iconSize: [MARKER_SIZE, MARKER_SIZE],
    iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
    popupAnchor: [0, -MARKER_SIZE / 2],
  }),
  car_park: L.divIcon({
    className: 'foray-marker',
    html: CAR_PARK_SVG,
    iconSize: [MARKER_SIZE, MARKER_SIZE],
    iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
    popupAnchor: [0, -MARKER_SIZE / 2],
  }),
};

/** A pin still on the device: dashed ring and an upload badge (red when the server refused it). Or approximate. */
const pendingIcons = new Map<string, L.DivIcon>();

/**
 * `approximate`: another forager's spot shared approximately (ADR 0053), whose pin is only the point shown: paler,
 * with a dotted ring, beside the square it is in.
 */
export function spotIcon(type: SpotType, pending: 'waiting' | 'failed' | null = null, approximate = false): L.DivIcon {
  const icon = spotIcons[type] ?? spotIcons.mushroom_spot;
  if (!pending && !approximate) return icon;
  const key = `${type}:${pending}:${approximate}`;
  let variant = pendingIcons.get(key);
  if (!variant) {
    const badge = pending
      ? `<span class="upload-badge" aria-hidden="true">${pending === 'failed' ? '!' : '↑'}</span>`
      : '';
    const classes = ['foray-marker'];
    if (pending) classes.push('foray-pending', `foray-pending-${pending}`);
    if (approximate) classes.push('foray-approximate');
    variant = L.divIcon({
      ...icon.options,
      className: classes.join(' '),
      html: `${icon.options.html as string}${badge}`,
    });
    pendingIcons.set(key, variant);
  }
  return variant;
}

/** A bubble with the number of spots it stands for; bigger for bigger groups. */
export function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 36 : count < 100 ? 42 : count < 1000 ? 50 : 58;
  const label = count < 1000 ? String(count) : `${Math.round(count / 100) / 10}k`;
  return L.divIcon({
    className: 'foray-cluster',
    html: `<span>${label}</span>`, // a number we formatted ourselves: safe to write as HTML
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** The clicked point, before it is saved: a red dashed ring that turns (unless motion is reduced). */
export const selectionIcon = L.divIcon({
  className: 'foray-selection',
  html: '<span></span>',
  iconSize: [MARKER_SIZE, MARKER_SIZE],
  iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
});

/** The user's own position after "locate me". */
export const userIcon = L.divIcon({
  className: 'foray-user',
  html: '<span></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});

/**
 * How near (screen pixels) two pins or bubbles may be before they are drawn as one bubble: more than the
 * widest bubble but the largest (58 px, for thousands), so no two overlap and each stays a whole tap target.
 * Supercluster measures its radius against a tile extent; Leaflet's tiles are 256 px.
 */
export const CLUSTER_SPACING = { radius: 56, extent: 256 } as const;
