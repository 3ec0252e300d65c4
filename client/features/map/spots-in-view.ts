// Loads the spots of the area around the view, not the whole table. The area asked for is the view plus
// half its size on every side, so small pans are served from what is loaded; a move outside it (or any
// move, when the server had more spots than it sent) asks again after the map has rested for 300 ms.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type L from 'leaflet';
import { BBOX_LIMIT_MAX } from '../../../common/limits.ts';
import type { BBox, LocationPage } from '../../../common/schemas/locations.ts';
import { api } from '../../lib/api-client.ts';
import { locationKeys } from '../../lib/location-keys.ts';

const SETTLE_MS = 300;

export function useSpotsInArea(area: BBox | null) {
  return useQuery({
    queryKey: area ? locationKeys.inArea(area) : ['locations', 'bbox', 'none'],
    queryFn: ({ signal }) => {
      const bbox = `${area!.minLng},${area!.minLat},${area!.maxLng},${area!.maxLat}`;
      return api<LocationPage>(`/api/v1/locations?bbox=${bbox}&limit=${BBOX_LIMIT_MAX}`, { signal });
    },
    enabled: area !== null,
    placeholderData: keepPreviousData,
  });
}

/** Reports the area to load whenever the view leaves the one loaded. Renders nothing. */
export function AreaWatcher({ area, truncated, onArea }: { area: BBox | null; truncated: boolean; onArea: (area: BBox) => void }) {
  const map = useMap();
  const latest = useRef({ area, truncated, onArea });
  useEffect(() => {
    latest.current = { area, truncated, onArea };
  });

  useEffect(
    function watchViewport() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const check = () => {
        const { area: loaded, truncated: partial, onArea: report } = latest.current;
        const view = map.getBounds();
        if (loaded && !partial && contains(loaded, view)) return;
        report(paddedArea(view));
      };
      const schedule = () => {
        clearTimeout(timer);
        timer = setTimeout(check, SETTLE_MS);
      };
      check(); // the first area right away: no reason to wait on first paint
      map.on('moveend', schedule);
      return () => {
        clearTimeout(timer);
        map.off('moveend', schedule);
      };
    },
    [map],
  );
  return null;
}

function contains(area: BBox, view: L.LatLngBounds): boolean {
  return (
    view.getWest() >= area.minLng && view.getEast() <= area.maxLng && view.getSouth() >= area.minLat && view.getNorth() <= area.maxLat
  );
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function paddedArea(view: L.LatLngBounds): BBox {
  const padded = view.pad(0.5);
  return {
    minLng: round(clamp(padded.getWest(), -180, 180)),
    minLat: round(clamp(padded.getSouth(), -90, 90)),
    maxLng: round(clamp(padded.getEast(), -180, 180)),
    maxLat: round(clamp(padded.getNorth(), -90, 90)),
  };
}
