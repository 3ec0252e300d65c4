// The browser's position, as a promise. High accuracy: a spot is worth little if it is 200 m off.
import { useEffect } from 'react';
import type L from 'leaflet';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useToast } from '../../ui/toast.tsx';

export const ZOOM_AFTER_GEOLOCATION = 14;

/**
 * `maxAgeMs`: how old a fix the browser may answer from its cache. Centring the map at start can take a
 * 30-second-old fix; "locate me" marks where the forager stands now, and a walker covers ~40 m in 30 s.
 */
export function currentPosition({ maxAgeMs }: { maxAgeMs: number }): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: true,
      timeout: 20_000,
      maximumAge: maxAgeMs,
    });
  });
}

export function isPermissionDenied(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && (error as GeolocationPositionError).code === 1
  );
}

/**
 * Set once the "location access denied" message has been shown at start. A forager who said no has heard
 * why it matters; repeating it on every page load only hides the header. "Locate me" still explains.
 */
const DENIAL_EXPLAINED_KEY = 'foray.locationDenialExplained';

function denialExplainedBefore(): boolean {
  try {
    return localStorage.getItem(DENIAL_EXPLAINED_KEY) === '1';
  } catch {
    return false; // storage blocked: tell them each time rather than never
  }
}

function rememberDenialExplained(explained: boolean) {
  try {
    if (explained) localStorage.setItem(DENIAL_EXPLAINED_KEY, '1');
    else localStorage.removeItem(DENIAL_EXPLAINED_KEY);
  } catch {
    // storage blocked: nothing to remember
  }
}

/** On load: centre on the user if they allow it, and say so; a refusal is explained the first time only. */
export function useCentreOnUserAtStart(map: L.Map | null) {
  const { t } = useTranslation();
  const toast = useToast();

  useEffect(
    function centreOnUserOnce() {
      if (!map) return;
      let cancelled = false;
      currentPosition({ maxAgeMs: 30_000 }).then(
        (position) => {
          if (cancelled) return;
          map.setView([position.coords.latitude, position.coords.longitude], ZOOM_AFTER_GEOLOCATION);
          toast({ title: t('map.mapLocationFound') });
          // Allowed now: should they refuse again one day, that is news worth saying once more.
          rememberDenialExplained(false);
        },
        (error: unknown) => {
          if (cancelled) return;
          // Only a refusal is worth a message at start; a slow GPS fix under trees is not an error the user caused.
          if (isPermissionDenied(error) && !denialExplainedBefore()) {
            toast({
              variant: 'destructive',
              title: t('map.mapLocationDenied'),
              description: t('map.mapLocationDeniedDescription'),
            });
            rememberDenialExplained(true);
          }
        },
      );
      return () => {
        cancelled = true;
      };
    },
    // Once per map: a language switch must not ask for the position again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [map],
  );
}
