// What the outbox learns, put at once into the pages of spots that the map and the list have loaded (React Query's
// cache), before their next reload from the server: a change the server applied, and spots taken back.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { MapPin, MapPins } from '../../../common/schemas/map-pins.ts';
import { pinOf } from '../../../common/map-pin.ts';
import type { Spot, SpotPage } from '../../../common/schemas/spots.ts';
import type { OutboxChange } from './outbox-model.ts';
import { spotKeys } from '../spots/spot-keys.ts';

/** Puts the server's answer into what the map and list show, before their next reload from the server. */
export function showAppliedChange(
  queryClient: QueryClient,
  kind: OutboxChange['kind'],
  spotId: string,
  spot: Spot | undefined,
) {
  const update = (items: Spot[]) => {
    if (spot) return items.map((item) => (item.id === spotId ? spot : item));
    // A photo change answered 404 (the photo was already gone) leaves the spot shown as it is.
    return kind === 'delete' || kind === 'share' || kind === 'edit'
      ? items.filter((item) => item.id !== spotId)
      : items;
  };
  const isNew = (items: readonly { id: string }[]) =>
    kind === 'create' && spot && !items.some((item) => item.id === spotId);

  // Every filter's list: a spot the filter does not match is left out where the list is drawn.
  queryClient.setQueriesData<InfiniteData<SpotPage, string | null>>(
    { queryKey: spotKeys.list().slice(0, 2) },
    (data) => {
      if (!data) return data;
      const pages = data.pages.map((page) => ({ ...page, items: update(page.items) }));
      const first = pages[0];
      if (first && spot && isNew(pages.flatMap((page) => page.items)))
        pages[0] = { ...first, items: [spot, ...first.items] };
      return { ...data, pages };
    },
  );
  // The spots' map holds pins (ADR 0065): the spot's new pin in place of the old.
  const pin = spot && pinOf(spot);
  queryClient.setQueriesData<MapPins>({ queryKey: spotKeys.inArea.prefix }, (answer) => {
    if (!answer) return answer;
    const items: MapPin[] = pin
      ? answer.items.map((item) => (item.id === spotId ? pin : item))
      : kind === 'delete' || kind === 'share' || kind === 'edit'
        ? answer.items.filter((item) => item.id !== spotId)
        : answer.items;
    return { ...answer, items: pin && isNew(items) ? [pin, ...items] : items };
  });
}

/**
 * Spots taken back (revocation.ts) leave what the map and the list show at once, in every tab; the rest (counts,
 * changed spots) is asked for again.
 */
export function showTakenBack(queryClient: QueryClient, spotIds: string[]) {
  const gone = new Set(spotIds);
  const keep = (items: Spot[]) => items.filter((item) => !gone.has(item.id));
  if (gone.size > 0) {
    queryClient.setQueriesData<InfiniteData<SpotPage, string | null>>(
      { queryKey: spotKeys.list().slice(0, 2) },
      (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, items: keep(page.items) })) },
    );
    queryClient.setQueriesData<MapPins>({ queryKey: spotKeys.inArea.prefix }, (answer) =>
      answer?.items ? { ...answer, items: answer.items.filter((item) => !gone.has(item.id)) } : answer,
    );
  }
  void queryClient.invalidateQueries({ queryKey: spotKeys.all });
}
