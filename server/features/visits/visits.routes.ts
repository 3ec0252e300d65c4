import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocationIdParamsSchema } from '../../../common/schemas/locations.ts';
import {
  CreateVisitSchema,
  OwnVisitsQuerySchema,
  VisitListSchema,
  VisitParamsSchema,
  VisitSchema,
} from '../../../common/schemas/visits.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { RequireUser } from '../auth/session.ts';
import { deleteVisit, findOwnVisit, insertVisit, listOwnVisits, listVisits, ownsLocation, visitIdTaken } from './visits.queries.ts';

type Deps = { db: Database; requireUser: RequireUser };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** Visits tell where and when someone forages: no browser or proxy cache may keep them, as for spots. */
const PRIVATE_NO_STORE = 'private, no-store';

/** Returns to a spot (ADR 0022): they follow the spot's visibility; only its owner records or deletes them. */
export function registerVisitRoutes(root: FastifyInstance, { db, requireUser }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/locations/:id/visits',
    {
      schema: {
        tags: ['visits'],
        summary: 'The visits of a spot the caller may see, newest first',
        description: 'Another user’s public spot shows its visits without their notes (note is null). A spot one may not see is a 404.',
        params: LocationIdParamsSchema,
        response: { 200: VisitListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
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
          'answer adds nothing; an id already used elsewhere is a 409. Someone else’s spot is a 404.',
        params: LocationIdParamsSchema,
        body: CreateVisitSchema,
        response: { 200: VisitSchema, 201: VisitSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      const user = await requireUser(request, reply);
      const locationId = request.params.id;
      const input = request.body;
      if (!(await ownsLocation(db, user.id, locationId))) throw notFound();

      const replay = async () => {
        const stored = await findOwnVisit(db, user.id, locationId, input.id);
        if (stored) return stored;
        if (await visitIdTaken(db, input.id)) throw new AppError(409, 'ID_CONFLICT', 'That id is already in use.');
        return null;
      };
      const existing = await replay();
      if (existing) return reply.status(200).send(existing);
      if (!(await insertVisit(db, locationId, input))) {
        // A concurrent retry with the same id won the race.
        const winner = await replay();
        if (winner) return reply.status(200).send(winner);
        throw new AppError(409, 'ID_CONFLICT', 'That id is already in use.');
      }
      return reply.status(201).send((await findOwnVisit(db, user.id, locationId, input.id))!);
    },
  );

  app.delete(
    '/api/v1/locations/:id/visits/:visitId',
    {
      schema: {
        tags: ['visits'],
        summary: 'Delete a visit of one of your spots',
        params: VisitParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      if (!(await deleteVisit(db, user.id, request.params.id, request.params.visitId))) throw notFound('Visit');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/visits',
    {
      schema: {
        tags: ['visits'],
        summary: 'All of your own visits, each with its spot’s id, newest first',
        description: 'What the fruiting calendar is drawn from, on the device. owner=mine is required: nobody else’s visits are listed here.',
        querystring: OwnVisitsQuerySchema,
        response: { 200: VisitListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      const user = await requireUser(request, reply);
      return { items: await listOwnVisits(db, user.id) };
    },
  );
}
