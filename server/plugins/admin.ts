import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { CurrentUser, RequireUser } from './session.ts';

/** The answer to a route that does not exist (plugins/static-client.ts answers unknown API paths with it too). */
export const noSuchRoute = (request: FastifyRequest) =>
  new AppError(404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0] ?? ''}`);

/**
 * The signed-in administrator of a request under /api/v1/admin/. Anyone else — signed out, a user, a disabled or
 * pending account — gets the 404 of a route that does not exist, so the admin API tells nobody it is there (ADR
 * 0077). Being an administrator opens these routes only: every other route treats an administrator as any user.
 */
export function createAdminResolver(requireUser: RequireUser) {
  return async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<CurrentUser> {
    let user: CurrentUser;
    try {
      user = await requireUser(request, reply);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) throw noSuchRoute(request);
      throw error;
    }
    if (user.role !== 'admin') throw noSuchRoute(request);
    return user;
  };
}
export type RequireAdmin = ReturnType<typeof createAdminResolver>;

/** How each admin route's description in the API document begins. */
export const ADMIN_ONLY = 'For an administrator only; anyone else gets the 404 of a route that does not exist.';
