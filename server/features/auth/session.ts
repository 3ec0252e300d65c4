import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { session as sessionTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { SESSION_ABSOLUTE_MAX_MS, type Auth } from './auth.ts';

export type CurrentUser = { id: string; email: string; name: string };

/**
 * The signed-in user of a request, or a 401. Sessions slide with use, but none outlives
 * SESSION_ABSOLUTE_MAX_MS after sign-in: a stolen cookie stops working in at most 30 days.
 */
export function createSessionResolver(auth: Auth, db: Database) {
  return async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
    const headers = new Headers();
    const cookie = request.headers.cookie;
    if (cookie) headers.set('cookie', cookie);
    const found = cookie ? await auth.api.getSession({ headers, query: { disableRefresh: false } }) : null;
    if (!found) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in.');
    if (Date.now() - new Date(found.session.createdAt).getTime() > SESSION_ABSOLUTE_MAX_MS) {
      await db.delete(sessionTable).where(eq(sessionTable.id, found.session.id));
      throw new AppError(401, 'UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    }
    return { id: found.user.id, email: found.user.email, name: found.user.name };
  };
}
export type RequireUser = ReturnType<typeof createSessionResolver>;
