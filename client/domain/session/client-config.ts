import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../../common/schemas/config.ts';
import { api } from '../../lib/api-client.ts';

/**
 * Base layers (tile URL templates and attributions) are the server operator's choice: GET /api/v1/config.
 * With no signal the service worker answers from its copy (client/service-worker/public-api.ts).
 */
export function useClientConfig() {
  return useQuery({
    queryKey: ['config'],
    // Not checked against ClientConfigSchema: the map's first draw waits for this answer, and would then wait for
    // the zod runtime too.
    queryFn: () => api<ClientConfig>('/api/v1/config'),
    staleTime: Infinity,
  });
}
