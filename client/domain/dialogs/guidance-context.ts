// Opening guidance to a spot from anywhere (a map popup, a card): the view itself lives in
// client/features/guidance and is loaded only when first needed (client/app/main-screen.tsx).
import { createContext, useContext } from 'react';

export type GuidanceTarget = {
  latitude: number;
  longitude: number;
  /** What the forager calls the place: the spot's title. */
  title: string;
  /** A car park gets "Back to the car"; any other spot "Guide me here". */
  isCar: boolean;
  /**
   * Another forager's spot shared approximately (ADR 0053): the target is the point shown to the viewer, and the
   * spot is somewhere in this grid square of about 1 km or 10 km, [min_lng, min_lat, max_lng, max_lat].
   */
  area?: { bounds: [number, number, number, number]; precision: '1km' | '10km' } | null;
};

export const GuidanceContext = createContext<(target: GuidanceTarget) => void>(() => undefined);

/** Call from a tap: on iOS the compass may only be asked for inside the tap's handler. */
export function useGuide(): (target: GuidanceTarget) => void {
  return useContext(GuidanceContext);
}

type OrientationPermission = { requestPermission?: () => Promise<'granted' | 'denied' | 'default'> };

/**
 * iOS Safari gives no compass events until the page asks, and only from a user gesture; other browsers have
 * no such method and send events anyway. Asked before the lazy view loads, while the tap still counts.
 */
export function askForCompass(): void {
  const orientation = (globalThis as { DeviceOrientationEvent?: OrientationPermission }).DeviceOrientationEvent;
  if (typeof orientation?.requestPermission === 'function') void orientation.requestPermission().catch(() => undefined);
}
