// A spot's fields, listed once (the contract, the table's mapping, the edit, the export, the import's round trip
// and the conflict dialog are derived from it). A field added here is a compile error in each place that must say
// more about it; a plain text field (json: plain, show: row, compare: text, export: text, import: kept) needs nothing
// more than its column, its limit (max) and its label: the add and edit form, the spot card, the map's popup and the
// conflict dialog show it.
import { z } from 'zod';
import type { SpotFieldDescriptor } from './spot-field-descriptor.ts';
import { FINDER_MAX, HABITAT_MAX, MUSHROOM_TYPES_MAX, NOTES_MAX } from './limits.ts';
import { storableText } from './schemas/text.ts';
import {
  AccuracySchema,
  AudienceSchema,
  CircleIdsSchema,
  DateFoundSchema,
  LatitudeSchema,
  LongitudeSchema,
  PrecisionSchema,
  SpotTypeSchema,
} from './spot-field-types.ts';

export type { SpotFieldDescriptor } from './spot-field-descriptor.ts';

export const SPOT_FIELD_LIST = [
  {
    name: 'type',
    input: SpotTypeSchema,
    output: SpotTypeSchema,
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
    input: storableText(MUSHROOM_TYPES_MAX),
    output: z.string(),
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
    input: storableText(FINDER_MAX),
    output: z.string(),
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
    input: DateFoundSchema,
    output: z.string(),
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
    input: storableText(NOTES_MAX).nullish(),
    output: z.string().nullable(),
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
    input: storableText(HABITAT_MAX).nullish(),
    /** Where the mushrooms grow: "under spruce, on mossy ground". */
    output: z.string().nullable(),
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
    input: LatitudeSchema,
    /** For an approximate spot seen by someone else: the one point shown inside `area`, never the true one. */
    output: z.number(),
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
    input: LongitudeSchema,
    output: z.number(),
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
    input: AccuracySchema.nullish(),
    /** Metres; null for a spot placed on the map by hand, and for an approximate spot seen by someone else. */
    output: z.number().nullable(),
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
    input: z.boolean(),
    /** `audience` is "public". */
    output: z.boolean(),
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
    input: AudienceSchema.optional(),
    output: AudienceSchema,
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
    input: CircleIdsSchema.optional(),
    /** The owner sees all of them; a member sees the circles they share with the spot. */
    output: z.array(z.uuid()),
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
    input: PrecisionSchema,
    output: PrecisionSchema,
    column: 'precision',
    json: 'plain',
    label: 'sharing.precisionLabel',
    show: 'placed',
    compare: 'precision',
    export: 'placed',
    import: 'forager',
  },
] as const satisfies readonly SpotFieldDescriptor[];

type Listed = (typeof SPOT_FIELD_LIST)[number];
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

type Shape<Fields extends Listed, Part extends 'input' | 'output'> = {
  [Field in Fields as Field['name']]: Field[Part];
};
const shapeOf = <Fields extends Listed, Part extends 'input' | 'output'>(fields: readonly Fields[], part: Part) =>
  Object.fromEntries(fields.map((field) => [field.name, field[part]])) as Shape<Fields, Part>;

const isColumn = (field: Listed): field is Extract<Listed, { column: string }> => field.column !== null;
const isSharing = (field: Listed): field is Extract<Listed, { column: null }> => field.column === null;

/** The fields a spot is made of, each with its rule: what creating and editing both check. */
export const spotFieldSchemas = shapeOf(SPOT_FIELD_LIST.filter(isColumn), 'input');
/** Who sees the spot, as creating and editing it take them: not columns of the spot (spot-columns.ts). */
export const sharingFieldSchemas = shapeOf(SPOT_FIELD_LIST.filter(isSharing), 'input');
/** Every field as the API's Spot gives it, in the list's order. */
export const spotOutputShape = shapeOf(SPOT_FIELD_LIST, 'output');

const isText = (field: Listed): field is Extract<Listed, { export: 'text' }> =>
  (field as SpotFieldDescriptor).export === 'text';
/** The plain text fields, which Foray's GPX, KML, GeoJSON and CSV carry by name and its import reads back. */
export const TEXT_FIELD_NAMES = fieldsWhere('export', 'text').map((field) => field.name) as TextExportFieldName[];
export const textFieldShape = shapeOf(SPOT_FIELD_LIST.filter(isText), 'output');
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
/** The same as the API's Spot types them: each listed field that has an example. */
export type ExampleFields = {
  [Field in Extract<Listed, { example: unknown }> as Field['name']]: z.output<Field['output']>;
};
