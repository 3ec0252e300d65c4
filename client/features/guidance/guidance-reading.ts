// What guidance says, worked out from a position, a target and a heading: pure, so the rules are tested alone.
import {
  compassPoint,
  distanceMetres,
  initialBearing,
  normaliseDegrees,
  type CompassPoint,
  type Point,
} from '../../lib/geodesy.ts';

/** A fix older than this may be from before the forager last moved (a walker covers ~40 m in 30 s). */
export const STALE_AFTER_MS = 30_000;
/** Beyond this the circle of doubt is wider than a forest clearing: the direction can be plain wrong. */
export const INACCURATE_OVER_M = 50;
/** Within this the forager is as close as GPS can tell: "you are there". */
export const ARRIVED_WITHIN_M = 10;

export type Reading = {
  distance: number;
  bearing: number;
  point: CompassPoint;
  /** Where the target is relative to where the phone points (0 = straight ahead), or null without a compass. */
  relative: number | null;
  stale: boolean;
  inaccurate: boolean;
  ageSeconds: number;
};

export function readGuidance(
  position: Point & { accuracy: number; timestamp: number },
  target: Point,
  heading: number | null,
  now: number,
): Reading {
  const bearing = initialBearing(position, target);
  const age = Math.max(0, now - position.timestamp);
  return {
    distance: distanceMetres(position, target),
    bearing,
    point: compassPoint(bearing),
    relative: heading === null ? null : normaliseDegrees(bearing - heading),
    stale: age > STALE_AFTER_MS,
    inaccurate: position.accuracy > INACCURATE_OVER_M,
    ageSeconds: Math.round(age / 1000),
  };
}

/**
 * Whether a screen reader should hear the new reading: the compass point changed, or the distance by at least
 * a tenth (and 10 m) since it last spoke. Not every fix: a voice every second makes the rest of the phone unusable.
 */
export function worthAnnouncing(
  last: { distance: number; point: CompassPoint } | null,
  next: { distance: number; point: CompassPoint },
): boolean {
  if (!last) return true;
  if (last.point !== next.point) return true;
  return Math.abs(next.distance - last.distance) >= Math.max(10, last.distance * 0.1);
}
