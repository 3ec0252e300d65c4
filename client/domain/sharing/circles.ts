// The circles the signed-in forager belongs to (issue #20): each one's id, name, the forager's role in it and its
// size. Here in the shell so any feature that names or offers a circle (the share dialog, the filter, a spot's
// badge) can read them without importing the circles feature, which manages them (client/features/circles).
import { useAfterFirstDraw } from '../../lib/after-first-draw.ts';
import { useQuery } from '@tanstack/react-query';
import type { Circle } from '../../../common/schemas/circles.ts';
import { api, isUnreachable } from '../../lib/api-client.ts';
import { deviceDb, hasDeviceStorage } from '../offline/device-db.ts';
import { useSession } from '../session/session.tsx';

/** Query keys: every circle query starts with ['circles'], so invalidating that refreshes them all. */
export const circleKeys = {
  /** The list of my circles (GET /api/v1/circles). */
  all: ['circles'] as const,
  one: (id: string) => ['circles', id] as const,
  members: (id: string) => ['circles', id, 'members'] as const,
  invites: (id: string) => ['circles', id, 'invites'] as const,
};

/** Where the device keeps the user's list of circles for use with no signal (the `meta` store, per user). */
const keptCirclesKey = (userId: string) => `circles:${userId}`;

/**
 * My circles, in name order. The contract is loaded with the request: the main screen does not carry zod. Each
 * answer is kept on the device for the signed-in user; with no signal (or no server) the kept list is used, so the
 * share dialog and the badges still name the circles offline. Sign-out deletes it with the rest of the user's data.
 */
export async function fetchMyCircles(signal?: AbortSignal, userId?: string): Promise<Circle[]> {
  let items: Circle[];
  try {
    ({ items } = await api('/api/v1/circles', {
      signal,
      schema: () => import('../../../common/schemas/circles.ts').then((contract) => contract.CircleListSchema),
    }));
  } catch (error) {
    const kept = userId && isUnreachable(error) ? await keptCircles(userId) : null;
    if (kept) return kept;
    throw error;
  }
  const sorted = [...items].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  if (userId) void keepCircles(userId, sorted);
  return sorted;
}

async function keptCircles(userId: string): Promise<Circle[] | null> {
  if (!hasDeviceStorage()) return null;
  try {
    const kept = await (await deviceDb()).get('meta', keptCirclesKey(userId));
    return Array.isArray(kept) ? (kept as Circle[]) : null;
  } catch {
    return null;
  }
}

async function keepCircles(userId: string, circles: Circle[]): Promise<void> {
  if (!hasDeviceStorage()) return;
  try {
    await (await deviceDb()).put('meta', circles, keptCirclesKey(userId));
  } catch {
    // A full or unavailable device store: the list is asked for again next time.
  }
}

/**
 * My circles, kept by TanStack Query under ['circles']; use `data` (undefined while loading, or offline before the
 * device ever kept them). Asked for again whenever a screen that uses them opens: the main screen holds them for its
 * popups all along, and a circle one has just been removed from must not be offered, or listed, from that copy.
 */
export function useMyCircles(options: { afterTheMap?: boolean } = {}) {
  const { session } = useSession();
  const userId = session.status === 'signed-in' ? session.me.id : undefined;
  // The map's popups and the filter need the names only once a pin or the filter is opened: asked for after the map's
  // first tiles, with the contract's code, which the first draw does not need either.
  const mapDrawn = useAfterFirstDraw();
  return useQuery({
    queryKey: circleKeys.all,
    queryFn: ({ signal }) => fetchMyCircles(signal, userId),
    refetchOnMount: 'always',
    enabled: !options.afterTheMap || mapDrawn,
  });
}
