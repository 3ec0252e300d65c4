// A spot's popup is built by spot-popup.ts, a chunk of its own that the map's first draw does not carry. It is
// fetched once the map has drawn (after-first-draw.ts), so a tap normally finds it there; a tap before that shows a
// line saying the spot is being read until it is.
import type L from 'leaflet';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import type { PopupLabels } from './spot-popup.ts';

type Builder = typeof import('./spot-popup.ts');
let loaded: Builder | undefined;

export const loadPopupBuilder = (): Promise<Builder> => import('./spot-popup.ts').then((module) => (loaded = module));

/** The popup's content for this pin's `marker`, at once if the builder is in, else a line replaced when it comes. */
export function popupContent(marker: L.Marker, spot: ShownSpot, labels: PopupLabels, waiting: string): HTMLElement {
  if (loaded) return loaded.buildSpotPopup(spot, labels);
  void loadPopupBuilder().then((builder) => {
    if (marker.isPopupOpen()) marker.setPopupContent(builder.buildSpotPopup(spot, labels));
  });
  return waitingLine(waiting);
}

export function waitingLine(text: string): HTMLElement {
  const line = document.createElement('p');
  line.className = 'spot-popup';
  line.setAttribute('role', 'status');
  line.textContent = text;
  return line;
}
