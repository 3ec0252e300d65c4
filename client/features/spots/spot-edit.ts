// What an edit changes: the form's values against the spot as the user saw it, reduced to the fields that differ.
import type { ShownSpot, SpotPatch } from '../../domain/spots/spot-types.ts';
import { sharingOf } from '../../domain/sharing/sharing.ts';
import type { SpotFormValues } from '../../domain/spots/spot-form.tsx';
import { sharingPatch } from '../../domain/sharing/sharing-choice.ts';
import { changedRowTexts, rowTextsOf } from '../../domain/spots/spot-text.ts';

/** The edit dialog's values: the spot form's (domain/spots/spot-form.tsx). */
export type EditValues = SpotFormValues;

/** The values the form starts with: the spot as shown, its text as typed. */
export function editValuesOf(spot: ShownSpot): EditValues {
  return {
    type: spot.type,
    mushroom_types: spot.mushroom_types,
    finder: spot.finder,
    date_found: spot.date_found,
    notes: spot.notes ?? '',
    ...rowTextsOf(spot),
    sharing: sharingOf(spot),
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
  return { ...patch, ...changedRowTexts(before, values), ...sharingPatch(before.sharing, values.sharing) };
}
