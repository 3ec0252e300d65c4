// Where the API's fields of a spot meet the table's columns (server/db/schema.ts): creating, importing and editing
// a spot all write through this one map. (Reading goes the other way, in SQL: spot-json.ts.)
import type { CreateSpot, UpdateSpot } from '../../common/schemas/spots.ts';
import type { spots } from './schema.ts';

type NewSpot = typeof spots.$inferInsert;

/**
 * A spot's own fields, as the API names them (common/schemas/spots.ts). Its audience and circles are not columns
 * of the spot: `is_public` and the rows of location_circles hold them (spot-sharing.ts).
 */
export type SpotField = Exclude<keyof UpdateSpot, 'base_version' | 'audience' | 'circle_ids'>;
/** Every field of a spot, as creating or importing one gives them (the optional ones may be left out). */
export type SpotFields = Pick<CreateSpot, SpotField>;

/** Each field's column. A field added to the schema must be added here, or this does not compile. */
export const SPOT_COLUMNS = {
  type: 'type',
  mushroom_types: 'mushroomTypes',
  finder: 'finder',
  date_found: 'dateFound',
  notes: 'notes',
  latitude: 'latitude',
  longitude: 'longitude',
  accuracy_m: 'accuracyM',
  is_public: 'isPublic',
  precision: 'precision',
} as const satisfies { [Field in SpotField]: keyof NewSpot };

type SpotColumn = (typeof SPOT_COLUMNS)[SpotField];
/** The columns a spot's fields fill. */
export type SpotValues = Pick<NewSpot, SpotColumn>;
/** Some of them, as an edit sets them. */
export type SpotChanges = Partial<SpotValues>;
/** The columns an edit may change, as they are now, with the spot's version. */
export type EditableSpot = Required<SpotValues> & { version: number };

export const SPOT_FIELDS = Object.keys(SPOT_COLUMNS) as SpotField[];

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
 * Text as it is stored, the same on create and edit: trimmed, and notes of nothing but spaces are no notes.
 * Only the fields given are touched.
 */
export function tidyText<Fields extends Partial<Pick<SpotFields, 'mushroom_types' | 'finder' | 'notes'>>>(
  fields: Fields,
): Fields {
  const tidied = { ...fields };
  if (tidied.mushroom_types !== undefined) tidied.mushroom_types = tidied.mushroom_types.trim();
  if (tidied.finder !== undefined) tidied.finder = tidied.finder.trim();
  if (tidied.notes !== undefined) tidied.notes = tidied.notes?.trim() ? tidied.notes.trim() : null;
  return tidied;
}
