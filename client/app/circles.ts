// The circles the signed-in forager belongs to (issue #20): each one's id, name, the forager's role in it and its
// size. Here in the shell so any feature that names or offers a circle (the share dialog, the filter, a spot's
// badge) can read them without importing the circles feature, which manages them (client/features/circles).
import { useQuery } from '@tanstack/react-query';
import type { Circle } from '../../common/schemas/circles.ts';
import { api } from '../lib/api-client.ts';

/** Query keys: every circle query starts with ['circles'], so invalidating that refreshes them all. */
export const circleKeys = {
  /** The list of my circles (GET /api/v1/circles). */
  all: ['circles'] as const,
  one: (id: string) => ['circles', id] as const,
  members: (id: string) => ['circles', id, 'members'] as const,
  invites: (id: string) => ['circles', id, 'invites'] as const,
};

/** My circles, in name order. The contract is loaded with the request: the main screen does not carry zod. */
export async function fetchMyCircles(signal?: AbortSignal): Promise<Circle[]> {
  const { items } = await api('/api/v1/circles', {
    signal,
    schema: () => import('../../common/schemas/circles.ts').then((contract) => contract.CircleListSchema),
  });
  return [...items].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * My circles, kept by TanStack Query under ['circles']; use `data` (undefined while loading or offline). Asked for
 * again whenever a screen that uses them opens: the main screen holds them for its popups all along, and a circle
 * one has just been removed from must not be offered, or listed, from that copy.
 */
export function useMyCircles() {
  return useQuery({
    queryKey: circleKeys.all,
    queryFn: ({ signal }) => fetchMyCircles(signal),
    refetchOnMount: 'always',
  });
}
