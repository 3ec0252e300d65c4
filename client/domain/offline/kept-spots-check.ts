// The page's check of the spots the device keeps (revocation.ts), after the outbox's sends: at start and when the
// network returns, then at most every few minutes. Separate from sending: a check never holds up a change.
import { useCallback, useRef } from 'react';

const loadRevocation = () => import('./revocation.ts');

/** How often, at most, a page checks its kept spots when the network did not come back in between. */
const CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * `check`: runs the check unless one is running, the device is offline, or the last one is recent and nothing made
 * a new one due. `markDue`: the network came back, so the next `check` runs whatever the interval.
 */
export function useKeptSpotsCheck(userId: string): { check: () => void; markDue: () => void } {
  const state = useRef({ running: false, due: true, checkedAt: 0 });
  const check = useCallback(() => {
    const current = state.current;
    if (current.running || !navigator.onLine) return;
    if (!current.due && Date.now() - current.checkedAt < CHECK_INTERVAL_MS) return;
    current.running = true;
    void loadRevocation()
      .then((revocation) => revocation.checkKeptSpots(userId))
      .then((outcome) => {
        // Not reached: the device keeps what it has, and the next send that gets through checks again.
        if (outcome === 'checked') Object.assign(current, { due: false, checkedAt: Date.now() });
      })
      .catch(() => undefined)
      .finally(() => {
        current.running = false;
      });
  }, [userId]);
  const markDue = useCallback(() => {
    state.current.due = true;
  }, []);
  return { check, markDue };
}
