// A spot's words as the spot card and the map's popup show them, read from the list of its fields
// (common/spot-field-list.ts): its name, and each text field shown alone (its notes) or after its label, in the list's
// order; and the form's values of the fields shown after their label. A text field added to the list is shown by
// both, and filled in by the add and edit form, with no change here.
import type { Spot } from '../../../common/schemas/spots.ts';
import {
  ROW_FIELDS,
  SHOWN_TEXT_FIELDS,
  TITLE_FIELD,
  type RowFieldName,
  type ShownTextField,
} from '../../../common/spot-field-list.ts';

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

/** The text fields shown after their label, as the add and edit form holds them: as typed, blank when empty. */
export type RowTexts = Record<RowFieldName, string>;
type Texts = Partial<Record<string, string | null>>;

const rowTexts = (text: (name: RowFieldName) => string): RowTexts =>
  Object.fromEntries(ROW_FIELDS.map((field) => [field.name, text(field.name)])) as RowTexts;

/** One of them as typed. */
export const rowText = (values: RowTexts, name: RowFieldName): string => (values as Texts)[name] ?? '';

/** Each blank, for a new spot. */
export const blankRowTexts = (): RowTexts => rowTexts(() => '');

/** The spot's, for its edit (a spot kept on the device before a field existed has none of it). */
export const rowTextsOf = (spot: Pick<Spot, RowFieldName>): RowTexts => rowTexts((name) => (spot as Texts)[name] ?? '');

/** The form's, trimmed as the server stores them (blank ones become null there). */
export const trimmedRowTexts = (values: RowTexts): RowTexts => rowTexts((name) => rowText(values, name).trim());

/** Those the user changed, trimmed (text compared trimmed, as the server stores it). */
export const changedRowTexts = (before: RowTexts, values: RowTexts): Partial<RowTexts> =>
  Object.fromEntries(
    ROW_FIELDS.flatMap(({ name }) => {
      const text = rowText(values, name).trim();
      return text === rowText(before, name).trim() ? [] : [[name, text]];
    }),
  );
