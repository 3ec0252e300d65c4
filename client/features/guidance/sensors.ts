// What guidance reads from the phone besides its position (client/lib/position-watch.ts): the compass and the
// screen kept awake. Both work with no network.
import { useEffect, useState } from 'react';
import { normaliseDegrees } from '../../lib/geodesy.ts';

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
