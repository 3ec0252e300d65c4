// Each field of a spot's list (spot-field-list.ts) with its zod rules: what creating and editing check, and the field
// as the API's Spot gives it. A field of the list without its rules here is a compile error, and so is one whose
// `nullable` disagrees with its answer's schema (spot-fields.test.ts).
import { z } from 'zod';
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
import {
  SPOT_FIELD_LIST,
  isColumn,
  isSharing,
  isText,
  type ListedField,
  type SpotFieldName,
} from './spot-field-list.ts';

export * from './spot-field-list.ts';

/** Each field's rule on input (creating and editing; left out or null where `.nullish()`) and in the API's Spot. */
export const SPOT_FIELD_SCHEMAS = {
  type: {
    input: SpotTypeSchema,
    output: SpotTypeSchema,
  },
  mushroom_types: {
    input: storableText(MUSHROOM_TYPES_MAX),
    output: z.string(),
  },
  finder: {
    input: storableText(FINDER_MAX),
    output: z.string(),
  },
  date_found: {
    input: DateFoundSchema,
    output: z.string(),
  },
  notes: {
    input: storableText(NOTES_MAX).nullish(),
    output: z.string().nullable(),
  },
  habitat: {
    input: storableText(HABITAT_MAX).nullish(),
    /** Where the mushrooms grow: "under spruce, on mossy ground". */
    output: z.string().nullable(),
  },
  latitude: {
    input: LatitudeSchema,
    /** For an approximate spot seen by someone else: the one point shown inside `area`, never the true one. */
    output: z.number(),
  },
  longitude: {
    input: LongitudeSchema,
    output: z.number(),
  },
  accuracy_m: {
    input: AccuracySchema.nullish(),
    /** Metres; null for a spot placed on the map by hand, and for an approximate spot seen by someone else. */
    output: z.number().nullable(),
  },
  is_public: {
    input: z.boolean(),
    /** `audience` is "public". */
    output: z.boolean(),
  },
  audience: {
    input: AudienceSchema.optional(),
    output: AudienceSchema,
  },
  circle_ids: {
    input: CircleIdsSchema.optional(),
    /** The owner sees all of them; a member sees the circles they share with the spot. */
    output: z.array(z.uuid()),
  },
  precision: {
    input: PrecisionSchema,
    output: PrecisionSchema,
  },
} as const satisfies { [Name in SpotFieldName]: { input: z.ZodType; output: z.ZodType } };
type Schemas = typeof SPOT_FIELD_SCHEMAS;

type Shape<Fields extends ListedField, Part extends 'input' | 'output'> = {
  [Field in Fields as Field['name']]: Schemas[Field['name']][Part];
};
const shapeOf = <Fields extends ListedField, Part extends 'input' | 'output'>(fields: readonly Fields[], part: Part) =>
  Object.fromEntries(fields.map((field) => [field.name, SPOT_FIELD_SCHEMAS[field.name][part]])) as Shape<Fields, Part>;

/** The fields a spot is made of, each with its rule: what creating and editing both check. */
export const spotFieldSchemas = shapeOf(SPOT_FIELD_LIST.filter(isColumn), 'input');
/** Who sees the spot, as creating and editing it take them: not columns of the spot (spot-columns.ts). */
export const sharingFieldSchemas = shapeOf(SPOT_FIELD_LIST.filter(isSharing), 'input');
/** Every field as the API's Spot gives it, in the list's order. */
export const spotOutputShape = shapeOf(SPOT_FIELD_LIST, 'output');
/** The plain text fields as the import reads them back. */
export const textFieldShape = shapeOf(SPOT_FIELD_LIST.filter(isText), 'output');

/** The same as the API's Spot types them: each listed field that has an example. */
export type ExampleFields = {
  [Field in Extract<ListedField, { example: unknown }> as Field['name']]: z.output<Schemas[Field['name']]['output']>;
};
