// A spot's fields, listed once: the contract's schemas (spot-fields.ts, which adds each field's zod rules), the
// table's mapping, the edit, the export, the import's round trip, the card, the map's details and the conflict dialog
// are derived from it. A field added here is a compile error in each place that must say more about it; a plain text
// field (json: plain, show: row, compare: text, export: text, import: kept) needs nothing more than its rules in
// spot-fields.ts, its column, its limit (max) and its label: the add and edit form, the spot card, the map's details
// and the conflict dialog show it. This file holds no zod, so the web app's first code can read it.
import type { SpotFieldDescriptor } from './spot-field-descriptor.ts';
import { HABITAT_MAX } from './limits.ts';

export type { SpotFieldDescriptor } from './spot-field-descriptor.ts';

export const SPOT_FIELD_LIST = [
  {
    name: 'type',
    nullable: false,
    column: 'type',
    json: 'plain',
    label: 'form.type',
    show: 'placed',
    compare: 'type',
    export: 'placed',
    import: 'kept',
    example: 'mushroom_spot',
  },
  {
    name: 'mushroom_types',
    nullable: false,
    column: 'mushroomTypes',
    tidy: 'trim',
    json: 'plain',
    label: 'form.mushroomTypes',
    show: 'title',
    compare: 'text',
    export: 'placed',
    import: 'kept',
    example: 'Chanterelle',
  },
  {
    name: 'finder',
    nullable: false,
    column: 'finder',
    tidy: 'trim',
    json: 'plain',
    label: 'form.finder',
    show: 'placed',
    compare: 'text',
    export: 'placed',
    import: 'kept',
    example: 'Ona',
  },
  {
    name: 'date_found',
    nullable: false,
    column: 'dateFound',
    json: 'plain',
    label: 'form.dateFound',
    show: 'placed',
    compare: 'date',
    export: 'placed',
    import: 'kept',
    example: '2026-09-14',
  },
  {
    name: 'notes',
    nullable: true,
    column: 'notes',
    tidy: 'trim-or-null',
    json: 'plain',
    label: 'form.notes',
    show: 'note',
    compare: 'text',
    export: 'placed',
    import: 'kept',
    example: 'Under the old spruce',
  },
  {
    name: 'habitat',
    nullable: true,
    column: 'habitat',
    tidy: 'trim-or-null',
    json: 'plain',
    label: 'form.habitat',
    show: 'row',
    max: HABITAT_MAX,
    compare: 'text',
    export: 'text',
    import: 'kept',
    example: 'Mossy ground under spruce',
  },
  {
    name: 'latitude',
    nullable: false,
    column: 'latitude',
    json: 'custom',
    label: 'conflict.position',
    show: 'placed',
    compare: 'position',
    export: 'placed',
    import: 'position',
    example: 54.6872,
  },
  {
    name: 'longitude',
    nullable: false,
    column: 'longitude',
    json: 'custom',
    label: 'conflict.position',
    show: 'placed',
    compare: 'position',
    export: 'placed',
    import: 'position',
    example: 25.2797,
  },
  {
    name: 'accuracy_m',
    nullable: true,
    column: 'accuracyM',
    json: 'custom',
    label: 'conflict.position',
    show: 'placed',
    compare: 'position',
    export: 'placed',
    import: 'kept',
  },
  {
    name: 'is_public',
    nullable: false,
    column: 'isPublic',
    json: 'plain',
    label: 'form.sharing',
    show: 'placed',
    compare: 'sharing',
    export: 'placed',
    import: 'forager',
    example: false,
  },
  {
    name: 'audience',
    nullable: false,
    column: null,
    json: 'custom',
    label: 'form.sharing',
    show: 'placed',
    compare: 'sharing',
    export: 'placed',
    import: 'forager',
  },
  {
    name: 'circle_ids',
    nullable: false,
    column: null,
    json: 'custom',
    label: 'form.sharing',
    show: 'placed',
    compare: 'sharing',
    export: 'placed',
    import: 'forager',
  },
  {
    name: 'precision',
    nullable: false,
    column: 'precision',
    json: 'plain',
    label: 'sharing.precisionLabel',
    show: 'placed',
    compare: 'precision',
    export: 'placed',
    import: 'forager',
  },
] as const satisfies readonly SpotFieldDescriptor[];

export type ListedField = (typeof SPOT_FIELD_LIST)[number];
type Listed = ListedField;
export type SpotFieldName = Listed['name'];
/** The fields that are columns of the spot (audience and circles are held by is_public and location_circles). */
export type ColumnFieldName = Extract<Listed, { column: string }>['name'];
/** The fields the API's JSON gives as the column is; the others are written in spot-json.ts. */
export type PlainJsonFieldName = Extract<Listed, { json: 'plain' }>['name'];
export type CustomJsonFieldName = Extract<Listed, { json: 'custom' }>['name'];
/** The fields each GPX and KML writer places itself (export-formats.ts). */
export type PlacedExportFieldName = Extract<Listed, { export: 'placed' }>['name'];
export type TextExportFieldName = Extract<Listed, { export: 'text' }>['name'];

export const fieldsWhere = <Key extends keyof SpotFieldDescriptor, Value extends SpotFieldDescriptor[Key]>(
  key: Key,
  value: Value,
) => SPOT_FIELD_LIST.filter((field) => (field as SpotFieldDescriptor)[key] === value);

export const isColumn = (field: Listed): field is Extract<Listed, { column: string }> => field.column !== null;
export const isSharing = (field: Listed): field is Extract<Listed, { column: null }> => field.column === null;
export const isText = (field: Listed): field is Extract<Listed, { export: 'text' }> =>
  (field as SpotFieldDescriptor).export === 'text';
/** The plain text fields, which Foray's GPX, KML, GeoJSON and CSV carry by name and its import reads back. */
export const TEXT_FIELD_NAMES = fieldsWhere('export', 'text').map((field) => field.name) as TextExportFieldName[];
export type TextFields = { [Name in TextExportFieldName]: string | null };

/** The fields the spot card and the map's popup show as text of their own, alone or after their label, in order. */
export type ShownTextField = Extract<Listed, { show: 'note' | 'row' }>;
const isShownText = (field: Listed): field is ShownTextField =>
  ['note', 'row'].includes((field as SpotFieldDescriptor).show);
export const SHOWN_TEXT_FIELDS: readonly ShownTextField[] = SPOT_FIELD_LIST.filter(isShownText);
/** The text fields shown after their label: the add and edit form gives each a line of its own, as long as `max`. */
export type RowFieldName = Extract<Listed, { show: 'row' }>['name'];
export const ROW_FIELDS: readonly { name: RowFieldName; label: SpotFieldLabel; max: number }[] = SPOT_FIELD_LIST.filter(
  (field): field is Extract<Listed, { show: 'row' }> => (field as SpotFieldDescriptor).show === 'row',
);
/** The field that names the spot (its type's name when it is blank). */
export const TITLE_FIELD = SPOT_FIELD_LIST.find(
  (field): field is Extract<Listed, { show: 'title' }> => field.show === 'title',
)!.name;
/** What the conflict dialog compares by: the fields of each kind, and the words naming any of them. */
export type CompareKind = SpotFieldDescriptor['compare'];
export type ComparedFieldName<Kind extends CompareKind> = Extract<Listed, { compare: Kind }>['name'];
export type SpotFieldLabel = Listed['label'];

/** Every field by name. */
export const SPOT_FIELD = Object.fromEntries(SPOT_FIELD_LIST.map((field) => [field.name, field])) as {
  [Field in Listed as Field['name']]: Field;
};
/** The example values of a valid spot (tests). */
export const exampleSpot = () =>
  Object.fromEntries(
    SPOT_FIELD_LIST.flatMap((field) =>
      'example' in field && field.example !== undefined ? [[field.name, field.example]] : [],
    ),
  ) as { [Field in Extract<Listed, { example: unknown }> as Field['name']]: Widen<Field['example']> };
type Widen<Value> = Value extends string ? string : Value extends number ? number : boolean;
