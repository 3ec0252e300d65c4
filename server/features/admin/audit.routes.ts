import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditPageSchema } from '../../../common/schemas/admin-audit.ts';
import { AuditQuerySchema } from '../../../common/schemas/admin-users.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import type { Database } from '../../db/client.ts';
import { ADMIN_ONLY, type RequireAdmin } from '../../plugins/admin.ts';
import { listAudit } from './people.queries.ts';

/** The audit log (ADR 0077): what administrators did, read by administrators only. */
export function registerAuditRoutes(
  root: FastifyInstance,
  { db, requireAdmin }: { db: Database; requireAdmin: RequireAdmin },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'What administrators did, newest first',
        description:
          `${ADMIN_ONLY} Who (null: \`npm run admin\` on the server's console), what, on whom, when, from which address; ` +
          "kept 365 days. `people` names the page's accounts that still exist. 50 a page.",
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await requireAdmin(request, reply);
      return listAudit(db, request.query.cursor);
    },
  );
}
