import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/** Spots are cached in memory only, for this signed-in session; sign-out clears it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Queries run offline too: they answer from what the device kept instead of waiting for a network.
      networkMode: 'always',
      // A 4xx won't get better by asking again; a dropped connection in the forest might.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3,
    },
    mutations: { networkMode: 'always' },
  },
});
