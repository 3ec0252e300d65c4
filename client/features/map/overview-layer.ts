// The overview's cells and lone pins on the map, with the words they are drawn with; a lone pin's popup is read by
// id when opened (ADR 0026, popup-by-id.ts), as a pin's of the spots' map is.
import { useEffect, useMemo, useRef } from 'react';
import type L from 'leaflet';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { MapTile } from '../../../common/schemas/map-tiles.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { approximateText } from '../../domain/sharing/sharing.ts';
import type { OpenPin } from './overview-drawing.ts';
import type { PopupLabels } from './spot-popup.ts';
import { loadOnce } from '../../lib/load-once.ts';

/** The drawing code, loaded once the map is up (ADR 0067); kept, so later draws are at once. */
const drawing = loadOnce(() => import('./overview-drawing.ts'));

/** Draws `tiles` on the map while they are given (null: the overview is not shown). */
export function useOverviewLayer(
  map: L.Map | null,
  tiles: readonly MapTile[] | null,
  labels: PopupLabels & { cluster: (count: number) => string },
  /** A lone pin's popup, read by id (popup-by-id.ts). */
  spotPopup: (id: string) => Promise<HTMLElement>,
) {
  const { t } = useTranslation();
  const overviewLabels = useMemo(
    () => ({
      cluster: labels.cluster,
      pin: (type: Spot['type'], approximate: '1km' | '10km' | null) => {
        const name = t('map.overviewPin', { type: t(`locationTypes.${type}`) });
        return approximate ? `${name} (${approximateText(approximate, t)})` : name;
      },
      loading: labels.loading,
      spotPopup,
    }),
    [labels, t, spotPopup],
  );
  const openPin = useRef<OpenPin['current']>(null);
  useEffect(
    function drawTheOverview() {
      if (!map) return;
      // Fetched as soon as the map is up, with its first tiles and the overview's answers, which it draws.
      if (!tiles) {
        void drawing.load().catch(() => undefined);
        return;
      }
      const loaded = drawing.now();
      if (loaded) return loaded.drawOverview(map, tiles, overviewLabels, openPin);
      let undraw: (() => void) | undefined;
      let gone = false;
      void drawing
        .load()
        .then((module) => {
          if (!gone) undraw = module.drawOverview(map, tiles, overviewLabels, openPin);
        })
        .catch(() => undefined);
      return () => {
        gone = true;
        undraw?.();
      };
    },
    [map, tiles, overviewLabels],
  );
}
