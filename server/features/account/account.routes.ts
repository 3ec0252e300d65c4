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
import { session as sessionTable, user as userTable } from '../../db/schema.ts';
import type { RequireUser } from '../../plugins/session.ts';

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
      reply.header('cache-control', 'private, no-store');
      return { default_public: user.defaultPublic };
    },
  );

  app.patch(
    '/api/v1/me/settings',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the caller’s account settings',
        body: AccountSettingsPatchSchema,
        response: { 200: AccountSettingsSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await deps.requireUser(request, reply);
      const patch = request.body;
      let defaultPublic = user.defaultPublic;
      if (patch.default_public !== undefined) {
        const [updated] = await deps.db
          .update(userTable)
          .set({ defaultPublic: patch.default_public, updatedAt: new Date() })
          .where(eq(userTable.id, user.id))
          .returning({ defaultPublic: userTable.defaultPublic });
        defaultPublic = updated?.defaultPublic ?? patch.default_public;
      }
      reply.header('cache-control', 'private, no-store');
      return { default_public: defaultPublic };
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
      reply.header('cache-control', 'private, no-store');
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
