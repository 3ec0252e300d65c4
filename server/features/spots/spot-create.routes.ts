// Recording a spot (POST /api/v1/locations): JSON, or a form with its first photo; a client-chosen id makes retries
// safe. Registered by spots.routes.ts, in its place among the spots' routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateSpotDocumentSchema, SpotSchema } from '../../../common/schemas/spots.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PhotoStorage } from '../../storage/storage.ts';
import { documentedBody } from '../../lib/openapi-body.ts';
import { storePhotoWithRow, type PhotoKeys } from '../../photos/photo-files.ts';
import { PhotoFileSchema } from '../../photos/photo-upload.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { spotColumns } from '../../db/spot-columns.ts';
import { idUseFor } from '../../db/ids-once-used.ts';
import { sharingOfNew } from './spot-sharing.ts';
import { readCreateRequest } from './spot-input.ts';
import { findOwnerOf, findVisibleSpot, insertSpot, photoIdInUse } from './spots.queries.ts';
import { photoIdUse } from '../photos/spot-photos.queries.ts';

type Deps = { db: Database; storage: PhotoStorage; photoLimits: PhotoLimits; requireUser: RequireUser };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * A new spot as multipart/form-data: CreateSpot's fields as text fields (`circle_ids` once per circle, or once with
 * the ids comma-separated), and its first photo. Documented, like the JSON body, one shape for each type.
 */
const firstPhoto = { photo: PhotoFileSchema.optional().describe('The spot’s first photo, with `photo_id` as its id') };
const [mushroomSpot, carPark] = CreateSpotDocumentSchema.options;
const CreateSpotFormSchema = z.discriminatedUnion('type', [
  mushroomSpot.extend(firstPhoto),
  carPark.extend(firstPhoto),
]);

export function registerSpotCreateRoute(root: FastifyInstance, { db, storage, photoLimits, requireUser }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/locations',
    {
      // Read by hand (spot-input.ts): JSON, or a form with a photo; the document shows both.
      config: documentedBody({
        'multipart/form-data': CreateSpotFormSchema,
        'application/json': CreateSpotDocumentSchema,
      }),
      schema: {
        tags: ['locations'],
        summary: 'Record a spot, with an optional first photo',
        description:
          'multipart/form-data (the fields of CreateSpot as text, plus an optional file field `photo`, which becomes the spot’s first photo, ' +
          'with `photo_id` as its id) or ' +
          'application/json without a photo. A client-chosen `id` makes retries safe: the same id again returns ' +
          'the existing spot (200); an id someone else owns or once owned is a 409, and so is a `photo_id` someone else ' +
          'used, whatever became of their photo. `audience` (with `circle_ids` ' +
          'for circles you are in) and `precision` say who sees the spot and how exactly; `is_public` alone ' +
          'still works.',
        consumes: ['multipart/form-data', 'application/json'],
        response: {
          200: SpotSchema,
          201: SpotSchema,
          409: ApiErrorSchema,
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
      const { input, photo } = await readCreateRequest(request);
      const id = input.id ?? crypto.randomUUID();
      const sharing = sharingOfNew(input);

      const existing = await replayOrConflict(id, user.id);
      if (existing) return reply.status(200).send(existing);
      // The first photo's id, before the photo is processed: one someone else used answers alike whether their photo
      // is there, hidden or deleted (ADR 0070); the caller's own deleted photo's id is theirs to use again.
      if (photo && input.photo_id !== undefined) {
        if (idUseFor(await photoIdUse(db, input.photo_id), user.id, id) !== 'free') throw photoIdInUse();
      }

      const insert = async (firstPhoto: (PhotoKeys & { id: string }) | null) =>
        (await insertSpot(
          db,
          {
            id,
            userId: user.id,
            values: { ...spotColumns(input), isPublic: sharing.isPublic },
            circleIds: sharing.circleIds,
          },
          firstPhoto,
          photoLimits,
        ))
          ? 'added'
          : 'id-taken';
      // The photo sent with the spot becomes its first (ADR 0024); the spot and its photo are stored together
      // or not at all.
      const outcome = photo
        ? await storePhotoWithRow(storage, app.log, { db, limits: photoLimits, userId: user.id }, photo, (keys) =>
            insert({ id: input.photo_id ?? crypto.randomUUID(), ...keys }),
          )
        : await insert(null);
      if (outcome === 'id-taken') {
        // A concurrent retry with the same id won the race.
        const winner = await replayOrConflict(id, user.id);
        if (winner) return reply.status(200).send(winner);
        throw new AppError(409, 'ID_CONFLICT', 'That id is already in use.');
      }
      const created = await findVisibleSpot(db, user.id, id);
      // Deleted at once by another of the owner's requests (the id was the client's own).
      if (!created) throw notFound();
      return reply.status(201).send(created);
    },
  );

  /**
   * The caller's own spot with this id (an idempotent retry), or a 409 when someone else owns it or did: a deleted
   * spot's id stays taken, so the 409 never tells whether someone else's spot is still there (ADR 0053). The
   * caller's own deleted spot may be made again, as before.
   */
  async function replayOrConflict(id: string, userId: string) {
    const owner = await findOwnerOf(db, id);
    if (owner === null) return null;
    if (owner.userId !== userId) throw new AppError(409, 'ID_CONFLICT', 'That id is already in use.');
    if (owner.deleted) return null;
    return findVisibleSpot(db, userId, id);
  }
}
