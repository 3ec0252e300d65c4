import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CircleIdParamsSchema,
  CircleListSchema,
  CircleSchema,
  CreateCircleSchema,
  UpdateCircleSchema,
} from '../../../common/schemas/circles.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import { CIRCLES_PER_USER_MAX } from '../../../common/limits.ts';
import type { Database } from '../../db/client.ts';
import type { RequireUser } from '../../plugins/session.ts';
import {
  circleNotFound,
  createCircle,
  deleteCircle,
  findCircle,
  handOverCircle,
  listCircles,
  renameCircle,
} from './circles.queries.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

type Deps = { db: Database; requireUser: RequireUser };

export const circleErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** Said once for every route under /api/v1/circles/:id. */
export const OUTSIDERS =
  'Someone not in the circle gets 404 NOT_FOUND, exactly as for a circle that does not exist; a member without the ' +
  'role for it gets 403 FORBIDDEN.';

/** Circles themselves (issue #20): the caller's list, making one, and its owner's rename, hand-over and delete. */
export function registerCircleRoutes(root: FastifyInstance, { db, requireUser }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/circles',
    {
      schema: {
        tags: ['circles'],
        summary: 'The circles the caller is in, with their role and the number of members, by name',
        response: { 200: CircleListSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      return { items: await listCircles(db, user.id) };
    },
  );

  app.post(
    '/api/v1/circles',
    {
      schema: {
        tags: ['circles'],
        summary: 'Create a circle; the caller is its owner',
        description: `Someone already in ${CIRCLES_PER_USER_MAX} circles (owned or joined) gets 409 CIRCLE_LIMIT.`,
        body: CreateCircleSchema,
        response: { 201: CircleSchema, 409: ApiErrorSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      return reply.status(201).send(await createCircle(db, user.id, request.body.name));
    },
  );

  app.get(
    '/api/v1/circles/:id',
    {
      schema: {
        tags: ['circles'],
        summary: 'One of the caller’s circles',
        description: OUTSIDERS,
        params: CircleIdParamsSchema,
        response: { 200: CircleSchema, ...circleErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const circle = await findCircle(db, user.id, request.params.id);
      if (!circle) throw circleNotFound();
      return circle;
    },
  );

  app.patch(
    '/api/v1/circles/:id',
    {
      schema: {
        tags: ['circles'],
        summary: 'Rename the circle, or hand it to another member (the owner only)',
        description:
          '`{name}` renames it; `{owner_id}` makes that member the owner and the caller an admin (409 NOT_A_MEMBER ' +
          `for someone not in the circle). Send one of the two. ${OUTSIDERS}`,
        params: CircleIdParamsSchema,
        body: UpdateCircleSchema,
        response: { 200: CircleSchema, 409: ApiErrorSchema, ...circleErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const { name, owner_id: ownerId } = request.body;
      if (name !== undefined) return renameCircle(db, user.id, request.params.id, name);
      return handOverCircle(db, user.id, request.params.id, ownerId!);
    },
  );

  app.delete(
    '/api/v1/circles/:id',
    {
      schema: {
        tags: ['circles'],
        summary: 'Delete the circle (the owner only)',
        description:
          'Its members, invitations and shares go with it: a spot shared only with this circle is its owner’s alone ' +
          `again. ${OUTSIDERS}`,
        params: CircleIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...circleErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      await deleteCircle(db, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
