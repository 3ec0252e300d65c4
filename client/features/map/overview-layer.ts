// The overview's cells and lone pins on the map, with the words they are drawn with; a lone pin's popup is read by
// id when opened (ADR 0026): the same popup as on the spots' map, with what waits on the device applied, or the
// device's copy when the server cannot be reached.
import { useEffect, useMemo, useRef } from 'react';
import type L from 'leaflet';
import { useTranslation } from 'react-i18next';
import type { MapTile } from '../../../common/schemas/map-tiles.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { OutboxEntry } from '../../app/local-first/outbox-model.ts';
import { applyPending } from '../../app/local-first/pending-view.ts';
import type { PhotoUrls } from '../../app/local-first/spot-types.ts';
import { approximateText } from '../../app/sharing.ts';
import { drawOverview, type OpenPin } from './map-overview.ts';
import type { PopupLabels } from './spot-popup.ts';
import { readSpot } from './spot-by-id.ts';
import { loadPopupBuilder } from './popup-builder.ts';

/** Draws `tiles` on the map while they are given (null: the overview is not shown). */
export function useOverviewLayer(
  map: L.Map | null,
  tiles: readonly MapTile[] | null,
  labels: PopupLabels & { cluster: (count: number) => string },
  context: { me: { id: string; name: string }; offline: boolean; entries: OutboxEntry[]; photoUrls: PhotoUrls },
) {
  const { t } = useTranslation();
  const { me, offline, entries, photoUrls } = context;
  const overviewLabels = useMemo(
    () => ({
      cluster: labels.cluster,
      pin: (type: Spot['type'], approximate: '1km' | '10km' | null) => {
        const name = t('map.overviewPin', { type: t(`locationTypes.${type}`) });
        return approximate ? `${name} (${approximateText(approximate, t)})` : name;
      },
      loading: labels.loading,
      spotPopup: async (id: string) => {
        const spot = await readSpot(id, me.id, offline);
        if (spot === 'gone' || spot === null) {
          const line = document.createElement('p');
          line.className = 'spot-popup';
          line.textContent = spot === 'gone' ? t('map.spotGone') : t('map.spotUnreachable');
          return line;
        }
        const [shownSpot] = applyPending([spot], entries, me.name, photoUrls);
        return (await loadPopupBuilder()).buildSpotPopup(shownSpot ?? spot, labels);
      },
    }),
    [labels, t, me.id, me.name, offline, entries, photoUrls],
  );
  const openPin = useRef<OpenPin['current']>(null);
  useEffect(
    function drawTheOverview() {
      if (!map || !tiles) return;
      return drawOverview(map, tiles, overviewLabels, openPin);
    },
    [map, tiles, overviewLabels],
  );
}
