// Importing spots from a file (issue #11). Two requests carrying the same file:
//   POST /api/v1/import/preview  multipart `file`                 → ImportPreview, nothing saved
//   POST /api/v1/import          multipart ImportConfirmFields + `file` (last) → ImportResult, all or nothing
// The file is sent twice rather than parked on the server between the two: any server behind the balancer can
// answer either request, and nothing waits in storage for a confirm that never comes.
import { z } from 'zod';
import { CIRCLES_PER_USER_MAX } from '../limits.ts';
import { textFieldShape } from '../spot-fields.ts';
import { AudienceSchema, CircleIdsSchema, PrecisionSchema, SpotTypeSchema, type SpotType } from './spots.ts';

export const IMPORT_FORMATS = ['gpx', 'kml', 'kmz', 'geojson', 'csv', 'zip'] as const;
export const ImportFormatSchema = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof ImportFormatSchema>;

/** Where in the file a record is, as the forager's other app would show it: a line of a CSV, the n-th feature… */
export const ImportWhereSchema = z.object({
  kind: z.enum(['line', 'row', 'feature', 'placemark', 'waypoint']),
  /** From 1. */
  number: z.number().int().min(1),
});
export type ImportWhere = z.infer<typeof ImportWhereSchema>;

export const ImportSpotSchema = z.object({
  /** The record's place among the file's valid spots, from 0: what a confirm's `types` refers to. */
  index: z.number().int().min(0),
  where: ImportWhereSchema,
  latitude: z.number(),
  longitude: z.number(),
  type: SpotTypeSchema,
  /** True when the file did not say and Foray guessed the type from the name. */
  type_guessed: z.boolean(),
  mushroom_types: z.string(),
  finder: z.string(),
  date_found: z.string(),
  notes: z.string().nullable(),
  accuracy_m: z.number().nullable(),
  /** The list's plain text fields (common/spot-fields.ts), as the file named them. */
  ...textFieldShape,
  /** Photos of this record and of its visits that the upload carries (a Foray zip) and that will be saved with it. */
  photos: z.number().int().min(0),
  /** Visits Foray's own export carried with the spot (GPX or GeoJSON): saved with it, each with its photos. */
  visits: z.number().int().min(0),
  /** The id of one's own spot this record repeats (same name within IMPORT_DUPLICATE_METRES), if any. */
  duplicate_of: z.uuid().nullable(),
  /** The earlier record of the same file this one repeats (its `index`), if any: it has no id before the confirm. */
  duplicate_of_index: z.number().int().min(0).nullable(),
  /**
   * Who the file says sees the spot (Foray's own export: `audience`, or `is_public` from before circles); null when
   * it does not say. Only narrows the forager's choice (common/import-sharing.ts): its circles are not read.
   */
  file_audience: AudienceSchema.nullable(),
  /** How exactly the file says others see it; null when it does not say. Never makes the choice more exact. */
  file_precision: PrecisionSchema.nullable(),
});
export type ImportSpot = z.infer<typeof ImportSpotSchema>;

/**
 * An imported mushroom spot needs its name (its mushroom types), and, unlike one made in the app (lacksTypesOrFinder,
 * spots.ts), not its finder: a file that names none gets the importer's display name, and a forager without one has
 * none to give (ADR 0072); Foray's own export of a car park has no finder either. The preview lists a mushroom spot
 * without a name as invalid (IMPORT_MISSING_NAME); the confirm refuses a record the forager made one without a name
 * (400 IMPORT_SPOT_UNNAMED).
 */
export function importLacksName(spot: { type: SpotType; mushroom_types: string }): boolean {
  return spot.type === 'mushroom_spot' && !spot.mushroom_types.trim();
}

export const ImportProblemSchema = z.object({
  where: ImportWhereSchema,
  code: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** Which of the file's own fields fed each of Foray's (null: none did, Foray's default was used). */
export const ImportMappingSchema = z.object({
  mushroom_types: z.string().nullable(),
  notes: z.string().nullable(),
  date_found: z.string().nullable(),
  type: z.string().nullable(),
  finder: z.string().nullable(),
});
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

export const ImportPreviewSchema = z.object({
  format: ImportFormatSchema,
  file_name: z.string(),
  spots: z.array(ImportSpotSchema),
  invalid: z.array(ImportProblemSchema),
  /** Records that are not points (tracks, routes, lines, polygons): not spots, so counted and left out. */
  skipped_geometries: z.number().int().min(0),
  /** Photo links that could not be brought along: web addresses, or paths the zip does not hold. */
  photos_missing: z.number().int().min(0),
  mapping: ImportMappingSchema,
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** The confirm's fields, sent as multipart text fields before the file. */
export const ImportConfirmFieldsSchema = z.strictObject({
  /** Made by the app once per import: a retried confirm with the same id saves nothing twice. */
  import_id: z.uuid(),
  /**
   * Who sees the imported spots besides the forager: only them, the members of `circle_ids` (circles they are in),
   * or everyone — at most, since a spot the file keeps narrower stays so (common/import-sharing.ts).
   */
  audience: AudienceSchema.optional(),
  /** With `audience` "circles": the circles' ids, comma-separated. */
  circle_ids: z
    .string()
    .max(CIRCLES_PER_USER_MAX * 40)
    .optional()
    .transform((text) =>
      text === undefined
        ? undefined
        : text
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
    )
    .pipe(CircleIdsSchema.optional()),
  /** How exactly others see the imported spots, at least; a spot the file shows less exactly stays so. */
  precision: PrecisionSchema.optional(),
  /** The older form of `audience` (before circles): "public" is everyone, "private" only the forager. */
  sharing: z.enum(['private', 'public']).optional(),
  /** JSON: { "<index>": "car_park" | "mushroom_spot" } — the forager's choice where the guess was wrong. */
  types: z.string().max(400_000).optional(),
  /** "true" imports the records that look like duplicates too. */
  include_duplicates: z.enum(['true', 'false']).default('false'),
});

/** The confirm's fields with their agreement checked: `sharing` and `audience` agree, circles go with "circles". */
export const ImportConfirmSchema = ImportConfirmFieldsSchema.superRefine((fields, ctx) => {
  if (fields.sharing !== undefined && fields.audience !== undefined && fields.sharing !== fields.audience) {
    ctx.addIssue({ code: 'custom', path: ['sharing'], message: 'sharing must agree with audience' });
  }
  const circles = fields.circle_ids ?? [];
  if (fields.audience === 'circles' && circles.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['circle_ids'], message: 'Choose at least one circle to share with' });
  }
  if (fields.audience !== 'circles' && circles.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['circle_ids'], message: 'circle_ids go with audience "circles"' });
  }
});
export type ImportConfirmFields = z.output<typeof ImportConfirmSchema>;

export const ImportResultSchema = z.object({
  import_id: z.uuid(),
  created: z.number().int().min(0),
  photos: z.number().int().min(0),
  /** Duplicates left out plus invalid records. */
  skipped: z.number().int().min(0),
  /** True when this import had already been saved by an earlier request with the same id. */
  repeated: z.boolean(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
