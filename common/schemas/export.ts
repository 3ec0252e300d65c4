// Exporting one's spots (issue #11): `GET /api/v1/export?format=…` with the filter bar's parameters and the list's bbox.
import { z } from 'zod';
import { EXPORT_FORMATS } from '../export-formats.ts';
import { BBoxSchema, spotFilterFields } from './spots.ts';
import { SPOT_FIELD_LIST, type SpotFieldName } from '../spot-fields.ts';

export { EXPORT_FORMATS, type ExportFormat } from '../export-formats.ts';

/**
 * The CSV's columns, in order: every field a forager keeps (common/spot-fields.ts, in the list's order), coordinates
 * in decimal degrees.
 */
export const CSV_COLUMNS = [
  'id',
  ...SPOT_FIELD_LIST.map((field) => field.name),
  'owner_name',
  'photo_urls',
  'visits',
  'last_visit',
  'created_at',
  'updated_at',
] as const;
export type CsvColumn =
  'id' | SpotFieldName | 'owner_name' | 'photo_urls' | 'visits' | 'last_visit' | 'created_at' | 'updated_at';

const { owner: _owner, ...filterWithoutOwner } = spotFilterFields;

export const ExportQuerySchema = z
  .strictObject({
    format: z
      .enum(EXPORT_FORMATS)
      .describe('gpx (GPX 1.1), kml (KML 2.2), geojson (RFC 7946) or csv (RFC 4180, UTF-8)'),
    /** `mine`: one's own spots (the default); `visible`: also the public spots of others one can see. */
    scope: z.enum(['mine', 'visible']).default('mine'),
    /**
     * `include`: "everything", a zip of the file and every photo of the exported spots, which the records name by
     * a path inside the zip; `links` (the default): the file alone, naming each photo by its web address.
     */
    photos: z.enum(['links', 'include']).default('links'),
    /** The area on screen, as the list takes it: only the spots inside it. */
    bbox: BBoxSchema.optional(),
    ...filterWithoutOwner,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type ExportQuery = z.infer<typeof ExportQuerySchema>;
