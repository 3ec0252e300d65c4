// Distances on the Earth, one function for the phone and the server: guidance, the import's near-duplicates and
// "due now" all measure the same way. A sphere of the mean radius is within ~0.5 % of the ellipsoid, far inside a
// phone GPS's own error.

const EARTH_RADIUS_M = 6_371_008.8;

export type Point = { latitude: number; longitude: number };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine: stable for the few metres between a forager and a car). */
export function distanceMetres(from: Point, to: Point): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLng = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}
