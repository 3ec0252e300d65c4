import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import { MapPinsQuerySchema, MapPinsSchema, type MapPins } from '../../../common/schemas/map-pins.ts';
import type { RequestReads } from '../../db/abandoned-requests.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { pinsInBox } from './map-pins.queries.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

/**
 * The spots' map (ADR 0065): the pins of the area around the view, a few tens of bytes each where a whole spot is
 * several hundred; the popup reads the spot by id. `private, no-store`, as the spots themselves.
 */
export function registerMapPinRoutes(
  root: FastifyInstance,
  { reads, requireUser }: { reads: RequestReads; requireUser: RequireUser },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/map/pins',
    {
      schema: {
        tags: ['map'],
        summary: 'The pins of the spots the caller may see inside a box: what the spots’ map draws',
        description:
          'The spots the box route (GET /api/v1/locations?bbox=) would list for the same bbox and filter, newest ' +
          'first, each only as its pin: one’s own at its true position, anyone else’s at its shown point with its ' +
          'area. At most `limit` (up to 10,000); `truncated` says there were more. Takes the filter bar’s ' +
          'parameters, as the list does. A popup reads the whole spot by id.',
        querystring: MapPinsQuerySchema,
        response: { 200: MapPinsSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const { bbox, limit, ...filter } = request.query;
      // Cancelled with its request: the pins of a view already left stop their work on the database (ADR 0039).
      const pins = await reads(request, reply, (db) => pinsInBox(db, user.id, bbox, { limit, filter }));
      // Already JSON from the database, sent as it is; the API tests check it against the schema.
      const body = `{"items":${pins.itemsJson},"truncated":${pins.truncated}}`;
      return reply.type('application/json; charset=utf-8').send(body as unknown as MapPins);
    },
  );
}
