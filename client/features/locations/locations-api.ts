// The list's data: pages of spots from the server, or with no answer the spots kept on the device.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { LocationPage } from '../../../common/schemas/locations.ts';
import { api, isUnreachable } from '../../lib/api-client.ts';
import { locationKeys } from '../../lib/location-keys.ts';
import { keptSpots } from '../../lib/offline/spot-cache.ts';

export const PAGE_SIZE = 20;

export type ListPage = LocationPage & { from: 'server' | 'device' };

export function useLocationPages(userId: string) {
  return useInfiniteQuery({
    queryKey: locationKeys.list(),
    queryFn: async ({ pageParam, signal }): Promise<ListPage> => {
      if (navigator.onLine || pageParam) {
        try {
          const cursor = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : '';
          return { ...(await api<LocationPage>(`/api/v1/locations?limit=${PAGE_SIZE}${cursor}`, { signal })), from: 'server' };
        } catch (error) {
          // A next page has nothing to fall back on: the first page from the device already holds everything kept.
          if (pageParam || !isUnreachable(error)) throw error;
        }
      }
      return { items: await keptSpots(userId), next_cursor: null, from: 'device' };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    staleTime: (query) => (query.state.data?.pages[0]?.from === 'device' ? 0 : 30_000),
  });
}
