// A spot's words as the spot card and the map's popup show them, read from the list of its fields
// (common/spot-fields.ts): its name, and each text field shown alone (its notes) or after its label, in the list's
// order. A text field added to the list is shown by both with no change here.
import type { Spot } from '../../../common/schemas/spots.ts';
import { SHOWN_TEXT_FIELDS, TITLE_FIELD, type ShownTextField } from '../../../common/spot-fields.ts';

export type TextRow = {
  name: ShownTextField['name'];
  /** The words naming the field, shown before its text unless it stands `alone`. */
  label: ShownTextField['label'];
  text: string;
  alone: boolean;
};

/** The spot's name: what it holds (its mushrooms), or, when blank, its type's name. */
export const spotTitle = (spot: Pick<Spot, typeof TITLE_FIELD>, typeName: string): string =>
  spot[TITLE_FIELD] || typeName;

/** The spot's text fields that are not blank, in the list's order. */
export function textRows(spot: Spot): TextRow[] {
  return SHOWN_TEXT_FIELDS.flatMap((field) => {
    // A spot kept on the device before a field existed has none of it.
    const text: string | null | undefined = spot[field.name];
    return text ? [{ name: field.name, label: field.label, text, alone: field.show === 'note' }] : [];
  });
}
