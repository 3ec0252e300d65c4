// Work the first paint does not need (the device's copy of spots, chunks kept for use with no signal) waits
// until the page has nothing more urgent to do: on a phone the map's first draw competes with it for one core.

/** Longest wait for an idle moment: the work is only put off, never dropped. */
const IDLE_TIMEOUT_MS = 3_000;

/** Resolves at the browser's next idle moment (or after a short timer where it has no idle callback, as Safari). */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 50);
  });
}
