// The filter of the map and the list lives in the page's query string (?q=baravykas&type=mushroom_spot), so
// a filtered view can be bookmarked and survives a reload. Its names are the API's query parameters: the
// filter goes to the server as it stands in the URL. Kept small, on the main screen; the matcher and the
// panel load only when a filter is used (ADR 0020).
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
// Types only: a value import would put the matcher's tables on the main screen.
import type { FilterableSpot, SpotFilter } from '../../common/spot-filter.ts';

const FILTER_KEYS = ['q', 'type', 'from', 'to', 'owner', 'visibility', 'photo'] as const satisfies ReadonlyArray<keyof SpotFilter>;
const CHANGED = 'foray:filter';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CHOICES: Partial<Record<keyof SpotFilter, string[]>> = {
  type: ['mushroom_spot', 'car_park'],
  owner: ['mine', 'others'],
  visibility: ['private', 'public'],
  photo: ['with', 'without'],
};

/** The filter in a query string; values the server would refuse (a hand-edited URL) are left out. */
export function readFilter(search: string): SpotFilter {
  const params = new URLSearchParams(search);
  const filter: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    const choices = CHOICES[key];
    if (!value || value.length > 100) continue;
    if (choices ? choices.includes(value) : key === 'q' || DATE.test(value)) filter[key] = value;
  }
  return filter as SpotFilter;
}

/** `&q=…&type=…`, to append to an API request; empty for no filter. */
export const filterQuery = (filter: SpotFilter) =>
  Object.entries(filter).map(([key, value]) => `&${key}=${encodeURIComponent(value as string)}`).join('');

/** How many filters are set (the found-date range counts once). */
export const activeFilters = (filter: SpotFilter) => Object.keys(filter).filter((key) => key !== 'to' || !filter.from).length;

/** Replaces the filter in the address bar (no new history entry per change) and tells every user of it. */
export function setSpotFilter(filter: SpotFilter) {
  const url = new URL(window.location.href);
  for (const key of FILTER_KEYS) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(filter)) if (value) url.searchParams.set(key, value as string);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('popstate', onChange);
  };
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

/** The filter as a test for spots on the device, loaded on first use: null for no filter. */
export async function loadMatcher(filter: SpotFilter): Promise<Matcher | null> {
  if (activeFilters(filter) === 0) return null;
  const { spotMatcher } = await import('../../common/spot-filter.ts');
  const matches = spotMatcher(filter);
  // A spot waiting to upload has its photo on the device only.
  return (spot) => matches({ ...spot, photo_url: spot.photo_url ?? spot.localPhotoUrl ?? null });
}

/**
 * The spots to draw: with a filter, those it matches (server answers already do; this catches what waits
 * in the outbox). Until the matcher has loaded, spots waiting on the device are held back.
 */
export function useFiltered<T extends Matchable & { pending?: unknown }>(spots: T[], filter: SpotFilter, key: string): T[] {
  const [loaded, setLoaded] = useState<{ key: string; matcher: Matcher | null } | null>(null);
  useEffect(
    function loadTheMatcher() {
      let current = true;
      void loadMatcher(filter).then((matcher) => current && setLoaded({ key, matcher }));
      return () => {
        current = false;
      };
    },
    // The key is the filter's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  return useMemo(() => {
    if (!key) return spots;
    if (loaded?.key !== key) return spots.filter((spot) => !spot.pending);
    return loaded.matcher ? spots.filter(loaded.matcher) : spots;
  }, [spots, key, loaded]);
}
