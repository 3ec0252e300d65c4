// Distances and directions on the Earth, as pure functions: what guidance shows with no network.
// A sphere of the mean radius is within ~0.5 % of the ellipsoid, far inside a phone GPS's own error.

import { distanceMetres, type Point } from '../../common/geodesy.ts';

export { distanceMetres, type Point };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The initial bearing from `from` towards `to`, in degrees clockwise from true north, 0 ≤ b < 360. */
export function initialBearing(from: Point, to: Point): number {
  const φ1 = toRadians(from.latitude);
  const φ2 = toRadians(to.latitude);
  const Δλ = toRadians(to.longitude - from.longitude);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return normaliseDegrees(toDegrees(Math.atan2(y, x)));
}

/** Any angle folded into 0 ≤ a < 360. */
export function normaliseDegrees(degrees: number): number {
  const folded = degrees % 360;
  return folded < 0 ? folded + 360 : folded === 0 ? 0 : folded;
}

export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The nearest of the eight compass points: words a forager can follow, where 237° is not. */
export function compassPoint(bearing: number): CompassPoint {
  return COMPASS_POINTS[Math.round(normaliseDegrees(bearing) / 45) % 8]!;
}

/**
 * Metres below 1 km (to 1 m under 100 m, else to 10 m: GPS is not better than that), then km with one decimal
 * (whole km from 10 km). Numbers are written the language's way: "1.2 km", "1,2 km".
 */
export function formatDistance(metres: number, language: string): string {
  if (metres < 999.5) {
    const rounded = metres < 100 ? Math.round(metres) : Math.round(metres / 10) * 10;
    if (rounded < 1000) return `${new Intl.NumberFormat(language).format(rounded)} m`;
  }
  const km = metres / 1000;
  const digits = km < 9.95 ? 1 : 0;
  return `${new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(km)} km`;
}
