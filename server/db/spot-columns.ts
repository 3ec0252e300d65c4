// Where the API's fields of a spot meet the table's columns (server/db/schema.ts): creating, importing and editing
// a spot all write through this one map. (Reading goes the other way, in SQL: spot-json.ts.)
import type { CreateSpot } from '../../common/schemas/spots.ts';
import { SPOT_FIELD_LIST, type ColumnFieldName } from '../../common/spot-fields.ts';
import type { spots } from './schema.ts';

type NewSpot = typeof spots.$inferInsert;

/**
 * A spot's own fields, as the API names them (common/spot-fields.ts). Its audience and circles are not columns
 * of the spot: `is_public` and the rows of location_circles hold them (spot-sharing.ts).
 */
export type SpotField = ColumnFieldName;
/** Every field of a spot, as creating or importing one gives them (the optional ones may be left out). */
export type SpotFields = Pick<CreateSpot, SpotField>;

type ColumnField = Extract<(typeof SPOT_FIELD_LIST)[number], { column: string }>;
/** Each field's column, from the list; a column the table does not have does not compile. */
export const SPOT_COLUMNS = Object.fromEntries(
  SPOT_FIELD_LIST.flatMap((field) => (field.column === null ? [] : [[field.name, field.column]])),
) as { [Field in ColumnField as Field['name']]: Field['column'] } satisfies { [Field in SpotField]: keyof NewSpot };

type SpotColumn = (typeof SPOT_COLUMNS)[SpotField];
/** The columns a spot's fields fill. */
export type SpotValues = Pick<NewSpot, SpotColumn>;
/** Some of them, as an edit sets them. */
export type SpotChanges = Partial<SpotValues>;
/** The columns an edit may change, as they are now, with the spot's version. */
export type EditableSpot = Required<SpotValues> & { version: number };

export const SPOT_FIELDS = Object.keys(SPOT_COLUMNS) as SpotField[];

const TIDY = SPOT_FIELD_LIST.flatMap((field) => ('tidy' in field ? [[field.name, field.tidy] as const] : []));

/**
 * The columns of a whole spot: null where a field is empty, and the column's default (private, exact) where a field
 * that has one was not given.
 */
export function spotColumns(fields: SpotFields): SpotValues {
  const values: Record<string, unknown> = {};
  for (const field of SPOT_FIELDS) {
    const value = fields[field];
    if (value === undefined && (field === 'is_public' || field === 'precision')) continue;
    values[SPOT_COLUMNS[field]] = value ?? null;
  }
  return values as SpotValues;
}

/**
 * Text as it is stored, the same on create and edit: trimmed, and text of nothing but spaces, where the field may be
 * null, is none (the list's `tidy`). Only the fields given are touched.
 */
export function tidyText<Fields extends Partial<Record<string, unknown>>>(fields: Fields): Fields {
  const tidied: Record<string, unknown> = { ...fields };
  for (const [name, tidy] of TIDY) {
    const value = tidied[name];
    if (typeof value !== 'string') continue;
    tidied[name] = tidy === 'trim' || value.trim() ? value.trim() : null;
  }
  return tidied as Fields;
}
