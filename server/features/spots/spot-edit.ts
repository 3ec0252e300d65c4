// An edit of a spot, from the API's patch to the columns it sets: the same tidying as creating a spot
// (spot-columns.ts), and the rule that a position placed by hand has no accuracy.
import type { UpdateSpot } from '../../../common/schemas/spots.ts';
import { SPOT_COLUMNS, SPOT_FIELDS, tidyText, type EditableSpot, type SpotChanges } from '../../db/spot-columns.ts';

/** Thrown inside the edit's transaction when the spot moved past the edit's base version. */
export class StaleEdit extends Error {
  override name = 'StaleEdit';
}

/** The columns a patch sets, its text trimmed as on create; a new position without accuracy_m clears it. */
export function spotChanges(patch: Omit<UpdateSpot, 'base_version'>): SpotChanges {
  const tidied = tidyText(patch);
  const changes: Record<string, unknown> = {};
  for (const field of SPOT_FIELDS) {
    if (field !== 'accuracy_m' && tidied[field] !== undefined) changes[SPOT_COLUMNS[field]] = tidied[field];
  }
  // The schema lets accuracy_m come only with a new position (latitude and longitude change together).
  if (patch.latitude !== undefined) changes[SPOT_COLUMNS.accuracy_m] = patch.accuracy_m ?? null;
  return changes as SpotChanges;
}

/** Whether the spot already holds every value of these changes. */
export function holdsAlready(current: EditableSpot, changes: SpotChanges): boolean {
  return (Object.keys(changes) as Array<keyof SpotChanges>).every((key) => current[key] === changes[key]);
}
