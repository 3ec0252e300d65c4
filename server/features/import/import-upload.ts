// An import's request: the multipart form (text fields first, then the file), and its text fields checked.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CIRCLES_PER_USER_MAX, IMPORT_FILE_MAX_BYTES, IMPORT_ZIP_MAX_BYTES } from '../../../common/limits.ts';
import {
  ImportConfirmFieldsSchema,
  ImportConfirmSchema,
  type ImportConfirmFields,
} from '../../../common/schemas/import.ts';
import { CircleIdsSchema, SpotTypeSchema, type SpotType } from '../../../common/schemas/spots.ts';
import { AppError } from '../../errors.ts';
import { readForm, type FileRule } from '../../lib/multipart.ts';
import { tooLarge } from './import-file.ts';
import { isZip } from './readers/zip.ts';

export type Upload = { fields: Record<string, string>; fileName: string; bytes: Uint8Array };

/** Up to IMPORT_FILE_MAX_BYTES, or IMPORT_ZIP_MAX_BYTES when its first bytes are a zip's. */
const IMPORT_FILE: FileRule = {
  field: 'file',
  noun: 'file',
  maxBytes: IMPORT_ZIP_MAX_BYTES,
  limitFor: (firstBytes) => (isZip(firstBytes) ? IMPORT_ZIP_MAX_BYTES : IMPORT_FILE_MAX_BYTES),
  tooLarge,
  oneFileMessage: 'Send one file.',
};

/** The file field in the OpenAPI document. */
const ImportFileSchema = z
  .file()
  .describe(
    `GPX, KML, KMZ, GeoJSON or CSV up to ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB, or a Foray zip up to ${IMPORT_ZIP_MAX_BYTES / 1024 / 1024} MB`,
  );
/** `POST /api/v1/import/preview`, as multipart/form-data. */
export const ImportPreviewFormSchema = z.strictObject({ file: ImportFileSchema });
/**
 * `POST /api/v1/import`, as multipart/form-data: the text fields first, then the same file. `circle_ids` as a
 * generated client sends an array: the field once per circle (one field of comma-separated ids is read too).
 */
export const ImportConfirmFormSchema = ImportConfirmFieldsSchema.extend({
  circle_ids: CircleIdsSchema.optional().describe('With `audience` "circles": the circles, one field each'),
  file: ImportFileSchema,
});

export const CONFIRM_FIELDS: ReadonlySet<string> = new Set(Object.keys(ImportConfirmFieldsSchema.shape));

/** The form, with only `allowedFields` beside the file; past the file's limit, 413 before the rest is kept. */
export async function readUpload(request: FastifyRequest, allowedFields: ReadonlySet<string>): Promise<Upload> {
  const form = await readForm(request, {
    fields: allowedFields,
    // circle_ids: one field per circle, as generated clients send an array, or one with the ids comma-separated.
    lists: allowedFields.has('circle_ids') ? new Map([['circle_ids', CIRCLES_PER_USER_MAX]]) : undefined,
    fieldBytes: 512 * 1024,
    file: IMPORT_FILE,
    notMultipart: 'Send the file as multipart/form-data, in the field "file".',
  });
  if (!form.file) throw new AppError(400, 'VALIDATION_ERROR', 'Send the file in the field "file".');
  // Shown back and stored: control characters (NUL, which PostgreSQL refuses, among them) are dropped.
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const fileName = form.file.fileName.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, 255);
  return { fields: form.fields, fileName: fileName || 'file', bytes: form.file.bytes };
}

export function parseConfirmFields(fields: Record<string, string>): ImportConfirmFields {
  const parsed = ImportConfirmSchema.safeParse(fields);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError(400, 'VALIDATION_ERROR', `${first?.path.join('.') || 'fields'}: ${first?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The forager's type choices: { "<index>": "car_park" | "mushroom_spot" }, each index one of the file's spots. */
export function parseTypes(text: string | undefined, count: number): Map<number, SpotType> {
  const choices = new Map<number, SpotType>();
  if (text === undefined || text.trim() === '') return choices;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError(400, 'VALIDATION_ERROR', 'types: not JSON');
  }
  const parsed = z.record(z.string().regex(/^\d+$/), SpotTypeSchema).safeParse(json);
  if (!parsed.success)
    throw new AppError(400, 'VALIDATION_ERROR', 'types: expected { "<index>": "mushroom_spot" | "car_park" }');
  for (const [key, type] of Object.entries(parsed.data)) {
    const index = Number(key);
    if (index >= count) throw new AppError(400, 'VALIDATION_ERROR', `types: the file has no spot ${index}`);
    choices.set(index, type);
  }
  return choices;
}
