// The list's data: pages of spots from the server, or with no answer the spots kept on the device.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { SpotPage } from '../../../common/schemas/spots.ts';
import { api, isUnreachable } from '../../lib/api-client.ts';
import { spotKeys } from '../../domain/spots/spot-keys.ts';
import { keptSpots } from '../../domain/offline/spot-cache.ts';
import { filterQuery, loadMatcher } from '../../domain/spots/spot-filter-url.ts';
import type { SpotFilter } from '../../../common/spot-filter.ts';

export const PAGE_SIZE = 20;

export type ListPage = SpotPage & { from: 'server' | 'device' };

export function useSpotPages(userId: string, filter: SpotFilter) {
  const filterKey = filterQuery(filter);
  return useInfiniteQuery({
    queryKey: spotKeys.list(filterKey),
    queryFn: async ({ pageParam, signal }): Promise<ListPage> => {
      if (navigator.onLine || pageParam) {
        try {
          const cursor = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : '';
          return {
            ...(await api(`/api/v1/locations?limit=${PAGE_SIZE}${cursor}${filterKey}`, {
              signal,
              schema: () => import('../../../common/schemas/spots.ts').then((contract) => contract.SpotPageSchema),
            })),
            from: 'server',
          };
        } catch (error) {
          // A next page has nothing to fall back on: the first page from the device already holds everything kept.
          if (pageParam || !isUnreachable(error)) throw error;
        }
      }
      const matches = await loadMatcher(filter, userId);
      const kept = await keptSpots(userId);
      return { items: matches ? kept.filter(matches) : kept, next_cursor: null, from: 'device' };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    staleTime: (query) => (query.state.data?.pages[0]?.from === 'device' ? 0 : 30_000),
  });
}
