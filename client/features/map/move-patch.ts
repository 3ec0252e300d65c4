// What a move changes: the new position, rounded as a new spot is sent, and the accuracy that goes with it.
import type { SpotPatch } from '../../domain/spots/spot-types.ts';

/**
 * A move: the new position, and the accuracy that goes with it — the phone's (averaged) estimate when moved
 * to where the forager stands, none when dragged or put at the map's centre by hand.
 */
export function movePatch(latitude: number, longitude: number, accuracy: number | null): SpotPatch {
  // Rounded to 0.1 m, as when adding: more digits would claim a precision no phone has.
  // Six decimals (~0.1 m), as a new spot is sent.
  const round = (degrees: number) => Number(degrees.toFixed(6));
  return {
    latitude: round(latitude),
    longitude: round(longitude),
    accuracy_m: accuracy === null ? null : Math.max(0.1, Math.round(accuracy * 10) / 10),
  };
}
