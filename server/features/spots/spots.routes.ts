import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckedSpotsSchema,
  CheckSpotsSchema,
  ListSpotsQuerySchema,
  CreateSpotDocumentSchema,
  SpotIdParamsSchema,
  SpotPageSchema,
  type SpotPage,
  SpotSchema,
  StaleSpotErrorSchema,
  UpdateSpotSchema,
  lacksTypesOrFinder,
} from '../../../common/schemas/spots.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import { LIST_LIMIT_MAX } from '../../../common/limits.ts';
import type { Database } from '../../db/client.ts';
import type { RequestReads } from '../../db/abandoned-requests.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PhotoStorage } from '../../storage/storage.ts';
import { documentedBody } from '../../lib/openapi-body.ts';
import { removePhotoFiles, storePhotoWithRow, type PhotoKeys } from '../../photos/photo-files.ts';
import { PhotoFileSchema } from '../../photos/photo-upload.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import { CLEAR_HTTP_CACHE, privateAnswer } from '../../plugins/cache-policy.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { spotColumns, type SpotChanges } from '../../db/spot-columns.ts';
import { sameCircles, sharingAfter, sharingOfNew } from './spot-sharing.ts';
import { holdsAlready, spotChanges, StaleEdit } from './spot-edit.ts';
import { readCreateRequest } from './spot-input.ts';
import {
  decodeCursor,
  deleteSpot,
  findOwnerOf,
  findVisibleSpot,
  insertSpot,
  listSpots,
  changeOwnSpot,
  photoIdInUse,
  stillVisible,
} from './spots.queries.ts';
import { photoIdUse } from '../photos/spot-photos.queries.ts';
import { idUseFor } from '../../db/ids-once-used.ts';
import { fieldsWhere } from '../../../common/spot-fields.ts';

type Deps = {
  db: Database;
  reads: RequestReads;
  storage: PhotoStorage;
  photoLimits: PhotoLimits;
  requireUser: RequireUser;
};

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

export function registerSpotRoutes(root: FastifyInstance, { db, reads, storage, photoLimits, requireUser }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/locations',
    {
      schema: {
        tags: ['locations'],
        summary: 'Spots the caller may see: their own, others’ public ones and their circles’ shares, newest first',
        description:
          'With bbox, only spots inside the box (the map’s viewport); limit may then go up to 10,000. ' +
          'owner=mine keeps only the caller’s own spots, owner=others only other people’s that the caller may see. ' +
          'q, type, from, to, visibility, audience, circle_id, photo, visited and due filter further (the filter bar); ' +
          'all combine with bbox and pages, and a cursor continues the same filtered list.',
        querystring: ListSpotsQuerySchema,
        response: { 200: SpotPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const { limit, cursor, bbox, ...filter } = request.query;
      if (!bbox && limit > LIST_LIMIT_MAX) {
        throw new AppError(400, 'VALIDATION_ERROR', `limit: at most ${LIST_LIMIT_MAX} without bbox`);
      }
      const decoded = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && !decoded)
        throw new AppError(400, 'VALIDATION_ERROR', 'cursor: not a cursor this server gave out');
      // Cancelled with its request: the map's box of a view already left, or a list page nobody waits for (ADR 0039).
      const page = await reads(request, reply, (readDb) =>
        listSpots(readDb, user.id, { limit, cursor: decoded, bbox, filter }),
      );
      // Already JSON from the database: Fastify sends a string as it is, so thousands of spots are not
      // re-serialized. The response schema still documents the shape; the API tests check it.
      const body = `{"items":${page.itemsJson},"next_cursor":${JSON.stringify(page.nextCursor)}}`;
      return reply.type('application/json; charset=utf-8').send(body as unknown as SpotPage);
    },
  );

  app.get(
    '/api/v1/locations/:id',
    {
      schema: {
        tags: ['locations'],
        summary: 'One spot, if the caller may see it (else 404, never 403)',
        params: SpotIdParamsSchema,
        response: { 200: SpotSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const spot = await findVisibleSpot(db, user.id, request.params.id);
      if (!spot) throw notFound();
      return spot;
    },
  );

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

  app.post(
    '/api/v1/locations/check',
    {
      schema: {
        tags: ['locations'],
        summary: 'Which of the spots a device keeps the caller may still see, with their versions',
        description:
          'A device sends the ids of the spots it keeps whenever it reaches the server; it drops every id missing ' +
          'from the answer (deleted, no longer shared with the caller, …: the answer never says which) and fetches ' +
          'again those whose version changed, so what an owner takes back leaves every device (ADR 0053).',
        body: CheckSpotsSchema,
        response: { 200: CheckedSpotsSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const ids = [...new Set(request.body.ids)];
      const items = await stillVisible(db, user.id, ids);
      // Something the device kept is no longer the caller's to see: whatever the browser's HTTP cache still holds of
      // this origin goes (copies an older Foray let it keep, ADR 0074). The app clears its own caches itself.
      if (items.length < ids.length) reply.header('clear-site-data', CLEAR_HTTP_CACHE);
      return { items };
    },
  );

  // The list's plain text fields (common/spot-fields.ts), beyond those the description names one by one.
  const textFields = fieldsWhere('export', 'text')
    .map((field) => `${field.name}, `)
    .join('');
  app.patch(
    '/api/v1/locations/:id',
    {
      schema: {
        tags: ['locations'],
        summary: 'Edit one of your spots: any of its fields, with the version the edit was made on',
        description:
          'Any subset of type, mushroom_types, finder, date_found, notes, ' +
          textFields +
          'latitude + longitude (with accuracy_m ' +
          'when placed from the phone’s position; without it the accuracy becomes null), audience, circle_ids, ' +
          'precision, is_public — the same ' +
          'rules as creating. `base_version` is the `version` the edit was made on: when the spot has changed ' +
          'since, 409 STALE with the spot as it is now in `error.details.current` (unless it already holds ' +
          'exactly these values: a retried edit whose answer was lost is 200). Without `base_version` the edit ' +
          'applies to whatever is current (what `{is_public}` alone, the sharing of older clients, sends). ' +
          'Owner only: another user’s spot answers 404, like one that does not exist. Photos are not changed.',
        params: SpotIdParamsSchema,
        body: UpdateSpotSchema,
        response: { 200: SpotSchema, 409: StaleSpotErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const { id } = request.params;
      const { base_version: baseVersion, ...patch } = request.body;
      const outcome = await changeOwnSpot(db, user.id, id, (current) => {
        const changes: SpotChanges & { circleIds?: string[] } = spotChanges(patch);
        const sharing = sharingAfter(patch, { isPublic: current.isPublic, circleIds: current.circleIds });
        if (sharing) {
          changes.isPublic = sharing.isPublic;
          if (!sameCircles(sharing.circleIds, current.circleIds)) changes.circleIds = sharing.circleIds;
        }
        if (baseVersion !== undefined && baseVersion !== current.version) {
          // A retry of an edit the server already applied (its answer was lost) finds its own values.
          const { circleIds, ...columns } = changes;
          if (circleIds === undefined && holdsAlready(current, columns)) return null;
          throw new StaleEdit();
        }
        const result = { ...current, ...changes };
        if (lacksTypesOrFinder({ type: result.type, mushroom_types: result.mushroomTypes, finder: result.finder })) {
          throw new AppError(400, 'MISSING_INFORMATION', 'A mushroom spot needs the mushroom types and the finder.');
        }
        return changes;
      }).catch(async (error: unknown) => {
        if (!(error instanceof StaleEdit)) throw error;
        const current = await findVisibleSpot(db, user.id, id);
        if (!current) throw notFound();
        throw new AppError(409, 'STALE', 'The spot was changed since this edit was made.', { current });
      });
      if (!outcome) throw notFound();
      // Deleted by another of the owner's requests between the edit and this read: gone, as a 404 says.
      const edited = await findVisibleSpot(db, user.id, id);
      if (!edited) throw notFound();
      return edited;
    },
  );

  app.delete(
    '/api/v1/locations/:id',
    {
      schema: {
        tags: ['locations'],
        summary: 'Delete one of your spots and all its photos',
        params: SpotIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const deleted = await deleteSpot(db, user.id, request.params.id);
      if (!deleted) throw notFound();
      await removePhotoFiles(storage, app.log, deleted);
      return reply.status(204).send(null);
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
