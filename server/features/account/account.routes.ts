import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gt } from 'drizzle-orm';
import {
  AccountSessionsSchema,
  AccountSettingsPatchSchema,
  AccountSettingsSchema,
} from '../../../common/schemas/account.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import type { Database } from '../../db/client.ts';
import { session as sessionTable } from '../../db/schema.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { changeSharingDefaults, sharingDefaults } from './account.queries.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

/**
 * The account page's own routes: what better-auth does not keep (the sharing a new spot starts with) and the
 * signed-in sessions without their tokens (better-auth's list hands every session's token to the browser).
 * Name, e-mail, password, signing out others and deletion go through better-auth (auth.routes.ts, ADR 0037).
 */
export function registerAccountRoutes(root: FastifyInstance, deps: { db: Database; requireUser: RequireUser }) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/me/settings',
    {
      schema: {
        tags: ['account'],
        summary: 'The caller’s account settings',
        response: { 200: AccountSettingsSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await deps.requireUser(request, reply);
      privateAnswer(reply);
      return sharingDefaults(deps.db, user.id);
    },
  );

  app.patch(
    '/api/v1/me/settings',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the caller’s account settings',
        description:
          'The sharing a new spot starts with: default_audience (with default_circle_ids, circles the caller is in) ' +
          'and default_precision; default_public alone still works (true: everyone; false: not everyone). A circle ' +
          'one is not in is a 400 UNKNOWN_CIRCLE; leaving a circle takes it out of the default.',
        body: AccountSettingsPatchSchema,
        response: { 200: AccountSettingsSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await deps.requireUser(request, reply);
      const settings = await changeSharingDefaults(deps.db, user.id, request.body);
      privateAnswer(reply);
      return settings;
    },
  );

  app.get(
    '/api/v1/me/sessions',
    {
      schema: {
        tags: ['account'],
        summary: 'The caller’s signed-in sessions, newest use first (never their tokens)',
        response: { 200: AccountSessionsSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await deps.requireUser(request, reply);
      const rows = await deps.db
        .select({
          id: sessionTable.id,
          createdAt: sessionTable.createdAt,
          updatedAt: sessionTable.updatedAt,
          userAgent: sessionTable.userAgent,
        })
        .from(sessionTable)
        .where(and(eq(sessionTable.userId, user.id), gt(sessionTable.expiresAt, new Date())))
        .orderBy(desc(sessionTable.updatedAt))
        .limit(100);
      privateAnswer(reply);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          last_active_at: row.updatedAt.toISOString(),
          user_agent: row.userAgent,
          current: row.id === user.sessionId,
        })),
      };
    },
  );
}
