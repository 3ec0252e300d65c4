import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckedSpotsSchema,
  CheckSpotsSchema,
  ListSpotsQuerySchema,
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
import { removePhotoFiles } from '../../photos/photo-files.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import { CLEAR_HTTP_CACHE, privateAnswer } from '../../plugins/cache-policy.ts';
import type { RequireUser } from '../../plugins/session.ts';
import type { SpotChanges } from '../../db/spot-columns.ts';
import { sameCircles, sharingAfter } from './spot-sharing.ts';
import { holdsAlready, spotChanges, StaleEdit } from './spot-edit.ts';
import { registerSpotCreateRoute } from './spot-create.routes.ts';
import { decodeCursor, listSpots } from './spot-list.queries.ts';
import { changeOwnSpot, deleteSpot, findVisibleSpot, stillVisible } from './spots.queries.ts';
import { fieldsWhere } from '../../../common/spot-fields.ts';

type Deps = {
  db: Database;
  reads: RequestReads;
  storage: PhotoStorage;
  photoLimits: PhotoLimits;
  requireUser: RequireUser;
};

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

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

  // Recording a spot, with its first photo or without (spot-create.routes.ts).
  registerSpotCreateRoute(root, { db, storage, photoLimits, requireUser });

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
}
