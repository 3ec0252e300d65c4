// The Leaflet map: base layer, spots, the clicked point, the user's position and the locate button.
import 'leaflet/dist/leaflet.css';
import './map.css';
import { memo, startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { reportFirstDraw } from '../../lib/after-first-draw.ts';
import { MapContainer, Marker, TileLayer, Tooltip, useMap, useMapEvent } from 'react-leaflet';
import L from 'leaflet';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TileLayer as TileLayerConfig } from '../../../common/schemas/config.ts';
import type { BBox } from '../../../common/schemas/spots.ts';
import type { ShownPin } from '../../domain/spots/spot-types.ts';
import { LocateButton } from './locate-button.tsx';
import { selectionIcon, userIcon } from './marker-icons.ts';
import type { PopupLabels } from './spot-popup.ts';
import { AreaWatcher } from './spots-in-view.ts';
import { DETAILS_NAME_ATTRIBUTE } from './spot-details.ts';
import { accuracyCircle, SpotsLayer } from './spots-layer.tsx';

/** The base layer's first tiles are in: what was put off for them may go (after-first-draw.ts). */
const FIRST_DRAW = { load: reportFirstDraw };

/** Where the forager stands, and how far off that may be (metres). */
export type UserPosition = { latlng: L.LatLngTuple; accuracy: number };

export const DEFAULT_CENTER: L.LatLngTuple = [55.1694, 23.8813];
export const DEFAULT_ZOOM = 7;

/** Below Tailwind's `lg`: one column, the add form under the map. */
export const SMALL_SCREEN = '(max-width: 1023px)';
const MIN_MAP_HEIGHT_PX = 384; // h-96
/** The main area's bottom padding (py-4), kept under the hint line. */
const PAGE_BOTTOM_PADDING_PX = 16;

type MapViewProps = {
  map: L.Map | null;
  onMapReady: (map: L.Map) => void;
  baseLayer: TileLayerConfig | undefined;
  spots: ShownPin[];
  /** The popup of a pin whose spot is on the server, read by id. */
  spotPopup: (id: string) => Promise<HTMLElement>;
  labels: PopupLabels & {
    cluster: (count: number) => string;
    accuracyCircle: (metres: number) => string;
    yourAccuracyCircle: (metres: number) => string;
  };
  onVisibleCountChange: (count: number) => void;
  area: BBox | null;
  truncated: boolean;
  onArea: (area: BBox) => void;
  selection: { lat: number; lng: number } | null;
  onSelect: (lat: number, lng: number) => void;
  userPosition: UserPosition | null;
  onUserLocated: (position: UserPosition) => void;
};

/**
 * Memoised: the Map tab renders again on every answer (the overview's tiles, its count, the config), mostly for its
 * header; the map and its layers only when what they draw changed.
 */
export const MapView = memo(function MapView(props: MapViewProps) {
  const { t } = useTranslation();
  const { map, baseLayer, selection, userPosition } = props;
  // Leaflet reads these once, when it makes the control or marker: they are remade when the words change.
  const zoomInTitle = t('map.zoomIn');
  const zoomOutTitle = t('map.zoomOut');
  const youAreHere = t('map.youAreHere');

  const mapLabel = t('map.mapLabel');
  const detailsName = t('map.spotDetails');
  useEffect(
    function nameTheMap() {
      // MapContainer passes no ARIA props to its element: name the focusable map region here.
      if (!map) return;
      const container = map.getContainer();
      container.setAttribute('role', 'region');
      container.setAttribute('aria-label', mapLabel);
      // A spot's details are named by its title; while it is read, by these words (spot-details.ts).
      container.setAttribute(DETAILS_NAME_ATTRIBUTE, detailsName);
    },
    [map, mapLabel, detailsName],
  );

  useEffect(
    function zoomButtonsInTheAppsLanguage() {
      if (!map) return;
      const control = L.control.zoom({ zoomInTitle, zoomOutTitle }).addTo(map);
      return () => {
        control.remove();
      };
    },
    [map, zoomInTitle, zoomOutTitle],
  );

  const closePopupLabel = t('map.closePopup');
  useEffect(
    function namePopupCloseButtons() {
      // Leaflet writes "Close popup" into every popup's close button in English: rename it as each opens.
      if (!map) return;
      const rename = (event: L.PopupEvent) => {
        event.popup
          .getElement()
          ?.querySelector('.leaflet-popup-close-button')
          ?.setAttribute('aria-label', closePopupLabel);
      };
      map.on('popupopen', rename);
      return () => {
        map.off('popupopen', rename);
      };
    },
    [map, closePopupLabel],
  );

  const leafletTitle = t('map.leafletTitle');
  useEffect(
    function translateLeafletCredit() {
      // The attribution's "Leaflet" link carries an English title; keep the link and its flag, change the words.
      const control = map?.attributionControl;
      if (!control) return;
      const title = leafletTitle.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      control.setPrefix(String(control.options.prefix).replace(/title="[^"]*"/, `title="${title}"`));
    },
    [map, leafletTitle],
  );

  const boxRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(function fillTheScreenBelowTheTabsOnPhones() {
    // As map apps do: on a phone the map takes the height left under the header and the tabs (never less
    // than 24 rem), with the hint line below it still in sight. The height is fixed while the add form is open
    // under it, so the map does not jump; the form is scrolled into view instead.
    const box = boxRef.current;
    if (!box) return;
    const small = window.matchMedia(SMALL_SCREEN);
    const fit = () => {
      if (!small.matches) {
        box.style.height = '';
        return;
      }
      const rect = box.getBoundingClientRect();
      const column = box.parentElement?.getBoundingClientRect();
      const below = (column ? column.bottom - rect.bottom : 0) + PAGE_BOTTOM_PADDING_PX;
      const top = rect.top + window.scrollY;
      const height = `${Math.max(MIN_MAP_HEIGHT_PX, Math.floor(window.innerHeight - top - below))}px`;
      if (box.style.height !== height) box.style.height = height;
    };
    fit();
    // The header's height changes with the language and the window; the page's with whatever opens. Refitted
    // in the next frame: resizing inside the observer's callback would trip its loop guard.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    });
    observer.observe(document.documentElement);
    window.addEventListener('resize', fit);
    small.addEventListener('change', fit);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', fit);
      small.removeEventListener('change', fit);
    };
  }, []);

  useEffect(
    function keepLeafletSizedToItsBox() {
      // The box changes size when the tab is shown again or the side form opens; Leaflet only watches the window.
      if (!map) return;
      const observer = new ResizeObserver(() => map.invalidateSize());
      observer.observe(map.getContainer());
      return () => observer.disconnect();
    },
    [map],
  );

  // Leaflet is made in a commit of its own, after the screen around it has been put up and its requests sent: on a
  // slow phone the two together are one long block the page cannot answer a tap in.
  const [leafletDue, setLeafletDue] = useState(false);
  useEffect(function makeLeafletNext() {
    startTransition(() => setLeafletDue(true));
  }, []);

  return (
    <div ref={boxRef} className="relative h-96 min-h-96 overflow-hidden rounded-lg border border-stone-300 lg:h-[70vh]">
      {leafletDue && (
        <MapContainer
          ref={(instance) => {
            if (instance) props.onMapReady(instance);
          }}
          center={DEFAULT_CENTER}
          zoom={DEFAULT_ZOOM}
          // Leaflet's own zoom buttons are named once, in English: ours are translated.
          zoomControl={false}
          className="size-full"
        >
          {baseLayer && (
            <TileLayer
              key={baseLayer.id}
              eventHandlers={FIRST_DRAW}
              url={baseLayer.url}
              attribution={baseLayer.attribution}
              maxZoom={baseLayer.max_zoom}
              // CORS tiles can be kept by the service worker; opaque ones would each count as megabytes of quota.
              crossOrigin="anonymous"
            />
          )}
          <SelectOnClick onSelect={props.onSelect} />
          <AreaWatcher area={props.area} truncated={props.truncated} onArea={props.onArea} />
          <SpotsLayer
            spots={props.spots}
            labels={props.labels}
            spotPopup={props.spotPopup}
            onVisibleCountChange={props.onVisibleCountChange}
          />
          {selection && (
            <Marker
              position={[selection.lat, selection.lng]}
              icon={selectionIcon}
              interactive={false}
              keyboard={false}
            />
          )}
          {userPosition && (
            // Keyed by its words: Leaflet sets a marker's title only when it is made. Not interactive: a spot placed
            // where the forager stands lies under it, and a tap must reach that spot.
            <Marker
              key={youAreHere}
              position={userPosition.latlng}
              icon={userIcon}
              keyboard={false}
              interactive={false}
              title={youAreHere}
            >
              <Tooltip permanent direction="top" offset={[0, -12]}>
                {youAreHere}
              </Tooltip>
            </Marker>
          )}
          {userPosition && (
            <UserAccuracy
              position={userPosition}
              label={props.labels.yourAccuracyCircle(Math.round(userPosition.accuracy))}
            />
          )}
        </MapContainer>
      )}
      {/* Outside the Leaflet container, so pressing it never counts as a click on the map. */}
      <LocateButton map={map} onLocated={props.onUserLocated} />
    </div>
  );
});

/** The forager's circle of doubt, always with their marker: a dot alone claims a precision the phone lacks. */
function UserAccuracy({ position, label }: { position: UserPosition; label: string }) {
  const map = useMap();
  const [lat, lng] = position.latlng;
  useEffect(
    function drawAccuracyCircle() {
      const circle = accuracyCircle([lat, lng], position.accuracy, label).addTo(map);
      return () => {
        circle.remove();
      };
    },
    [map, lat, lng, position.accuracy, label],
  );
  return null;
}

function SelectOnClick({ onSelect }: { onSelect: (lat: number, lng: number) => void }) {
  useMapEvent('click', (event) => onSelect(event.latlng.lat, event.latlng.lng));
  return null;
}
