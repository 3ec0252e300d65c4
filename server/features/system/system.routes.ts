import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClientConfigSchema, MeSchema, SessionSchema, type MapRegion } from '../../../common/schemas/config.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import { PHOTO_MAX_BYTES } from '../../../common/limits.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { PUBLIC_REVALIDATE, privateAnswer } from '../../plugins/cache-policy.ts';
import type { CurrentUser, RequireUser } from '../../plugins/session.ts';
import type { Database } from '../../db/client.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import { sharingDefaults } from '../account/account.queries.ts';

/** Which release answers: during a rolling upgrade, which server is which. */
const HealthReleaseSchema = z.object({ version: z.string(), commit: z.string().nullable() });

/** The user as the app sees them, with the sharing a new spot starts with: never the session's id. */
const toMe = async (db: Database, photoLimits: PhotoLimits, user: CurrentUser) => {
  const photos = await photoLimits.useOf(db, user.id);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    ...(await sharingDefaults(db, user.id)),
    photo_bytes: Math.max(0, photos.usedBytes),
    photo_quota_bytes: photos.quotaBytes,
  };
};

export function registerSystemRoutes(
  root: FastifyInstance,
  deps: {
    config: Config;
    db: Database;
    ping: () => Promise<void>;
    requireUser: RequireUser;
    photoLimits: PhotoLimits;
    describeMapRegion: () => Promise<MapRegion | null>;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public settings the web app reads at start',
        response: { 200: ClientConfigSchema },
      },
    },
    async (_request, reply) => {
      // Public: the same for everyone, kept by the browser and the service worker alike (ADR 0074).
      reply.header('cache-control', PUBLIC_REVALIDATE);
      return {
        tile_layers: deps.config.tileLayers.map((layer) => ({
          id: layer.id,
          url: layer.url,
          attribution: layer.attribution,
          max_zoom: layer.maxZoom,
          cache: layer.cache,
        })),
        photo_max_bytes: PHOTO_MAX_BYTES,
        // Public like the rest of this answer: the region's name and size are the operator's settings, not anyone's
        // data; the file itself needs a session. A phone compares etag with its downloaded copy's.
        map_region: await deps.describeMapRegion(),
        map_overview_from: deps.config.mapOverviewFrom,
      };
    },
  );

  app.get(
    '/api/v1/me',
    {
      schema: {
        tags: ['system'],
        summary: 'The signed-in user, or 401',
        response: { 200: MeSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return toMe(deps.db, deps.photoLimits, await deps.requireUser(request, reply));
    },
  );

  // What a page asks at start: a signed-out visitor is an ordinary answer here, not an error, so the browser
  // logs nothing and the app needs no 401 to learn it must show the sign-in screen.
  app.get(
    '/api/v1/session',
    {
      schema: {
        tags: ['system'],
        summary: 'Who is signed in: the user, or null for a signed-out visitor (always 200)',
        response: { 200: SessionSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return { user: await toMe(deps.db, deps.photoLimits, await deps.requireUser(request, reply)) };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) return { user: null };
        throw error;
      }
    },
  );

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: '200 when the database answers, 503 when it does not; with the release that answers',
        response: {
          200: z.object({ status: z.literal('ok'), ...HealthReleaseSchema.shape }),
          503: z.object({ status: z.literal('unavailable'), ...HealthReleaseSchema.shape }),
        },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const { version, commit } = deps.config.release;
      try {
        await Promise.race([
          deps.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 3000).unref()),
        ]);
        return { status: 'ok' as const, version, commit };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, version, commit });
      }
    },
  );
}
