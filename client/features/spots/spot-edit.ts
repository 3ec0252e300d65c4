// What an edit changes: the form's values against the spot as the user saw it, reduced to the fields that differ.
import type { SpotType } from '../../../common/schemas/spots.ts';
import type { ShownSpot, SpotPatch } from '../../app/local-first/outbox-model.ts';

export type EditValues = {
  type: SpotType;
  mushroom_types: string;
  finder: string;
  date_found: string;
  notes: string;
  is_public: boolean;
};

/** The values the form starts with: the spot as shown, its text as typed. */
export function editValuesOf(spot: ShownSpot): EditValues {
  return {
    type: spot.type,
    mushroom_types: spot.mushroom_types,
    finder: spot.finder,
    date_found: spot.date_found,
    notes: spot.notes ?? '',
    is_public: spot.is_public,
  };
}

/** Only the fields the user changed (text compared trimmed, as the server stores it); empty when none. */
export function editPatch(spot: ShownSpot, values: EditValues): SpotPatch {
  const before = editValuesOf(spot);
  const patch: SpotPatch = {};
  if (values.type !== before.type) patch.type = values.type;
  if (values.mushroom_types.trim() !== before.mushroom_types) patch.mushroom_types = values.mushroom_types.trim();
  if (values.finder.trim() !== before.finder) patch.finder = values.finder.trim();
  if (values.date_found !== before.date_found) patch.date_found = values.date_found;
  if (values.notes.trim() !== before.notes.trim()) patch.notes = values.notes.trim();
  if (values.is_public !== before.is_public) patch.is_public = values.is_public;
  return patch;
}

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
