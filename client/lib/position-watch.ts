// The phone's position as it changes, and a clock that ticks so a position that stops coming is noticed:
// what guidance and "Add at my position" read. Both work with no network.
import { useEffect, useState } from 'react';

export type PositionState =
  | { status: 'waiting' }
  | { status: 'denied' }
  | { status: 'unavailable' }
  | { status: 'located'; latitude: number; longitude: number; accuracy: number; timestamp: number };

/** Every fix the phone has, as it comes: high accuracy, never from the browser's cache. */
export function useWatchedPosition(): PositionState {
  const [state, setState] = useState<PositionState>(() =>
    'geolocation' in navigator ? { status: 'waiting' } : { status: 'unavailable' },
  );
  useEffect(function watchPosition() {
    if (!('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      ({ coords, timestamp }) =>
        setState({
          status: 'located',
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: coords.accuracy,
          timestamp,
        }),
      // A timeout or a lost fix keeps the last position (it turns stale in words); a refusal is said at once.
      (error) =>
        setState((previous) =>
          error.code === 1
            ? { status: 'denied' }
            : previous.status === 'located'
              ? previous
              : { status: 'unavailable' },
        ),
      { enableHighAccuracy: true, maximumAge: 0 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, []);
  return state;
}

/** Date.now(), once a second: a position with no news must turn "stale" without a new fix to say so. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(function tick() {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}
