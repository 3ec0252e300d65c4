import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../../common/schemas/config.ts';
import { api } from '../../lib/api-client.ts';

/** Base layers (tile URL templates and attributions) are the server operator's choice: GET /api/v1/config. */
export function useClientConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api<ClientConfig>('/api/v1/config'),
    staleTime: Infinity,
  });
}
