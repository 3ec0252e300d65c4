import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CreateSpotSchema, type CreateSpot } from '../../../common/schemas/spots.ts';
import { PHOTO_MAX_BYTES } from '../../../common/limits.ts';
import { AppError } from '../../errors.ts';
import { formFieldsOf } from '../../lib/form-fields.ts';
import { tidyText } from './spot-columns.ts';

export type CreateRequest = { input: CreateSpot; photo: Buffer | null };

/** The form's text fields: the schema's own, read by its types (numbers, booleans, empty notes as null). */
const FORM = formFieldsOf(CreateSpotSchema.shape);

/**
 * Reads a create request, JSON or multipart/form-data, into the one contract. Form fields arrive as
 * text, so numbers and booleans are converted here, and then both kinds go through the same schema.
 */
export async function readCreateRequest(request: FastifyRequest): Promise<CreateRequest> {
  if (!request.isMultipart()) {
    return { input: validate(request.body), photo: null };
  }
  const fields: Record<string, string> = {};
  let photo: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: PHOTO_MAX_BYTES,
        files: 1,
        fields: FORM.names.size,
        fieldSize: 16 * 1024,
        parts: FORM.names.size + 1,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') {
          part.file.resume();
          throw new AppError(
            400,
            'VALIDATION_ERROR',
            `Unexpected file field "${part.fieldname}": the photo goes in "photo".`,
          );
        }
        // toBuffer() stops reading at PHOTO_MAX_BYTES and throws: nothing of an oversized file is kept.
        const bytes = await part.toBuffer();
        photo = bytes.length > 0 ? bytes : null;
      } else {
        if (!FORM.names.has(part.fieldname)) {
          throw new AppError(400, 'VALIDATION_ERROR', `Unknown field "${part.fieldname}".`);
        }
        if (part.fieldname in fields) {
          throw new AppError(400, 'VALIDATION_ERROR', `Field "${part.fieldname}" was sent twice.`);
        }
        if (part.valueTruncated) throw new AppError(400, 'VALIDATION_ERROR', `Field "${part.fieldname}" is too long.`);
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  return { input: validate(FORM.toJson(fields)), photo };
}

function validate(body: unknown): CreateSpot {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'The request body must be a JSON object.');
  }
  const parsed = CreateSpotSchema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.join('.') || 'body';
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      `${where}: ${first?.message ?? 'invalid'}`,
      z.treeifyError(parsed.error),
    );
  }
  const input = tidyText(parsed.data);
  if (input.type === 'mushroom_spot' && (!input.mushroom_types || !input.finder)) {
    throw new AppError(400, 'MISSING_INFORMATION', 'A mushroom spot needs the mushroom types and the finder.');
  }
  return input;
}

export function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'PHOTO_TOO_LARGE', `The photo is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`);
  }
  if (code === 'FST_FILES_LIMIT') return new AppError(400, 'VALIDATION_ERROR', 'Send at most one photo.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError(400, 'VALIDATION_ERROR', 'Too many form fields.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') {
    return new AppError(400, 'VALIDATION_ERROR', 'The form data could not be read.');
  }
  if (
    error instanceof Error &&
    /Unexpected end of (form|multipart)|Malformed part header|boundary/i.test(error.message)
  ) {
    return new AppError(400, 'VALIDATION_ERROR', 'The form data could not be read.');
  }
  return error;
}
