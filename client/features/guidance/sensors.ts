// What guidance reads from the phone: the position as it changes, the compass, the screen kept awake, and a
// clock that ticks so a position that stops coming is noticed. All work with no network.
import { useEffect, useState } from 'react';
import { normaliseDegrees } from '../../lib/geodesy.ts';

export type PositionState =
  | { status: 'waiting' }
  | { status: 'denied' }
  | { status: 'unavailable' }
  | { status: 'located'; latitude: number; longitude: number; accuracy: number; timestamp: number };

/** Every fix the phone has, as it comes: high accuracy, never from the browser's cache. */
export function useWatchedPosition(): PositionState {
  const [state, setState] = useState<PositionState>(() => ('geolocation' in navigator ? { status: 'waiting' } : { status: 'unavailable' }));
  useEffect(function watchPosition() {
    if (!('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      ({ coords, timestamp }) =>
        setState({ status: 'located', latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy, timestamp }),
      // A timeout or a lost fix keeps the last position (it turns stale in words); a refusal is said at once.
      (error) => setState((previous) => (error.code === 1 ? { status: 'denied' } : previous.status === 'located' ? previous : { status: 'unavailable' })),
      { enableHighAccuracy: true, maximumAge: 0 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, []);
  return state;
}

type CompassEvent = DeviceOrientationEvent & { webkitCompassHeading?: number };

/**
 * Which way the top of the phone points, in degrees from north, or null where the device gives no compass.
 * iOS names it `webkitCompassHeading`; elsewhere `deviceorientationabsolute` gives `alpha` counter-clockwise
 * from north (plain `deviceorientation` too, when it says it is absolute). A plain relative `alpha` is
 * measured from wherever the phone pointed at start: no use for finding a car, so it is ignored.
 */
export function useCompassHeading(): number | null {
  const [heading, setHeading] = useState<number | null>(null);
  useEffect(function listenToTheCompass() {
    const screenAngle = () => (typeof screen !== 'undefined' && screen.orientation ? screen.orientation.angle : 0);
    const fromEvent = (event: CompassEvent, absolute: boolean) => {
      if (typeof event.webkitCompassHeading === 'number' && Number.isFinite(event.webkitCompassHeading)) {
        setHeading(normaliseDegrees(event.webkitCompassHeading + screenAngle()));
      } else if ((absolute || event.absolute) && typeof event.alpha === 'number') {
        setHeading(normaliseDegrees(360 - event.alpha + screenAngle()));
      }
    };
    const onAbsolute = (event: Event) => fromEvent(event as CompassEvent, true);
    const onRelative = (event: Event) => fromEvent(event as CompassEvent, false);
    window.addEventListener('deviceorientationabsolute', onAbsolute);
    window.addEventListener('deviceorientation', onRelative);
    return () => {
      window.removeEventListener('deviceorientationabsolute', onAbsolute);
      window.removeEventListener('deviceorientation', onRelative);
    };
  }, []);
  return heading;
}

/**
 * Keeps the screen on while guidance is open, where the browser has the Screen Wake Lock API. The browser
 * drops the lock whenever the page is hidden; it is taken again when the page is shown.
 */
export function useScreenWakeLock(): void {
  useEffect(function keepTheScreenOn() {
    if (!('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let closed = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          if (closed) void sentinel.release().catch(() => undefined);
          else lock = sentinel;
        },
        () => undefined, // low battery or a policy: guidance works, the screen may just dim
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') acquire();
      else if (lock) void lock.release().catch(() => undefined);
    };
    acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      closed = true;
      document.removeEventListener('visibilitychange', onVisibility);
      if (lock) void lock.release().catch(() => undefined);
    };
  }, []);
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
