// "What is fruiting now" on the Locations tab (issue #23, ADR 0059): one's spots due now, and what others found
// nearby this week. A lazy chunk: the main screen's script does not carry it.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FRUITING_RADII_KM, FRUITING_RADIUS_DEFAULT_KM } from '../../../common/schemas/fruiting.ts';
import { useShownArea } from '../../domain/spots/shown-area.ts';
import { Button } from '../../ui/button.tsx';
import { DueSection } from './due-section.tsx';
import type { Position } from './fruiting-api.ts';
import { NearbySection } from './nearby-section.tsx';

type PositionState = { status: 'unknown' | 'asking' | 'denied' } | { status: 'located'; position: Position };

function askPosition(): Promise<Position> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      reject,
      // A fix a minute old is near enough for distances in km; it comes at once where the map just asked.
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 60_000 },
    ),
  );
}

/** The position, asked for at once when the browser already allows it; otherwise only when the forager taps. */
function usePosition(): [PositionState, () => void] {
  const [state, setState] = useState<PositionState>({ status: 'unknown' });
  const ask = () => {
    if (!('geolocation' in navigator)) return setState({ status: 'denied' });
    setState({ status: 'asking' });
    askPosition().then(
      (position) => setState({ status: 'located', position }),
      () => setState({ status: 'denied' }),
    );
  };
  useEffect(function askWhenAlreadyAllowed() {
    let current = true;
    void navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((permission) => {
        if (current && permission.state === 'granted') return askPosition();
      })
      .then((position) => current && position && setState({ status: 'located', position }))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return [state, ask];
}

export default function FruitingPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [position, askForPosition] = usePosition();
  const readShownArea = useShownArea();
  const [mapCentre] = useState<Position | null>(() => {
    const area = readShownArea?.();
    return area ? { latitude: (area.minLat + area.maxLat) / 2, longitude: (area.minLng + area.maxLng) / 2 } : null;
  });
  const [radiusKm, setRadiusKm] = useState<number>(FRUITING_RADIUS_DEFAULT_KM);
  const located = position.status === 'located' ? position.position : null;

  return (
    <section aria-labelledby={headingId} className="mb-4 rounded-lg border border-stone-300 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('fruiting.title')}
        </h2>
        <Button variant="ghost" onClick={onClose}>
          {t('fruiting.close')}
        </Button>
      </div>
      {!located && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <p>{position.status === 'denied' ? t('fruiting.positionDenied') : t('fruiting.positionUnknown')}</p>
          {position.status !== 'denied' && (
            <Button
              variant="secondary"
              onClick={askForPosition}
              disabled={position.status === 'asking'}
              aria-busy={position.status === 'asking'}
            >
              {t('fruiting.usePosition')}
            </Button>
          )}
        </div>
      )}
      <DueSection position={located} />
      <NearbySection
        centre={located ?? mapCentre}
        aroundMapCentre={!located && mapCentre !== null}
        radiusKm={radiusKm}
        radii={FRUITING_RADII_KM}
        onRadius={setRadiusKm}
      />
    </section>
  );
}
