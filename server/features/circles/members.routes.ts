import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CircleIdParamsSchema,
  MemberListSchema,
  MemberParamsSchema,
  MemberSchema,
  UpdateMemberSchema,
} from '../../../common/schemas/circles.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import type { Database } from '../../db/client.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { circleNotFound } from './circles.queries.ts';
import { listMembers, removeMember, setMemberRole } from './members.queries.ts';
import { circleErrors, OUTSIDERS } from './circles.routes.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

type Deps = { db: Database; requireUser: RequireUser };

/** A circle's members: their display names and roles (never e-mails), roles, removing someone and leaving. */
export function registerCircleMemberRoutes(root: FastifyInstance, { db, requireUser }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/circles/:id/members',
    {
      schema: {
        tags: ['circles'],
        summary: 'The circle’s members: display names and roles, owner first, then admins, then by name',
        description: `Any member may list them; no e-mail address is ever given. ${OUTSIDERS}`,
        params: CircleIdParamsSchema,
        response: { 200: MemberListSchema, ...circleErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const items = await listMembers(db, user.id, request.params.id);
      if (!items) throw circleNotFound();
      return { items };
    },
  );

  app.patch(
    '/api/v1/circles/:id/members/:user_id',
    {
      schema: {
        tags: ['circles'],
        summary: 'Make a member an admin, or an admin a member (the owner only)',
        description:
          'The owner’s own role changes only by handing the circle over (PATCH /api/v1/circles/:id with owner_id): ' +
          '409 OWNER_ROLE. An admin made a member loses the invitations they made (revoked). Someone not in the ' +
          `circle is a 404. ${OUTSIDERS}`,
        params: MemberParamsSchema,
        body: UpdateMemberSchema,
        response: { 200: MemberSchema, 409: ApiErrorSchema, ...circleErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const { id, user_id: targetId } = request.params;
      return setMemberRole(db, user.id, id, targetId, request.body.role);
    },
  );

  app.delete(
    '/api/v1/circles/:id/members/:user_id',
    {
      schema: {
        tags: ['circles'],
        summary: 'Remove someone from the circle, or leave it (one’s own user_id)',
        description:
          'Anyone may leave, except the owner, who hands the circle over or deletes it first (409 ' +
          'OWNER_MUST_HAND_OVER). The owner removes anyone; an admin removes members but not the owner or another ' +
          'admin; a member removes nobody else (403). The one who leaves or is removed stops sharing their own spots ' +
          `with the circle, and the invitations they made are revoked, in the same step. ${OUTSIDERS}`,
        params: MemberParamsSchema,
        response: { 204: z.null().describe('Removed'), 409: ApiErrorSchema, ...circleErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      await removeMember(db, user.id, request.params.id, request.params.user_id);
      return reply.status(204).send(null);
    },
  );
}
