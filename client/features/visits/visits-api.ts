// A spot's visits and all of one's own, from the server; the query keys live under the spots' own so that
// anything that refreshes spots (a visit uploaded, a spot deleted) refreshes these too.
import { useQuery } from '@tanstack/react-query';
import type { Visit, VisitList } from '../../../common/schemas/visits.ts';
import { api } from '../../lib/api-client.ts';
import { locationKeys } from '../../lib/location-keys.ts';

export const visitKeys = {
  ofSpot: (spotId: string) => [...locationKeys.all, 'visits', spotId] as const,
  own: () => [...locationKeys.all, 'visits', 'mine'] as const,
};

export function useSpotVisits(spotId: string, enabled: boolean) {
  return useQuery({
    queryKey: visitKeys.ofSpot(spotId),
    queryFn: async ({ signal }): Promise<Visit[]> =>
      (await api<VisitList>(`/api/v1/locations/${encodeURIComponent(spotId)}/visits`, { signal })).items,
    enabled,
  });
}

export function useOwnVisits() {
  return useQuery({
    queryKey: visitKeys.own(),
    queryFn: async ({ signal }): Promise<Visit[]> => (await api<VisitList>('/api/v1/visits?owner=mine', { signal })).items,
  });
}

export function deleteVisit(spotId: string, visitId: string): Promise<void> {
  return api<void>(`/api/v1/locations/${encodeURIComponent(spotId)}/visits/${encodeURIComponent(visitId)}`, { method: 'DELETE' });
}
