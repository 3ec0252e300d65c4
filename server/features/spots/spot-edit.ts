// An edit of a spot, from the API's patch to the columns it sets: the same tidying as creating a spot
// (spot-input.ts), and the rule that a position placed by hand has no accuracy.
import type { UpdateSpot } from '../../../common/schemas/spots.ts';
import type { EditableSpot, SpotChanges } from './spots.queries.ts';

/** Thrown inside the edit's transaction when the spot moved past the edit's base version. */
export class StaleEdit extends Error {
  override name = 'StaleEdit';
}

/** The columns a patch sets, its text trimmed as on create; a new position without accuracy_m clears it. */
export function spotChanges(patch: Omit<UpdateSpot, 'base_version'>): SpotChanges {
  const changes: SpotChanges = {};
  if (patch.type !== undefined) changes.type = patch.type;
  if (patch.mushroom_types !== undefined) changes.mushroomTypes = patch.mushroom_types.trim();
  if (patch.finder !== undefined) changes.finder = patch.finder.trim();
  if (patch.date_found !== undefined) changes.dateFound = patch.date_found;
  if (patch.notes !== undefined) changes.notes = patch.notes?.trim() ? patch.notes.trim() : null;
  if (patch.latitude !== undefined && patch.longitude !== undefined) {
    changes.latitude = patch.latitude;
    changes.longitude = patch.longitude;
    changes.accuracyM = patch.accuracy_m ?? null;
  }
  if (patch.is_public !== undefined) changes.isPublic = patch.is_public;
  return changes;
}

/** Whether the spot already holds every value of these changes. */
export function holdsAlready(current: EditableSpot, changes: SpotChanges): boolean {
  return (Object.keys(changes) as Array<keyof SpotChanges>).every((key) => current[key] === changes[key]);
}
