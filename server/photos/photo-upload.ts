// A photo as it arrives: the file field `photo` of a multipart form, up to PHOTO_MAX_BYTES.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AddPhotoFieldsSchema } from '../../common/schemas/spots.ts';
import { PHOTO_MAX_BYTES } from '../../common/limits.ts';
import { AppError } from '../errors.ts';
import { formFieldsOf } from '../lib/form-fields.ts';
import { readForm, type FileRule } from '../lib/multipart.ts';

/** The photo of every form that carries one: a spot's first, a spot's next, a visit's. */
export const PHOTO_FILE: FileRule = {
  field: 'photo',
  noun: 'photo',
  maxBytes: PHOTO_MAX_BYTES,
  tooLarge: () => new AppError(413, 'PHOTO_TOO_LARGE', `The photo is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`),
  oneFileMessage: 'Send at most one photo.',
};

/** The photo field in the OpenAPI document. */
export const PhotoFileSchema = z
  .file()
  .describe(
    `A JPEG, PNG, WebP, GIF or AVIF photo up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB: re-encoded as WebP without metadata, with a thumbnail.`,
  );

/** `POST …/photos` of a spot or a visit, as multipart/form-data. */
export const AddPhotoFormSchema = AddPhotoFieldsSchema.extend({ photo: PhotoFileSchema });

/** The photo's bytes, or null for a form without one (or with an empty file). */
export const photoOf = (file: { bytes: Buffer } | null): Buffer | null =>
  file && file.bytes.length > 0 ? file.bytes : null;

const ADD_PHOTO_FORM = formFieldsOf(AddPhotoFieldsSchema.shape);

/**
 * Reads `POST …/photos` of a spot or a visit: multipart/form-data with the file in `photo` and an optional `id`.
 */
export async function readAddPhotoRequest(request: FastifyRequest): Promise<{ id: string | undefined; photo: Buffer }> {
  const form = await readForm(request, {
    fields: ADD_PHOTO_FORM.names,
    fieldBytes: 200,
    file: PHOTO_FILE,
    notMultipart: 'Send the photo as multipart/form-data, in the file field "photo".',
  });
  const parsed = AddPhotoFieldsSchema.safeParse(ADD_PHOTO_FORM.toJson(form.fields));
  if (!parsed.success) throw new AppError(400, 'VALIDATION_ERROR', 'id: must be a UUID');
  const photo = photoOf(form.file);
  if (!photo) throw new AppError(400, 'VALIDATION_ERROR', 'photo: a photo file is required');
  return { id: parsed.data.id, photo };
}
