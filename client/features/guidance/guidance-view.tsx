// Guidance to a spot — "Back to the car" above all — with no network: distance and direction from the phone's
// own position, an arrow that turns with its compass, and a small map with the car and the circle of doubt.
// Loaded only when first opened (client/app/guidance-host.tsx): the main screen stays within its budget.
import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { Circle, CircleMarker, MapContainer, Rectangle, TileLayer, useMap } from 'react-leaflet';
import L from 'leaflet';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TileLayer as TileLayerConfig } from '../../../common/schemas/config.ts';
import { formatDistance, type CompassPoint } from '../../lib/geodesy.ts';
import type { GuidanceTarget } from '../../domain/dialogs/guidance-context.ts';
import { SQUARE_SIZE } from '../../domain/sharing/sharing-choice.ts';
import { Button } from '../../ui/button.tsx';
import {
  ARRIVED_WITHIN_M,
  readGuidance,
  STALE_AFTER_MS,
  worthAnnouncing,
  INACCURATE_OVER_M,
  type Reading,
} from './guidance-reading.ts';
import { useNow, useWatchedPosition, type PositionState } from '../../lib/position-watch.ts';
import { useCompassHeading, useScreenWakeLock } from './sensors.ts';

type GuidanceViewProps = { target: GuidanceTarget; tileLayer: TileLayerConfig | undefined; onClose: () => void };

/** Within this many degrees either side, the target counts as straight ahead. */
const AHEAD_WITHIN_DEG = 10;

export default function GuidanceView({ target, tileLayer, onClose }: GuidanceViewProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  useScreenWakeLock();
  const position = useWatchedPosition();
  const heading = useCompassHeading();
  const now = useNow();
  const reading = position.status === 'located' ? readGuidance(position, target, heading, now) : null;

  const pointName = (point: CompassPoint) => t(`guidance.points.${point}`);
  const distanceText = reading ? formatDistance(reading.distance, language) : null;
  const directionText = reading
    ? t('guidance.direction', { point: pointName(reading.point), degrees: Math.round(reading.bearing) % 360 })
    : null;

  // What a screen reader hears: the reading when it changed enough to matter, not every fix (see worthAnnouncing).
  const [spoken, setSpoken] = useState<{
    distance: number;
    point: CompassPoint;
    language: string;
    text: string;
  } | null>(null);
  if (reading && distanceText && (spoken?.language !== language || worthAnnouncing(spoken, reading))) {
    setSpoken({
      distance: reading.distance,
      point: reading.point,
      language,
      text: `${distanceText}, ${pointName(reading.point)}`,
    });
  }

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[1500] bg-stone-950/50" />
        <RadixDialog.Content className="fixed inset-0 z-[1500] flex flex-col gap-3 overflow-y-auto bg-white p-4 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:p-6 sm:shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold break-words">
            {target.isCar ? t('guidance.titleCar') : t('guidance.titleSpot', { title: target.title })}
          </RadixDialog.Title>
          <RadixDialog.Description className="text-sm text-stone-700">
            {t('guidance.description')}
          </RadixDialog.Description>
          {target.area && (
            <p className="rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900">
              {t('sharing.guideApproximate', { size: SQUARE_SIZE[target.area.precision] })}
            </p>
          )}

          {reading && distanceText && directionText ? (
            <div className="flex items-center gap-4">
              <Arrow reading={reading} />
              <dl className="min-w-0 flex-1">
                <dt className="text-sm text-stone-700">{t('guidance.distanceLabel')}</dt>
                <dd className="text-3xl font-bold text-green-900">{distanceText}</dd>
                <dt className="mt-1 text-sm text-stone-700">{t('guidance.directionLabel')}</dt>
                <dd className="text-lg font-medium">{directionText}</dd>
              </dl>
            </div>
          ) : (
            <p className="text-base font-medium">{positionProblem(position, t)}</p>
          )}

          {/* Changes here are few and worth hearing: the position turning stale or doubtful, or arrival. */}
          <div role="status" className="space-y-2 text-sm">
            {reading?.stale && (
              <p className="rounded-md bg-amber-50 p-2 font-medium text-amber-900">
                {t('guidance.stale', { seconds: STALE_AFTER_MS / 1000 })}
              </p>
            )}
            {reading?.inaccurate && position.status === 'located' && (
              <p className="rounded-md bg-amber-50 p-2 font-medium text-amber-900">
                {t('guidance.inaccurate', { metres: Math.round(position.accuracy), limit: INACCURATE_OVER_M })}
              </p>
            )}
            {/* An approximate spot's point is no place to arrive at: the spot is somewhere in its square. */}
            {reading && reading.distance <= ARRIVED_WITHIN_M && !target.area && (
              <p className="font-medium text-green-900">{t('guidance.arrived')}</p>
            )}
          </div>
          <p aria-live="polite" className="sr-only">
            {spoken?.text}
          </p>

          {reading && (
            <p className="text-sm text-stone-700">
              {position.status === 'located' && t('guidance.accuracy', { metres: Math.round(position.accuracy) })}
              {' · '}
              {reading.relative === null ? t('guidance.noCompass') : t('guidance.compassOn')}
            </p>
          )}

          <GuidanceMap target={target} position={position} tileLayer={tileLayer} label={t('guidance.mapLabel')} />

          <RadixDialog.Close asChild>
            <Button variant="secondary" className="mt-auto">
              {t('common.close')}
            </Button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function positionProblem(
  position: PositionState,
  t: (key: 'guidance.waiting' | 'guidance.denied' | 'guidance.unavailable') => string,
) {
  if (position.status === 'denied') return t('guidance.denied');
  if (position.status === 'unavailable') return t('guidance.unavailable');
  return t('guidance.waiting');
}

/**
 * With a compass the arrow turns with the phone, pointing where to walk; without one it is drawn north-up
 * at the bearing. Its name says the same in words, and `data-rotation` holds the angle drawn.
 */
function Arrow({ reading }: { reading: Reading }) {
  const { t } = useTranslation();
  const rotation = Math.round(reading.relative ?? reading.bearing) % 360;
  let label: string;
  if (reading.relative === null) label = t('guidance.arrowNorthUp', { degrees: rotation });
  else if (rotation <= AHEAD_WITHIN_DEG || rotation >= 360 - AHEAD_WITHIN_DEG) label = t('guidance.arrowAhead');
  else if (rotation <= 180) label = t('guidance.arrowRight', { degrees: rotation });
  else label = t('guidance.arrowLeft', { degrees: 360 - rotation });
  return (
    <svg
      role="img"
      aria-label={label}
      data-rotation={rotation}
      viewBox="0 0 64 64"
      className="size-24 shrink-0 rounded-full border-2 border-stone-300 bg-stone-50"
    >
      {reading.relative === null && (
        <text x="32" y="11" textAnchor="middle" fontSize="9" fontWeight="700" fill="#44403c" aria-hidden="true">
          N
        </text>
      )}
      <g style={{ transform: `rotate(${rotation}deg)`, transformOrigin: '32px 32px', transition: 'transform 0.3s' }}>
        <path d="M32 12 L44 46 L32 39 L20 46 Z" fill="#166534" />
      </g>
    </svg>
  );
}

type GuidanceMapProps = {
  target: GuidanceTarget;
  position: PositionState;
  tileLayer: TileLayerConfig | undefined;
  label: string;
};

/** The target and the forager with their circle of doubt; both kept in view as the forager walks. */
function GuidanceMap({ target, position, tileLayer, label }: GuidanceMapProps) {
  const located = position.status === 'located' ? position : null;
  return (
    <div
      role="region"
      aria-label={label}
      className="h-56 min-h-40 shrink-0 overflow-hidden rounded-md border border-stone-300"
    >
      <MapContainer
        center={[target.latitude, target.longitude]}
        // An approximate spot's square is in view from the start: about 1 km at 14, 10 km at 11.
        zoom={target.area ? (target.area.precision === '10km' ? 11 : 14) : 16}
        zoomControl={false}
        attributionControl={false}
        className="size-full"
      >
        {tileLayer && <TileLayer url={tileLayer.url} maxZoom={tileLayer.max_zoom} crossOrigin="anonymous" />}
        {target.area && (
          <Rectangle
            bounds={[
              [target.area.bounds[1], target.area.bounds[0]],
              [target.area.bounds[3], target.area.bounds[2]],
            ]}
            interactive={false}
            pathOptions={{ color: '#b45309', weight: 2, fillColor: '#f59e0b', fillOpacity: 0.12 }}
          />
        )}
        <CircleMarker
          center={[target.latitude, target.longitude]}
          radius={9}
          pathOptions={{ color: '#fff', weight: 3, fillColor: '#1d4ed8', fillOpacity: 1 }}
        />
        {located && (
          <>
            <Circle
              center={[located.latitude, located.longitude]}
              radius={located.accuracy}
              pathOptions={{ color: '#2563eb', weight: 1, fillOpacity: 0.15 }}
            />
            <CircleMarker
              center={[located.latitude, located.longitude]}
              radius={7}
              pathOptions={{ color: '#fff', weight: 3, fillColor: '#2563eb', fillOpacity: 1 }}
            />
          </>
        )}
        <KeepBothInView target={target} located={located} />
      </MapContainer>
    </div>
  );
}

function KeepBothInView({
  target,
  located,
}: {
  target: GuidanceTarget;
  located: { latitude: number; longitude: number } | null;
}) {
  const map = useMap();
  const lat = located?.latitude;
  const lng = located?.longitude;
  useEffect(
    function fitWhenOneLeavesTheView() {
      if (lat === undefined || lng === undefined) return;
      const both = L.latLngBounds([
        [target.latitude, target.longitude],
        [lat, lng],
      ]);
      // Only when one of them left the view: refitting on every fix would jerk the map at each step.
      if (!map.getBounds().pad(-0.1).contains(both)) map.fitBounds(both, { padding: [24, 24], maxZoom: 18 });
    },
    [map, target.latitude, target.longitude, lat, lng],
  );
  return null;
}
