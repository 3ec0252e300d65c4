import type { FastifyRequest } from 'fastify';
import { AddPhotoFieldsSchema } from '../../../common/schemas/spots.ts';
import { PHOTO_MAX_BYTES } from '../../../common/limits.ts';
import { AppError } from '../../errors.ts';
import { multipartError } from '../spots/spot-input.ts';

/** Reads `POST /api/v1/locations/:id/photos`: multipart/form-data with the file in `photo` and an optional `id`. */
export async function readAddPhotoRequest(request: FastifyRequest): Promise<{ id: string | undefined; photo: Buffer }> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the photo as multipart/form-data, in the file field "photo".',
    );
  }
  const fields: Record<string, string> = {};
  let photo: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 1, fieldSize: 200, parts: 2 },
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
        if (part.fieldname !== 'id') throw new AppError(400, 'VALIDATION_ERROR', `Unknown field "${part.fieldname}".`);
        if (part.valueTruncated) throw new AppError(400, 'VALIDATION_ERROR', 'Field "id" is too long.');
        fields.id = String(part.value);
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  const parsed = AddPhotoFieldsSchema.safeParse(fields.id === '' ? {} : fields);
  if (!parsed.success) throw new AppError(400, 'VALIDATION_ERROR', 'id: must be a UUID');
  if (!photo) throw new AppError(400, 'VALIDATION_ERROR', 'photo: a photo file is required');
  return { id: parsed.data.id, photo };
}
