import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import { MapCountQuerySchema, MapCountSchema } from '../../../common/schemas/map-tiles.ts';
import type { RequestReads } from '../../db/abandoned-requests.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { countInView } from './map-count.queries.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

/**
 * The map header's number (ADR 0062): how many spots the caller may see inside the view, exactly. Asked for each view
 * at rest, so not kept by any cache: `private, no-store`, as the spots themselves.
 */
export function registerMapCountRoutes(
  root: FastifyInstance,
  { reads, requireUser }: { reads: RequestReads; requireUser: RequireUser },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/map/count',
    {
      schema: {
        tags: ['map'],
        summary: 'How many spots the caller may see inside a box: the map header’s number',
        description:
          'Exactly the spots the box route would list for the same bbox and filter: one’s own at their true position, ' +
          'others’ public ones and those shared with a circle of one’s own at their shown point, never anyone’s private ' +
          'spot. A spot on the box’s edge is inside. Without a filter the answer costs what the box’s size and edge ' +
          'cost, not what the database holds; takes the filter bar’s parameters, as the list does.',
        querystring: MapCountQuerySchema,
        response: { 200: MapCountSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const { bbox, ...filter } = request.query;
      // Cancelled with its request: a view left behind by a pan stops its work on the database (ADR 0039).
      const count = await reads(request, reply, (db) => countInView(db, user.id, bbox, filter));
      return { count };
    },
  );
}
