// The share dialog's small map: what others will see of the spot. The exact pin, or a square of the size of the
// server's grid square (about 1 km or 10 km) around the true place, which only the owner sees here. The square is
// an indication of the size: the server's square is a fixed cell of its grid that holds the spot (ADR 0053).
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Rectangle, TileLayer, useMap } from 'react-leaflet';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Precision } from '../../../common/schemas/spots.ts';
import { useClientConfig } from '../../domain/session/client-config.ts';
import { indicativeSquare, SQUARE_SIZE } from '../../domain/sharing/sharing-choice.ts';

type PreviewProps = { latitude: number; longitude: number; precision: Precision };

export function SharePreviewMap({ latitude, longitude, precision }: PreviewProps) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const tileLayer = config.data?.tile_layers[0];
  const square = precision === 'exact' ? null : indicativeSquare(latitude, longitude, precision);
  const description =
    precision === 'exact'
      ? t('sharing.previewExact')
      : t('sharing.previewApproximate', { size: SQUARE_SIZE[precision] });
  return (
    <figure className="space-y-1">
      {/* A picture of the sentence below it: one name for screen readers, no stops for the keyboard. */}
      <div
        role="img"
        aria-label={
          precision === 'exact'
            ? t('sharing.previewLabel')
            : `${t('sharing.previewLabel')}: ${t('sharing.previewSquare', { size: SQUARE_SIZE[precision] })}`
        }
        className="h-40 overflow-hidden rounded-md border border-stone-300"
      >
        <MapContainer
          center={[latitude, longitude]}
          zoom={15}
          zoomControl={false}
          attributionControl={false}
          keyboard={false}
          dragging={false}
          scrollWheelZoom={false}
          doubleClickZoom={false}
          touchZoom={false}
          boxZoom={false}
          className="size-full"
        >
          {tileLayer && <TileLayer url={tileLayer.url} maxZoom={tileLayer.max_zoom} crossOrigin="anonymous" />}
          {square && (
            <Rectangle
              bounds={square}
              interactive={false}
              pathOptions={{ color: '#15803d', weight: 2, fillColor: '#22c55e', fillOpacity: 0.2 }}
            />
          )}
          <CircleMarker
            center={[latitude, longitude]}
            radius={square ? 5 : 9}
            interactive={false}
            pathOptions={
              square
                ? // The true place, for the owner only: small and hollow, so the square reads as what others get.
                  { color: '#44403c', weight: 2, fillOpacity: 0, dashArray: '3 3' }
                : { color: '#fff', weight: 3, fillColor: '#15803d', fillOpacity: 1 }
            }
          />
          <FitTo latitude={latitude} longitude={longitude} square={square} />
        </MapContainer>
      </div>
      <figcaption className="space-y-1 text-xs text-stone-700">
        <span className="block">{description}</span>
        {square && (
          <span className="block">
            <span aria-hidden="true">◌ </span>
            {t('sharing.previewYourSpot')}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

function FitTo({
  latitude,
  longitude,
  square,
}: {
  latitude: number;
  longitude: number;
  square: [[number, number], [number, number]] | null;
}) {
  const map = useMap();
  const south = square?.[0][0];
  const west = square?.[0][1];
  const north = square?.[1][0];
  const east = square?.[1][1];
  useEffect(
    function showWhatOthersSee() {
      if (south === undefined || west === undefined || north === undefined || east === undefined)
        map.setView([latitude, longitude], 15, { animate: false });
      else
        map.fitBounds(
          [
            [south, west],
            [north, east],
          ],
          { padding: [12, 12], animate: false },
        );
    },
    [map, latitude, longitude, south, west, north, east],
  );
  return null;
}
