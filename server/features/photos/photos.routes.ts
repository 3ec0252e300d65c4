import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { PHOTO_KEY_PATTERN, type PhotoStorage } from '../../storage/storage.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { canViewPhoto } from '../spots/spots.queries.ts';

const PhotoParamsSchema = z.strictObject({ key: z.string().regex(PHOTO_KEY_PATTERN) });

export function registerPhotoRoutes(
  root: FastifyInstance,
  { db, storage, requireUser }: { db: Database; storage: PhotoStorage; requireUser: RequireUser },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/photos/:key',
    {
      schema: {
        tags: ['photos'],
        summary: 'A spot’s photo or thumbnail, only for those who may see the spot (else 404)',
        params: PhotoParamsSchema,
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      // A key that is not visible and a key that does not exist answer the same.
      if (!(await canViewPhoto(db, user.id, request.params.key))) throw notFound('Photo');
      const stored = await storage.get(request.params.key);
      if (!stored) throw notFound('Photo');
      const etag = `"${crypto.createHash('sha256').update(stored.body).digest('base64url').slice(0, 27)}"`;
      // Kept by no browser cache (ADR 0074): a spot taken back must leave no copy behind that nothing asks for again.
      // The service worker keeps its own copy for use with no signal, in Cache Storage the app clears, and asks with
      // If-None-Match each time it is shown: a 304 and no body when it is current, a 404 once it is taken back.
      privateAnswer(reply).header('etag', etag).header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(stored.contentType).send(stored.body);
    },
  );
}
