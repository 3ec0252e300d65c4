// Whether Foray can reach its server right now. The browser's `online` flag alone is not enough in a
// forest: a phone can hold one bar of signal and still get no answer. A request that got no answer marks
// the server unreachable; any answer marks it reachable again.
import { useSyncExternalStore } from 'react';

let serverUnreachable = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function reportServerReachable(reachable: boolean) {
  if (serverUnreachable === !reachable) return;
  serverUnreachable = !reachable;
  notify();
}

export function isOnline(): boolean {
  return navigator.onLine && !serverUnreachable;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onChange = () => {
    // Back on a network: let the next request decide whether the server answers.
    if (navigator.onLine) serverUnreachable = false;
    listener();
  };
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the device has no network or the server did not answer the last request. */
export function useOffline(): boolean {
  return !useSyncExternalStore(subscribe, isOnline, () => true);
}
