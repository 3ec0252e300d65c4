import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CircleSpotParamsSchema } from '../../../common/schemas/circles.ts';
import type { Database } from '../../db/client.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { takeSpotOut } from './circle-spots.queries.ts';
import { circleErrors, OUTSIDERS } from './circles.routes.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

type Deps = { db: Database; requireUser: RequireUser };

/** What is shared with a circle, as its owner and admins keep it: taking a spot out. */
export function registerCircleSpotRoutes(root: FastifyInstance, { db, requireUser }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.delete(
    '/api/v1/circles/:id/spots/:spot_id',
    {
      schema: {
        tags: ['circles'],
        summary: 'Take a spot out of the circle (its owner and admins)',
        description:
          'The spot stays its owner’s, shared with whatever else it was shared with; the circle’s members no longer ' +
          'see it (their devices drop it at the next device check) and its owner sees the circle gone from its ' +
          '`circle_ids`. The owner takes out anyone’s spot, an admin a member’s but not the owner’s or another ' +
          'admin’s, a member none but their own (403). A spot that is not shared with the circle is a 404. ' +
          OUTSIDERS,
        params: CircleSpotParamsSchema,
        response: { 204: z.null().describe('Taken out'), ...circleErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      await takeSpotOut(db, user.id, request.params.id, request.params.spot_id);
      return reply.status(204).send(null);
    },
  );
}
