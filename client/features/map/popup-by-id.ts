// The popup of a pin that carries no details (ADR 0026, ADR 0065): the spot read by id when the popup opens, with
// what waits on the device laid over it, or a line saying why it cannot be shown.
import { useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { OutboxEntry } from '../../domain/offline/outbox-model.ts';
import { applyPending } from '../../domain/offline/pending-view.ts';
import type { PhotoUrls } from '../../domain/spots/spot-types.ts';
import { loadPopupBuilder } from './popup-builder.ts';
import { readSpot } from './spot-by-id.ts';
import type { PopupLabels } from './spot-popup.ts';

export function useSpotPopupById(
  labels: PopupLabels,
  context: { me: { id: string; name: string | null }; offline: boolean; entries: OutboxEntry[]; photoUrls: PhotoUrls },
): (id: string) => Promise<HTMLElement> {
  const { t } = useTranslation();
  const { me, offline, entries, photoUrls } = context;
  return useCallback(
    async (id: string) => {
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
    [labels, t, me.id, me.name, offline, entries, photoUrls],
  );
}
