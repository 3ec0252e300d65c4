import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PHOTOS_PER_SPOT_MAX } from '../../../common/limits.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import {
  SpotIdParamsSchema,
  SpotPhotoParamsSchema,
  SpotSchema,
  PhotoOrderSchema,
} from '../../../common/schemas/spots.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PhotoStorage } from '../../storage/storage.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { findOwnerOf, findVisibleSpot, photoIdInUse } from '../spots/spots.queries.ts';
import { idUseFor } from '../../db/ids-once-used.ts';
import { addPhoto, countPhotos, orderPhotos, photoIdUse, removePhoto } from './spot-photos.queries.ts';
import { documentedBody } from '../../lib/openapi-body.ts';
import { AddPhotoFormSchema, readAddPhotoRequest } from '../../photos/photo-upload.ts';
import { removePhotoFiles, storePhotoWithRow } from '../../photos/photo-files.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

type Deps = { db: Database; storage: PhotoStorage; photoLimits: PhotoLimits; requireUser: RequireUser };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

const tooMany = () =>
  new AppError(
    409,
    'TOO_MANY_PHOTOS',
    `A spot has at most ${PHOTOS_PER_SPOT_MAX} photos: remove one before adding another.`,
  );

/**
 * A spot's photo collection (ADR 0024): add one, remove one, put them in order. Owner only — anyone else's
 * spot, private or public, answers 404 as if it did not exist. Each answers with the spot as it now is.
 */
export function registerSpotPhotoRoutes(root: FastifyInstance, { db, storage, photoLimits, requireUser }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/locations/:id/photos',
    {
      config: documentedBody({ 'multipart/form-data': AddPhotoFormSchema }),
      schema: {
        tags: ['photos'],
        summary: 'Add a photo to one of your spots (after the others)',
        description:
          'multipart/form-data with one file field `photo` and an optional text field `id` (a UUID the client ' +
          `makes): the same id again answers 200 with the spot, so a retried upload stores one photo; an id someone else ` +
          `used, or one on another spot, is a 409, whatever became of that photo. At most ` +
          `${PHOTOS_PER_SPOT_MAX} photos a spot (409 TOO_MANY_PHOTOS). Processed like every photo: re-encoded, ` +
          'without metadata, with a thumbnail.',
        consumes: ['multipart/form-data'],
        params: SpotIdParamsSchema,
        response: {
          200: SpotSchema,
          201: SpotSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
          507: ApiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const spotId = request.params.id;
      const { id: givenId, photo } = await readAddPhotoRequest(request);
      const photoId = givenId ?? crypto.randomUUID();

      // The spot first: someone else's, or none, is the same 404 whatever the id, so the id's answer is only ever
      // given on one's own spot (ADR 0070).
      const owner = await findOwnerOf(db, spotId);
      if (!owner || owner.deleted || owner.userId !== user.id) throw notFound();
      const replay = await replayOrConflict(photoId, spotId, user.id);
      if (replay) return reply.status(200).send(replay);
      // Checked before the photo is processed so a full spot costs no work; checked again under the lock.
      if ((await countPhotos(db, spotId)) >= PHOTOS_PER_SPOT_MAX) throw tooMany();

      const uploader = { db, limits: photoLimits, userId: user.id };
      const result = await storePhotoWithRow(storage, app.log, uploader, photo, (keys) =>
        addPhoto(db, user.id, spotId, { id: photoId, ...keys }, photoLimits),
      );
      if (result === 'not-found') throw notFound();
      if (result === 'full') throw tooMany();
      if (result === 'id-taken') {
        // A concurrent retry with the same id won the race.
        const winner = await replayOrConflict(photoId, spotId, user.id);
        if (winner) return reply.status(200).send(winner);
        throw photoIdInUse();
      }
      return reply.status(201).send((await findVisibleSpot(db, user.id, spotId))!);
    },
  );

  app.delete(
    '/api/v1/locations/:id/photos/:photoId',
    {
      schema: {
        tags: ['photos'],
        summary: 'Remove a photo from one of your spots; its files go',
        description: 'Answers with the spot as it now is; the next photo becomes the cover when the first is removed.',
        params: SpotPhotoParamsSchema,
        response: { 200: SpotSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const files = await removePhoto(db, user.id, request.params.id, request.params.photoId);
      if (!files) throw notFound('Photo');
      await removePhotoFiles(storage, app.log, files);
      return (await findVisibleSpot(db, user.id, request.params.id))!;
    },
  );

  app.put(
    '/api/v1/locations/:id/photos/order',
    {
      schema: {
        tags: ['photos'],
        summary: 'Put the photos of one of your spots in order; the first is the cover',
        description:
          '`photo_ids` must name every photo of the spot exactly once; otherwise 409 PHOTOS_CHANGED (the spot’s ' +
          'photos changed meanwhile: read it again).',
        params: SpotIdParamsSchema,
        body: PhotoOrderSchema,
        response: { 200: SpotSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const result = await orderPhotos(db, user.id, request.params.id, request.body.photo_ids);
      if (result === 'not-found') throw notFound();
      if (result === 'mismatch') {
        throw new AppError(
          409,
          'PHOTOS_CHANGED',
          'photo_ids must name every photo of the spot once: its photos have changed.',
        );
      }
      return (await findVisibleSpot(db, user.id, request.params.id))!;
    },
  );

  /**
   * The spot, when this photo id is already the caller's photo of this spot (a retry); 409 when someone else used
   * it — their photo there, hidden or deleted alike (ADR 0070) — or it is the caller's on another spot. The caller's
   * own deleted photo's id is theirs to use again.
   */
  async function replayOrConflict(photoId: string, spotId: string, userId: string) {
    const use = idUseFor(await photoIdUse(db, photoId), userId, spotId);
    if (use === 'clash') throw photoIdInUse();
    return use === 'retry' ? findVisibleSpot(db, userId, spotId) : null;
  }
}
