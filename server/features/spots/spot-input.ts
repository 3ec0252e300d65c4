import type { FastifyRequest } from 'fastify';
import { CreateSpotSchema, lacksTypesOrFinder, type CreateSpot } from '../../../common/schemas/spots.ts';
import { AppError, validationIssues } from '../../errors.ts';
import { formFieldsOf } from '../../lib/form-fields.ts';
import { readForm } from '../../lib/multipart.ts';
import { PHOTO_FILE, photoOf } from '../../photos/photo-upload.ts';
import { tidyText } from '../../db/spot-columns.ts';
import { CIRCLES_PER_USER_MAX } from '../../../common/limits.ts';

export type CreateRequest = { input: CreateSpot; photo: Buffer | null };

/**
 * The form's text fields: the schema's own, read by its types (numbers, booleans, empty notes as null). An empty
 * `id` asks the server to make one; an empty `photo_id` is refused like any other id that is not one.
 */
const FORM = formFieldsOf(CreateSpotSchema.shape, { emptyIsAbsent: ['id'] });

/**
 * Reads a create request, JSON or multipart/form-data, into the one contract. Form fields arrive as
 * text, so numbers and booleans are converted here, and then both kinds go through the same schema.
 */
export async function readCreateRequest(request: FastifyRequest): Promise<CreateRequest> {
  if (!request.isMultipart()) {
    return { input: validate(request.body), photo: null };
  }
  const form = await readForm(request, {
    fields: FORM.names,
    // circle_ids: one field per circle, as generated clients send an array, or one with the ids comma-separated.
    lists: new Map([...FORM.lists].map((name) => [name, CIRCLES_PER_USER_MAX])),
    fieldBytes: 16 * 1024,
    file: PHOTO_FILE,
    // Not reached: a request that is not multipart is read as JSON above.
    notMultipart: 'Send the spot as JSON, or as multipart/form-data with its photo in "photo".',
  });
  return { input: validate(FORM.toJson(form.fields)), photo: photoOf(form.file) };
}

function validate(body: unknown): CreateSpot {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'The request body must be a JSON object.');
  }
  const parsed = CreateSpotSchema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.join('.') || 'body';
    throw new AppError(400, 'VALIDATION_ERROR', `${where}: ${first?.message ?? 'invalid'}`, {
      issues: validationIssues(parsed.error),
    });
  }
  const input = tidyText(parsed.data);
  if (lacksTypesOrFinder(input)) {
    throw new AppError(400, 'MISSING_INFORMATION', 'A mushroom spot needs the mushroom types and the finder.');
  }
  return input;
}
