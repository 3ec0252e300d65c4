// What the list of a spot's fields (spot-fields.ts) says of each field: its rules, its column, and how each view,
// export and import handles it.
export type SpotFieldDescriptor = {
  name: string;
  /** The API's Spot may give it as null (its schema in spot-fields.ts says the same, checked by spot-fields.test.ts). */
  nullable: boolean;
  /** The locations table's column (server/db/schema.ts, as Drizzle names it); null: not a column of the spot. */
  column: string | null;
  /** How text is stored, the same on create and edit: trimmed, or trimmed and null when blank. */
  tidy?: 'trim' | 'trim-or-null';
  /** In the API's JSON (server/db/spot-json.ts): the column as it is, or an expression written there. */
  json: 'plain' | 'custom';
  /** The i18n key (locales/en.json) that names the field. */
  label: string;
  /**
   * How the spot card and the map's popup show it: 'title' names the spot (its type's name when blank); 'note' its
   * text alone, its lines kept; 'row' its text after its label ("Notes: …"); both only when not blank. 'placed':
   * where each of them says (who found it and when, where it is, who sees it).
   */
  show: 'title' | 'note' | 'row' | 'placed';
  /** The longest text a 'row' field takes: its line in the add and edit form stops there (its `input` checks it). */
  max?: number;
  /** How the conflict dialog shows and compares two versions of it. */
  compare: 'type' | 'text' | 'date' | 'position' | 'sharing' | 'precision';
  /**
   * In GPX and KML: 'placed' is written where each writer says (export-formats.ts); 'text' among Foray's own fields
   * by its name (GPX `<foray:name>`, KML `<Data name>`), read back by the import the same way. CSV and GeoJSON
   * carry every field by its name.
   */
  export: 'placed' | 'text';
  /**
   * What a Foray export brought back by the import gives: 'kept' the same value, 'position' the same point,
   * 'forager' what the forager chooses at the import (who sees it, how exactly).
   */
  import: 'kept' | 'position' | 'forager';
  /** A value of a valid spot, for tests. */
  example?: string | number | boolean;
};
