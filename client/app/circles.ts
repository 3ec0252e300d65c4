// The circles the signed-in forager is in (issue #20, ADR 0053): for the share dialog, the add form, the filter
// and the names on shared spots. Circles are managed in client/features/circles.
import { useQuery } from '@tanstack/react-query';
import type { Circle } from '../../common/schemas/circles.ts';
import { api } from '../lib/api-client.ts';

/**
 * GET /api/v1/circles, checked against CircleListSchema. The schema loads with the request (zod stays out of
 * the main screen's first code: the map's popups name circles too).
 */
export function useMyCircles() {
  return useQuery({
    queryKey: ['circles'],
    queryFn: async ({ signal }): Promise<Circle[]> =>
      (
        await api('/api/v1/circles', {
          signal,
          schema: () => import('../../common/schemas/circles.ts').then((contract) => contract.CircleListSchema),
        })
      ).items,
    staleTime: 60_000,
  });
}
