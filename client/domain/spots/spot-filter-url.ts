// The filter of the map and the list lives in the page's query string (?q=baravykas&type=mushroom_spot), so
// a filtered view can be bookmarked and survives a reload. Its names are the API's query parameters: the
// filter goes to the server as it stands in the URL. Kept small, on the main screen; the matcher and the
// panel load only when a filter is used (ADR 0020).
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  FILTER_CHOICES,
  FILTER_KEYS,
  SEARCH_TEXT_MAX,
  type SpotFilter,
  type SpotFilterKey,
} from '../../../common/spot-filter-shape.ts';
// Types only: a value import would put the matcher's tables on the main screen.
import type { FilterableSpot } from '../../../common/spot-filter.ts';

export { FILTER_KEYS };
const DATE = /^\d{4}-\d\d-\d\d$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** Whether a value may stand under a parameter: a hand-edited URL's other values are left out, not sent to be refused. */
const ALLOWED: Record<SpotFilterKey, (value: string) => boolean> = {
  q: (value) => new RegExp(`^.{1,${SEARCH_TEXT_MAX}}$`).test(value),
  from: (value) => DATE.test(value),
  to: (value) => DATE.test(value),
  circle_id: (value) => UUID.test(value),
  ...(Object.fromEntries(
    Object.entries(FILTER_CHOICES).map(([key, choices]) => [key, (value: string) => choices.some((c) => c === value)]),
  ) as Record<keyof typeof FILTER_CHOICES, (value: string) => boolean>),
};
export const FILTER_CHANGED = 'foray:filter';

/** The filter in a query string. */
export function readFilter(search: string): SpotFilter {
  const params = new URLSearchParams(search);
  const filter: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value && ALLOWED[key](value)) filter[key] = value;
  }
  return filter as SpotFilter;
}

/** `&q=…&type=…`, to append to an API request; empty for no filter. */
export const filterQuery = (filter: SpotFilter) =>
  Object.entries(filter)
    .map(([key, value]) => `&${key}=${encodeURIComponent(value as string)}`)
    .join('');

/** How many filters are set. */
export const activeFilters = (filter: SpotFilter) => Object.keys(filter).length;

// Only the filter panel changes the query string, and without new history entries: its event is enough.
function subscribe(onChange: () => void) {
  window.addEventListener(FILTER_CHANGED, onChange);
  return () => window.removeEventListener(FILTER_CHANGED, onChange);
}

/** The current filter and, as a string, a stable key for queries. */
export function useSpotFilter(): { filter: SpotFilter; key: string } {
  const search = useSyncExternalStore(subscribe, () => window.location.search);
  return useMemo(() => {
    const filter = readFilter(search);
    return { filter, key: filterQuery(filter) };
  }, [search]);
}

type Matchable = FilterableSpot & { localPhotoUrl?: string | null };
export type Matcher = (spot: Matchable) => boolean;

/** Matchers by filter key: a pure function of the filter, so made once per filter the forager used. */
const matchers = new Map<string, Matcher>();

/**
 * The filter as a test for spots on the device, loaded on first use: null for no filter. With `userId`, a test of the
 * spots the device keeps, `due=now` judged from the visits kept for that user, afresh each time (ADR 0061); without
 * it, a test of spots already chosen (the server's answer, or the device's) with the outbox's changes laid over them.
 */
export async function loadMatcher(filter: SpotFilter, userId?: string): Promise<Matcher | null> {
  const key = filterQuery(filter);
  if (!key) return null;
  const device = await import('../offline/device-matcher.ts');
  if (filter.due && userId) return device.dueMatcher(filter, userId);
  if (!matchers.has(key)) {
    const matches = device.spotMatcher(filter);
    // A spot waiting to upload has its photo on the device only.
    matchers.set(key, (spot) => matches({ ...spot, photo_url: spot.photo_url ?? spot.localPhotoUrl ?? null }));
  }
  return matchers.get(key)!;
}

/** The filter's matcher once loaded (undefined until then, and for no filter). */
function useMatcher(filter: SpotFilter, key: string): Matcher | undefined {
  const [, setLoads] = useState(0);
  useEffect(
    function loadTheMatcher() {
      if (key && !matchers.has(key)) void loadMatcher(filter).then(() => setLoads((loads) => loads + 1));
    },
    // The key is the filter's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  return matchers.get(key);
}

/**
 * The spots to draw: with a filter, those it matches (the server's answers already do; this catches what
 * waits in the outbox). Until the matcher has loaded, spots waiting on the device are held back.
 */
export function useFiltered<T extends Matchable & { pending?: unknown }>(
  spots: T[],
  filter: SpotFilter,
  key: string,
): T[] {
  const matcher = useMatcher(filter, key);
  return useMemo(() => (key ? spots.filter(matcher ?? ((spot) => !spot.pending)) : spots), [spots, key, matcher]);
}

/**
 * The spots' map's pins to draw (ADR 0065): the server chose its pins, and the device its kept ones, by the filter
 * already; with a filter, a new spot the device holds whole is drawn when it matches (held back until the matcher
 * has loaded).
 */
export function useFilteredPins<T extends { spot?: Matchable }>(pins: T[], filter: SpotFilter, key: string): T[] {
  const matcher = useMatcher(filter, key);
  return useMemo(
    () => (key ? pins.filter((pin) => !pin.spot || (matcher ? matcher(pin.spot) : false)) : pins),
    [pins, key, matcher],
  );
}
