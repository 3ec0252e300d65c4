import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../../common/schemas/config.ts';
import { api, isUnreachable } from '../../lib/api-client.ts';
import { deviceDb } from '../../lib/offline/device-db.ts';

const KEPT_CONFIG = 'config';

/**
 * Base layers (tile URL templates and attributions) are the server operator's choice: GET /api/v1/config.
 * The last answer is kept on the device, so the map opens with its layers when the server can't be reached.
 */
export function useClientConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: async () => {
      try {
        const config = await api<ClientConfig>('/api/v1/config');
        void deviceDb()
          .then((db) => db.put('meta', config, KEPT_CONFIG))
          .catch(() => undefined);
        return config;
      } catch (error) {
        const kept = isUnreachable(error) ? await deviceDb().then((db) => db.get('meta', KEPT_CONFIG)).catch(() => undefined) : undefined;
        if (kept) return kept as ClientConfig;
        throw error;
      }
    },
    staleTime: Infinity,
  });
}
