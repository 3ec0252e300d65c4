// A spot's details (spot-popup.ts builds them), opened from its pin and kept open until the forager closes them. On a
// wide screen a Leaflet popup over the pin, panned into view again whenever it grows (its photo loads); on a phone a
// sheet over the lower part of the map, as map apps show a place, with the map still movable above it and the pin kept
// in sight. Still Leaflet's popup in both, so a pin opens, closes and reopens its details the same way.
import L from 'leaflet';
import './spot-details.css';
import { MARKER_SIZE } from './marker-icons.ts';

/**
 * Where the details are a sheet: below Tailwind's `sm` (every phone held upright), where a 280 px popup over its pin
 * leaves almost no map around it, and below 600 px of height (a phone on its side), where a popup with its photo
 * does not fit the map at all.
 */
export const SHEET_SCREEN = '(max-width: 639px), (max-height: 599px)';

/** The attribute of the map's element that holds the details' name while they have no title (map-view.tsx). */
export const DETAILS_NAME_ATTRIBUTE = 'data-details-name';

const SHEET_PANE = 'spotSheet';
/** The open sheet's height, on the map's element, for the controls at the map's bottom. */
const SHEET_HEIGHT = '--spot-sheet-height';
/** Room kept between the pin and the map's top edge or the sheet, for the pin's own height. */
const PIN_ROOM_PX = 48;
/** Leaflet's own padding, kept around a popup when it pans the map for it. */
const PAN_PADDING_PX = 5;
/** Under the popup's content: its margins (map.css), its tip, and the pin, which is kept in view too. */
const BELOW_CONTENT_PX = 2 * 13 + 20 + MARKER_SIZE;

/** What Leaflet's popup does inside, which the details change for the sheet. */
type PopupInside = {
  _map: L.Map | null;
  _container: HTMLElement | undefined;
  _contentNode: HTMLElement | undefined;
  _source: L.Layer | undefined;
  _initLayout(): void;
  _updateLayout(): void;
  _updatePosition(): void;
  _adjustPan(): void;
  _animateZoom(event: L.ZoomAnimEvent): void;
};
const leafletPopup = L.Popup.prototype as unknown as PopupInside;

let titles = 0;

export class SpotDetails extends L.Popup {
  private asSheet = false;
  private resized: ResizeObserver | null = null;
  private screen: MediaQueryList | null = null;

  constructor(source: L.Layer) {
    super(
      {
        minWidth: 200,
        maxWidth: 280,
        autoPanPaddingTopLeft: [PAN_PADDING_PX, PAN_PADDING_PX],
        // Leaflet pans for the popup alone: the pin under it is kept in view as well.
        autoPanPaddingBottomRight: [PAN_PADDING_PX, PAN_PADDING_PX + MARKER_SIZE],
      },
      source,
    );
    this.on('contentupdate', () => this.named());
  }

  private get inside(): PopupInside {
    return this as unknown as PopupInside;
  }

  override onAdd(map: L.Map): this {
    this.screen = window.matchMedia(SHEET_SCREEN);
    this.asSheet = this.screen.matches;
    // The phone turned, the window resized past the breakpoint: the details open again in the other form.
    this.screen.addEventListener('change', this.reopen);
    // The sheet lies on the map's element itself, not on the panes that move with the map.
    if (this.asSheet && !map.getPane(SHEET_PANE)) map.createPane(SHEET_PANE, map.getContainer());
    this.options.pane = this.asSheet ? SHEET_PANE : 'popupPane';
    this.options.autoPan = !this.asSheet;
    // Taller than the map, a popup could never be seen whole: it scrolls inside instead.
    this.options.maxHeight = this.asSheet
      ? undefined
      : Math.max(200, map.getSize().y - 2 * PAN_PADDING_PX - BELOW_CONTENT_PX);
    // Laid out as a sheet or a popup before Leaflet measures it and pans for it.
    if (!this.inside._container) this.inside._initLayout();
    const container = this.inside._container;
    if (!container) return super.onAdd(map);
    container.classList.toggle('spot-sheet', this.asSheet);
    // Opened as a popup before (the window was wider then): its place over the pin no longer holds.
    if (this.asSheet) Object.assign(container.style, { transform: '', left: '', bottom: '' });
    super.onAdd(map);
    container.setAttribute('role', 'dialog');
    // Escape closes them from inside, and from their pin or anywhere else on the map.
    map.getContainer().addEventListener('keydown', this.closeOnEscape);
    this.named();
    // A photo that loads, or the spot read afresh, makes the details taller: in view again, whole.
    const content = this.inside._contentNode;
    if (content && typeof ResizeObserver !== 'undefined') {
      this.resized = new ResizeObserver(() => this.refit());
      this.resized.observe(content);
    }
    if (this.asSheet) {
      container.tabIndex = -1;
      container.focus({ preventScroll: true });
    }
    return this;
  }

  override onRemove(map: L.Map): this {
    this.screen?.removeEventListener('change', this.reopen);
    this.screen = null;
    this.resized?.disconnect();
    this.resized = null;
    const container = this.inside._container;
    map.getContainer().removeEventListener('keydown', this.closeOnEscape);
    // Closed from inside (its button, Escape): the focus goes back to the pin, or to the map if the pin is gone.
    const hadFocus = container?.contains(document.activeElement) ?? false;
    map.getContainer().style.removeProperty(SHEET_HEIGHT);
    super.onRemove(map);
    if (hadFocus) {
      const pin = this.inside._source instanceof L.Marker ? this.inside._source.getElement() : undefined;
      (pin?.isConnected ? pin : map.getContainer()).focus({ preventScroll: true });
    }
    return this;
  }

  private readonly reopen = () => {
    const map = this.inside._map;
    if (!map) return;
    this.close();
    this.openOn(map);
  };

  private readonly closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    this.close();
  };

  /** Named by the spot's title once it is shown; until then by the words the map gives. */
  private named() {
    const container = this.inside._container;
    if (!container) return;
    const title = this.inside._contentNode?.querySelector('h3');
    if (title) {
      if (!title.id) title.id = `spot-details-title-${++titles}`;
      container.setAttribute('aria-labelledby', title.id);
      container.removeAttribute('aria-label');
    } else {
      container.removeAttribute('aria-labelledby');
      const name = this.inside._map?.getContainer().getAttribute(DETAILS_NAME_ATTRIBUTE);
      if (name) container.setAttribute('aria-label', name);
    }
  }

  private refit() {
    if (!this.inside._map) return;
    if (this.asSheet) this.keepPinAboveSheet();
    else this.update();
  }

  /** The pin in the part of the map the sheet leaves free, the map moved under it if it is not. */
  private keepPinAboveSheet() {
    const map = this.inside._map;
    const sheet = this.inside._container;
    const latlng = this.getLatLng();
    if (!map || !sheet || !latlng) return;
    const size = map.getSize();
    // The map's bottom controls (its credits) sit just above the sheet (spot-details.css).
    map.getContainer().style.setProperty(SHEET_HEIGHT, `${sheet.offsetHeight}px`);
    const free = size.y - sheet.offsetHeight;
    const pin = map.latLngToContainerPoint(latlng);
    const dx = pin.x < PIN_ROOM_PX || pin.x > size.x - PIN_ROOM_PX ? pin.x - size.x / 2 : 0;
    // Too little room above the sheet: the pin is kept just under the map's top.
    const target = Math.max(PIN_ROOM_PX, free / 2);
    const dy = pin.y < PIN_ROOM_PX || pin.y + MARKER_SIZE / 2 > free ? pin.y - target : 0;
    if (dx || dy) map.panBy([dx, dy]);
  }

  // Leaflet's layout, placing and panning for a popup over its pin; the sheet lays itself out (map.css).
  _updateLayout() {
    if (this.asSheet) {
      if (this.inside._contentNode) this.inside._contentNode.style.width = '';
    } else leafletPopup._updateLayout.call(this);
  }

  _updatePosition() {
    if (!this.asSheet) leafletPopup._updatePosition.call(this);
  }

  _animateZoom(event: L.ZoomAnimEvent) {
    if (!this.asSheet) leafletPopup._animateZoom.call(this, event);
  }

  _adjustPan() {
    if (!this.inside._map) return;
    if (this.asSheet) this.keepPinAboveSheet();
    else leafletPopup._adjustPan.call(this);
  }
}
