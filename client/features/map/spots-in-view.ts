// Loads the pins of the spots around the view (ADR 0065: the popup reads a spot by id), not the whole table. The area asked for is the view plus a quarter
// of its size on every side (ADR 0064), so small pans are served from what is loaded, with no request at all, while a
// dense city view downloads about half of what a margin of half the view did; a move outside it (or any move, when
// the server had more spots than it sent) asks again after the map has rested for 300 ms.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type L from 'leaflet';
import { BBOX_LIMIT_MAX } from '../../../common/limits.ts';
import type { MapPins } from '../../../common/schemas/map-pins.ts';
import type { BBox } from '../../../common/schemas/spots.ts';
import { api, isUnreachable } from '../../lib/api-client.ts';
import { spotKeys } from '../../domain/spots/spot-keys.ts';
import { announce } from '../../domain/offline/outbox.ts';
import { areaHolds, boundsOf } from './overview-tiles.ts';
import { filterQuery, loadMatcher } from '../../domain/spots/spot-filter-url.ts';
import type { SpotFilter } from '../../../common/spot-filter.ts';

const SETTLE_MS = 300;
/** With signal but no answer, the map falls back to the spots kept on the device after this long. */
const AREA_TIMEOUT_MS = 10_000;

/** The device's copy of spots (spot-cache.ts), loaded when first used: not part of the map's first draw. */
const deviceCopy = () => import('../../domain/offline/spot-cache.ts');

/** An area's pins, and whether they came from the server or, with no answer, from the device's copy. */
export type AreaSpots = MapPins & { from: 'server' | 'device' };

export function useSpotsInArea(area: BBox | null, userId: string, filter: SpotFilter) {
  const filterKey = filterQuery(filter);
  return useQuery({
    queryKey: area ? spotKeys.inArea(area, filterKey) : ['spots', 'bbox', 'none'],
    queryFn: async ({ signal }): Promise<AreaSpots> => {
      const box = area!;
      // The device applies the same filter to what it kept (common/spot-filter.ts), loaded only when one is set.
      const matches = await loadMatcher(filter, userId);
      if (navigator.onLine) {
        try {
          const bbox = `${box.minLng},${box.minLat},${box.maxLng},${box.maxLat}`;
          // Not checked against MapPinsSchema: up to BBOX_LIMIT_MAX pins arrive here at once, for the map's first
          // draw, and the check costs several times the JSON's own reading (scripts/measure-parse.ts); it would also
          // make that draw wait for the zod runtime.
          const pins = await api<MapPins>(`/api/v1/map/pins?bbox=${bbox}&limit=${BBOX_LIMIT_MAX}${filterKey}`, {
            signal,
            timeoutMs: AREA_TIMEOUT_MS,
          });
          // Kept for the walk with no signal; the map does not wait for the write, nor its first draw for its code.
          // What it no longer keeps leaves the list and every tab at once, as the device check's drops do.
          void deviceCopy()
            .then((cache) => cache.keepLoadedArea(userId, box, pins, filterKey !== ''))
            .then((dropped) => {
              if (dropped.length > 0) announce({ type: 'taken-back', spotIds: dropped, changedIds: [] });
            })
            .catch(() => undefined);
          return { ...pins, from: 'server' };
        } catch (error) {
          if (!isUnreachable(error)) throw error;
        }
      }
      return {
        items: await (await deviceCopy()).keptPinsInArea(userId, box, matches),
        truncated: false,
        from: 'device',
      };
    },
    enabled: area !== null,
    placeholderData: keepPreviousData,
    // The device's copy is only a stand-in: ask the server again at the next chance.
    staleTime: (query) => (query.state.data?.from === 'device' ? 0 : 30_000),
  });
}

/**
 * Reports the area to load whenever the view leaves the one loaded (`area`: null when the map shows the overview and
 * has loaded none). Renders nothing.
 */
export function AreaWatcher({
  area,
  truncated,
  onArea,
}: {
  area: BBox | null;
  truncated: boolean;
  onArea: (area: BBox) => void;
}) {
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
        if (loaded && !partial && areaHolds(loaded, boundsOf(view))) return;
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

const round = (value: number) => Math.round(value * 1e4) / 1e4;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function paddedArea(view: L.LatLngBounds): BBox {
  const padded = view.pad(0.25);
  return {
    minLng: round(clamp(padded.getWest(), -180, 180)),
    minLat: round(clamp(padded.getSouth(), -90, 90)),
    maxLng: round(clamp(padded.getEast(), -180, 180)),
    maxLat: round(clamp(padded.getNorth(), -90, 90)),
  };
}

/**
 * The area on screen as a box the API takes (the export's "the area on the map"): rounded outwards, so a spot at the
 * view's very edge stays inside, and held to the world's edges when the view reaches past them.
 */
export function shownArea(view: L.LatLngBounds): BBox {
  const outwards = (value: number, direction: 'down' | 'up') =>
    (direction === 'down' ? Math.floor(value * 1e5) : Math.ceil(value * 1e5)) / 1e5;
  return {
    minLng: clamp(outwards(view.getWest(), 'down'), -180, 180),
    minLat: clamp(outwards(view.getSouth(), 'down'), -90, 90),
    maxLng: clamp(outwards(view.getEast(), 'up'), -180, 180),
    maxLat: clamp(outwards(view.getNorth(), 'up'), -90, 90),
  };
}

/** Tells `onShownArea` the area on screen whenever the map comes to rest, for what acts on it (the export). */
export function useShownAreaReport(map: L.Map | null, onShownArea: ((area: BBox) => void) | undefined) {
  useEffect(
    function reportTheShownArea() {
      if (!map || !onShownArea) return;
      const report = () => {
        // A resize while the tab is hidden moves the map too, with no size: the area last seen stands.
        const size = map.getSize();
        if (size.x > 0 && size.y > 0) onShownArea(shownArea(map.getBounds()));
      };
      report();
      map.on('moveend', report);
      return () => {
        map.off('moveend', report);
      };
    },
    [map, onShownArea],
  );
}
