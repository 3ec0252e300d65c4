import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SpotIdParamsSchema } from '../../../common/schemas/spots.ts';
import {
  CreateVisitSchema,
  OwnVisitsQuerySchema,
  VisitListSchema,
  VisitParamsSchema,
  VisitPhotoParamsSchema,
  VisitSchema,
} from '../../../common/schemas/visits.ts';
import { PHOTOS_PER_VISIT_MAX } from '../../../common/limits.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PhotoStorage } from '../../storage/storage.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { documentedBody } from '../../lib/openapi-body.ts';
import { AddPhotoFormSchema, readAddPhotoRequest } from '../../photos/photo-upload.ts';
import { removePhotoFiles, storePhotoWithRow } from '../../photos/photo-files.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import {
  addVisitPhoto,
  countVisitPhotos,
  deleteVisit,
  findOwnVisit,
  insertVisit,
  listOwnVisits,
  listVisits,
  ownsSpot,
  removeVisitPhoto,
  visitIdUse,
  visitPhotoIdUse,
} from './visits.queries.ts';
import { idUseFor } from '../../db/ids-once-used.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

type Deps = { db: Database; storage: PhotoStorage; photoLimits: PhotoLimits; requireUser: RequireUser };

const tooMany = () =>
  new AppError(
    409,
    'TOO_MANY_PHOTOS',
    `A visit has at most ${PHOTOS_PER_VISIT_MAX} photos: remove one before adding another.`,
  );

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** An id someone else used, whatever became of what it named, or one of the caller's in use elsewhere (ADR 0070). */
const idInUse = () => new AppError(409, 'ID_CONFLICT', 'That id is already in use.');
const photoIdInUse = () => new AppError(409, 'ID_CONFLICT', 'That photo id is already in use.');

/** Returns to a spot (ADR 0022): they follow the spot's visibility; only its owner records or deletes them. */
export function registerVisitRoutes(root: FastifyInstance, { db, storage, photoLimits, requireUser }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/locations/:id/visits',
    {
      schema: {
        tags: ['visits'],
        summary: 'The visits of a spot the caller may see, newest first',
        description:
          'The notes are shown to the spot’s owner and to members of a circle it is shared with; another user’s public ' +
          'spot shows its visits without them (note is null). A spot one may not see is a 404.',
        params: SpotIdParamsSchema,
        response: { 200: VisitListSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const items = await listVisits(db, user.id, request.params.id);
      if (!items) throw notFound();
      return { items };
    },
  );

  app.post(
    '/api/v1/locations/:id/visits',
    {
      schema: {
        tags: ['visits'],
        summary: 'Record a visit to one of your spots',
        description:
          'The client makes the visit’s `id`: the same id again returns the stored visit (200), so a retry after a lost ' +
          'answer adds nothing; an id someone else used, whatever became of their visit, or one of yours on another spot, ' +
          'is a 409. Someone else’s spot is a 404, whatever the id.',
        params: SpotIdParamsSchema,
        body: CreateVisitSchema,
        response: { 200: VisitSchema, 201: VisitSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const spotId = request.params.id;
      const input = request.body;
      if (!(await ownsSpot(db, user.id, spotId))) throw notFound();

      // The spot was checked first, so the id's answer is only ever given on one's own spot (ADR 0070): a visit
      // someone else recorded with it answers alike whether it is there, hidden or deleted.
      const replay = async () => {
        const use = idUseFor(await visitIdUse(db, input.id), user.id, spotId);
        if (use === 'clash') throw idInUse();
        return use === 'retry' ? findOwnVisit(db, user.id, spotId, input.id) : null;
      };
      const existing = await replay();
      if (existing) return reply.status(200).send(existing);
      if (!(await insertVisit(db, user.id, spotId, input))) {
        // A concurrent retry with the same id won the race.
        const winner = await replay();
        if (winner) return reply.status(200).send(winner);
        throw idInUse();
      }
      return reply.status(201).send((await findOwnVisit(db, user.id, spotId, input.id))!);
    },
  );

  app.delete(
    '/api/v1/locations/:id/visits/:visitId',
    {
      schema: {
        tags: ['visits'],
        summary: 'Delete a visit of one of your spots, and its photos',
        params: VisitParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const files = await deleteVisit(db, user.id, request.params.id, request.params.visitId);
      if (!files) throw notFound('Visit');
      await removePhotoFiles(storage, app.log, files);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/locations/:id/visits/:visitId/photos',
    {
      config: documentedBody({ 'multipart/form-data': AddPhotoFormSchema }),
      schema: {
        tags: ['visits'],
        summary: 'Add a photo to a visit of one of your spots (after the others)',
        description:
          'multipart/form-data with one file field `photo` and an optional text field `id` (a UUID the client makes): ' +
          `the same id again answers 200 with the visit, so a retried upload stores one photo; an id someone else used, ` +
          `whatever became of their photo, is a 409. At most ${PHOTOS_PER_VISIT_MAX} ` +
          'photos a visit (409 TOO_MANY_PHOTOS). Processed like every photo: re-encoded, without metadata, with a ' +
          'thumbnail; seen by whoever may see the spot. Someone else’s spot or visit is a 404.',
        consumes: ['multipart/form-data'],
        params: VisitParamsSchema,
        response: {
          200: VisitSchema,
          201: VisitSchema,
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
      const { id: spotId, visitId } = request.params;
      const { id: givenId, photo } = await readAddPhotoRequest(request);
      const photoId = givenId ?? crypto.randomUUID();

      // The spot and the visit first: someone else's, or none, is the same 404 whatever the id (ADR 0070).
      if (!(await findOwnVisit(db, user.id, spotId, visitId))) throw notFound('Visit');
      const replay = async () => {
        const use = idUseFor(await visitPhotoIdUse(db, photoId), user.id, visitId);
        if (use === 'clash') throw photoIdInUse();
        return use === 'retry' ? findOwnVisit(db, user.id, spotId, visitId) : null;
      };
      const earlier = await replay();
      if (earlier) return reply.status(200).send(earlier);
      // Checked before the photo is processed so a full visit costs no work; checked again under the lock.
      if ((await countVisitPhotos(db, visitId)) >= PHOTOS_PER_VISIT_MAX) throw tooMany();

      const uploader = { db, limits: photoLimits, userId: user.id };
      const result = await storePhotoWithRow(storage, app.log, uploader, photo, (keys) =>
        addVisitPhoto(db, user.id, spotId, visitId, { id: photoId, ...keys }, photoLimits),
      );
      if (result === 'not-found') throw notFound('Visit');
      if (result === 'full') throw tooMany();
      if (result === 'id-taken') {
        const winner = await replay();
        if (winner) return reply.status(200).send(winner);
        throw photoIdInUse();
      }
      return reply.status(201).send((await findOwnVisit(db, user.id, spotId, visitId))!);
    },
  );

  app.delete(
    '/api/v1/locations/:id/visits/:visitId/photos/:photoId',
    {
      schema: {
        tags: ['visits'],
        summary: 'Remove a photo from a visit of one of your spots; its files go',
        params: VisitPhotoParamsSchema,
        response: { 200: VisitSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const { id: spotId, visitId, photoId } = request.params;
      const files = await removeVisitPhoto(db, user.id, spotId, visitId, photoId);
      if (!files) throw notFound('Photo');
      await removePhotoFiles(storage, app.log, files);
      return (await findOwnVisit(db, user.id, spotId, visitId))!;
    },
  );

  app.get(
    '/api/v1/visits',
    {
      schema: {
        tags: ['visits'],
        summary: 'All of your own visits, each with its spot’s id, newest first',
        description:
          'What the fruiting calendar is drawn from, on the device. owner=mine is required: nobody else’s visits are listed here.',
        querystring: OwnVisitsQuerySchema,
        response: { 200: VisitListSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      return { items: await listOwnVisits(db, user.id) };
    },
  );
}
