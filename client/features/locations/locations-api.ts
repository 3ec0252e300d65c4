// The list's server state: pages of spots, sharing changes and deletes.
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Location, LocationPage } from '../../../common/schemas/locations.ts';
import { api } from '../../lib/api-client.ts';
import { locationKeys } from '../../lib/location-keys.ts';

export const PAGE_SIZE = 20;

export function useLocationPages() {
  return useInfiniteQuery({
    queryKey: locationKeys.list(),
    queryFn: ({ pageParam, signal }) => {
      const cursor = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : '';
      return api<LocationPage>(`/api/v1/locations?limit=${PAGE_SIZE}${cursor}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}

export function useUpdateSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isPublic }: { id: string; isPublic: boolean }) =>
      api<Location>(`/api/v1/locations/${encodeURIComponent(id)}`, { method: 'PATCH', json: { is_public: isPublic } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/v1/locations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      // Removed from what is already loaded, without reloading every page of the list.
      queryClient.setQueryData<InfiniteData<LocationPage, string | null>>(locationKeys.list(), (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })) },
      );
      queryClient.setQueriesData<LocationPage>({ queryKey: ['locations', 'bbox'] }, (page) =>
        page && { ...page, items: page.items.filter((item) => item.id !== id) },
      );
    },
  });
}
