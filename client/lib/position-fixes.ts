// Averaging the phone's position fixes while the forager stands still, for "Add at my position".
import { distanceMetres, type Point } from './geodesy.ts';

export type Fix = Point & { accuracy: number; timestamp: number };
export type AveragedFix = Point & { accuracy: number; count: number };

/** A position this good is worth saving at once. */
export const GOOD_ENOUGH_M = 20;
/** After this long the best so far may be saved: under trees a phone may never do better. */
export const BEST_AFTER_MS = 15_000;

/**
 * The latest fix averaged with the earlier ones that agree with it — those within the larger of the two
 * accuracies of it, so a forager who walked on leaves the old fixes behind — each weighted by 1/accuracy²
 * (a fix twice as precise counts four times as much). The stated accuracy is the weighted mean's, 1/√Σw,
 * but never below half the best fix's: a phone's successive fixes share most of their error, so n of them
 * are worth far less than n independent ones.
 */
export function averageFixes(fixes: readonly Fix[]): AveragedFix | null {
  const latest = fixes.at(-1);
  if (!latest) return null;
  const agreeing = fixes.filter((fix) => distanceMetres(fix, latest) <= Math.max(fix.accuracy, latest.accuracy));
  let weights = 0;
  let latitude = 0;
  let longitude = 0;
  let best = Infinity;
  for (const fix of agreeing) {
    const weight = 1 / (fix.accuracy * fix.accuracy);
    weights += weight;
    latitude += fix.latitude * weight;
    longitude += fix.longitude * weight;
    best = Math.min(best, fix.accuracy);
  }
  return {
    latitude: latitude / weights,
    longitude: longitude / weights,
    accuracy: Math.max(1 / Math.sqrt(weights), best / 2),
    count: agreeing.length,
  };
}

/** Whether the forager may save now: the position is good enough, or they have waited long enough for it. */
export function canUseFix(averaged: AveragedFix | null, waitedMs: number): boolean {
  return averaged !== null && (averaged.accuracy <= GOOD_ENOUGH_M || waitedMs >= BEST_AFTER_MS);
}
