// One spot by its id, for a popup: the overview's lone pins and the spots' map's pins carry no details (ADR 0026,
// ADR 0065). From the server, or with no signal from the copy kept on the device; someone else's spot read from the
// server is kept in full, so its popup opens with no signal too.
import type { Spot } from '../../../common/schemas/spots.ts';
import { ApiError, api } from '../../lib/api-client.ts';

/** How long a popup waits for the server before it shows the device's copy. */
const SPOT_TIMEOUT_MS = 8_000;

/**
 * The spot as the server has it now; 'gone' when the server says the caller may not see it (deleted, or made
 * private since the tile was drawn); the device's copy when the server cannot be reached; null when there is none.
 */
export async function readSpot(id: string, userId: string, offline: boolean): Promise<Spot | 'gone' | null> {
  if (!offline) {
    try {
      const spot = await api(`/api/v1/locations/${encodeURIComponent(id)}`, {
        timeoutMs: SPOT_TIMEOUT_MS,
        schema: () => import('../../../common/schemas/spots.ts').then((contract) => contract.SpotSchema),
      });
      void import('../../domain/offline/spot-cache.ts')
        .then((cache) => cache.keepOpenedSpot(userId, spot))
        .catch(() => undefined);
      return spot;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return 'gone';
    }
  }
  try {
    const { keptSpots } = await import('../../domain/offline/spot-cache.ts');
    return (await keptSpots(userId)).find((spot) => spot.id === id) ?? null;
  } catch {
    // No device storage (a private window): nothing kept to show.
    return null;
  }
}
