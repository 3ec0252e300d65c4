// The Leaflet map: base layer, spots, the clicked point, the user's position and the locate button.
import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip, useMapEvent } from 'react-leaflet';
import type L from 'leaflet';
import { useTranslation } from 'react-i18next';
import type { TileLayer as TileLayerConfig } from '../../../common/schemas/config.ts';
import type { BBox, Location } from '../../../common/schemas/locations.ts';
import { LocateButton } from './locate-button.tsx';
import { selectionIcon, userIcon } from './marker-icons.ts';
import type { PopupLabels } from './spot-popup.ts';
import { AreaWatcher } from './spots-in-view.ts';
import { SpotsLayer } from './spots-layer.tsx';

export const DEFAULT_CENTER: L.LatLngTuple = [55.1694, 23.8813];
export const DEFAULT_ZOOM = 7;

type MapViewProps = {
  map: L.Map | null;
  onMapReady: (map: L.Map) => void;
  baseLayer: TileLayerConfig | undefined;
  spots: Location[];
  labels: PopupLabels & { cluster: (count: number) => string };
  onVisibleCountChange: (count: number) => void;
  area: BBox | null;
  truncated: boolean;
  onArea: (area: BBox) => void;
  selection: { lat: number; lng: number } | null;
  onSelect: (lat: number, lng: number) => void;
  userPosition: L.LatLngTuple | null;
  onUserLocated: (position: L.LatLngTuple) => void;
};

export function MapView(props: MapViewProps) {
  const { t } = useTranslation();
  const { map, baseLayer, selection, userPosition } = props;

  const mapLabel = t('map.mapLabel');
  useEffect(
    function nameTheMap() {
      // MapContainer passes no ARIA props to its element: name the focusable map region here.
      if (!map) return;
      const container = map.getContainer();
      container.setAttribute('role', 'region');
      container.setAttribute('aria-label', mapLabel);
    },
    [map, mapLabel],
  );

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

  return (
    <div className="relative h-96 min-h-96 overflow-hidden rounded-lg border border-stone-300 lg:h-[70vh]">
      <MapContainer
        ref={(instance) => {
          if (instance) props.onMapReady(instance);
        }}
        center={DEFAULT_CENTER}
        zoom={DEFAULT_ZOOM}
        className="size-full"
      >
        {baseLayer && (
          <TileLayer
            key={baseLayer.id}
            url={baseLayer.url}
            attribution={baseLayer.attribution}
            maxZoom={baseLayer.max_zoom}
            // CORS tiles can be kept by the service worker; opaque ones would each count as megabytes of quota.
            crossOrigin="anonymous"
          />
        )}
        <SelectOnClick onSelect={props.onSelect} />
        <AreaWatcher area={props.area} truncated={props.truncated} onArea={props.onArea} />
        <SpotsLayer spots={props.spots} labels={props.labels} onVisibleCountChange={props.onVisibleCountChange} />
        {selection && (
          <Marker position={[selection.lat, selection.lng]} icon={selectionIcon} interactive={false} keyboard={false} />
        )}
        {userPosition && (
          <Marker position={userPosition} icon={userIcon} keyboard={false} title={t('map.youAreHere')}>
            <Tooltip permanent direction="top" offset={[0, -12]}>
              {t('map.youAreHere')}
            </Tooltip>
          </Marker>
        )}
      </MapContainer>
      {/* Outside the Leaflet container, so pressing it never counts as a click on the map. */}
      <LocateButton map={map} onLocated={props.onUserLocated} />
    </div>
  );
}

function SelectOnClick({ onSelect }: { onSelect: (lat: number, lng: number) => void }) {
  useMapEvent('click', (event) => onSelect(event.latlng.lat, event.latlng.lng));
  return null;
}
