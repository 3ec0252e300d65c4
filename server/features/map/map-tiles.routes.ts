import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import { SpotFilterQuerySchema } from '../../../common/schemas/spots.ts';
import {
  MAP_MARKERS_MAX,
  MapTileParamsSchema,
  MapTileSchema,
  type MapTile,
} from '../../../common/schemas/map-tiles.ts';
import type { RequestReads } from '../../db/abandoned-requests.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { mapTile } from './map-tiles.queries.ts';

/**
 * The map's answer by tile (ADR 0026), keyed by z/x/y and the filter. `private, no-store` (ADR 0074): it names spots
 * and their positions, and a copy in the browser's disk cache would outlive their being taken back, for an area the
 * user never looks at again. The web app keeps tiles in memory only; the ETag serves a client that keeps its own
 * copy and asks with If-None-Match.
 */
export function registerMapTileRoutes(
  root: FastifyInstance,
  { reads, requireUser }: { reads: RequestReads; requireUser: RequireUser },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/map/tiles/:z/:x/:y',
    {
      schema: {
        tags: ['map'],
        summary: 'What the map draws of one Web-Mercator tile: lean markers, or cells with true counts',
        description:
          `Up to ${MAP_MARKERS_MAX} spots in the tile come as markers (id, position, type, is_owner, is_public, has_photos, precision; ` +
          'the popup reads the spot by id). More come as 8 × 8 cells, each with the exact number of spots the caller may ' +
          'see in it by type and their mean position: one’s own spots, others’ public ones and those shared with a circle ' +
          'of one’s own, never anyone’s private spot. ' +
          'Takes the filter bar’s parameters, as the list does. ETag and If-None-Match for revalidation.',
        params: MapTileParamsSchema,
        querystring: SpotFilterQuerySchema,
        response: {
          200: MapTileSchema,
          304: z.null().describe('Not modified: the copy the browser has is current'),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      // Cancelled with its request: a tile left behind by a pan stops its work on the database (ADR 0039).
      const tile = await reads(request, reply, (db) => mapTile(db, user.id, request.params, request.query));
      const body = JSON.stringify(tile);
      const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      privateAnswer(reply).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      // The JSON the ETag was made from, sent as it is: every pan asks for tiles, and checking the answer against
      // its schema again and writing it out a second time cost more than the kept counts' reads. The response
      // schema documents the shape; the API tests parse answers with it.
      return reply.type('application/json; charset=utf-8').send(body as unknown as MapTile);
    },
  );
}
