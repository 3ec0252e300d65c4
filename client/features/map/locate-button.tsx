import { useState } from 'react';
import type L from 'leaflet';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { currentPosition, isPermissionDenied } from './geolocation.ts';

const ZOOM_AFTER_LOCATE = 16;

/** Top-right over the map: fly to where the user stands and mark it. */
export function LocateButton({
  map,
  onLocated,
}: {
  map: L.Map | null;
  onLocated: (position: { latlng: L.LatLngTuple; accuracy: number }) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [pending, setPending] = useState(false);

  async function handleLocate() {
    if (!map) return;
    setPending(true);
    try {
      const { coords } = await currentPosition({ maxAgeMs: 5_000 });
      const position: L.LatLngTuple = [coords.latitude, coords.longitude];
      onLocated({ latlng: position, accuracy: coords.accuracy });
      map.flyTo(position, ZOOM_AFTER_LOCATE);
      toast({ title: t('map.locateSuccess') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('map.locateFailed'),
        description: isPermissionDenied(error) ? t('map.mapLocationDeniedDescription') : t('map.locateUnavailable'),
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void handleLocate()}
      disabled={pending || !map}
      aria-label={t('map.locateMe')}
      title={t('map.locateMe')}
      className="absolute top-3 right-3 z-[1000] inline-flex size-11 items-center justify-center rounded-md border-2 border-stone-400 bg-white text-stone-900 shadow hover:bg-stone-100"
    >
      {pending ? (
        <Spinner />
      ) : (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" strokeLinecap="round" />
        </svg>
      )}
    </button>
  );
}
