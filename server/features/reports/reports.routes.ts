import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import type { AuditAction } from '../../../common/schemas/admin-audit.ts';
import {
  AdminReportListSchema,
  AdminReportSchema,
  CreateReportSchema,
  HiddenParamsSchema,
  ReportActionSchema,
  ReportIdParamsSchema,
  ReportQueueQuerySchema,
  ReportSchema,
  REPORTS_PER_HOUR_MAX,
  ShowAgainSchema,
  ShownAgainSchema,
} from '../../../common/schemas/reports.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';
import type { RequireAdmin } from '../../plugins/admin.ts';
import type { CurrentUser, RequireUser } from '../../plugins/session.ts';
import { PHOTO_KEY_PATTERN, type PhotoStorage } from '../../storage/storage.ts';
import {
  dismissReport,
  fileReport,
  hideReported,
  isReportedPhoto,
  queueItem,
  reportQueue,
  showAgain,
} from './reports.queries.ts';

/** The audit log's writer (features/admin/audit.ts), passed in by the app: features do not import each other. */
type RecordAudit = (
  db: Pick<Database, 'insert' | 'execute'>,
  entry: { actorId: string | null; action: AuditAction; subjectId?: string | null; address?: string | null },
) => Promise<void>;

type Deps = {
  db: Database;
  storage: PhotoStorage;
  requireUser: RequireUser;
  requireAdmin: RequireAdmin;
  recordAudit: RecordAudit;
};

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
/** An administrators' route: anyone else gets the 404 of a route that does not exist, never a 401. */
const adminErrors = { 400: ApiErrorSchema, 404: ApiErrorSchema };

/** Reports (anyone signed in) and the administrators' queue, hiding and showing again (ADR 0078). */
export function registerReportRoutes(
  root: FastifyInstance,
  { db, storage, requireUser, requireAdmin, recordAudit }: Deps,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The administrator is resolved before the request is validated: to anyone else a bad body or parameter is the same
  // 404 as a route that does not exist, never a 400 that says it does (ADR 0077).
  const admins = new WeakMap<FastifyRequest, CurrentUser>();
  const onlyAdmins = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      admins.set(request, await requireAdmin(request, reply));
    },
  };
  const adminOf = (request: FastifyRequest) => admins.get(request)!;

  app.post(
    '/api/v1/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report a public spot, a visit of one, or a photo of one',
        description:
          'Only content everyone on the server can see: a public spot, a visit of a public spot, a photo of either. ' +
          'Anything else, and an id that does not exist, is the same 404; your own content is 400 OWN_CONTENT. ' +
          'The same person reporting the same item again gets 200 with the first report. At most ' +
          `${REPORTS_PER_HOUR_MAX} new reports an hour (429 RATE_LIMITED). The owner is never told who reported.`,
        body: CreateReportSchema,
        response: { 200: ReportSchema, 201: ReportSchema, 429: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const { report, created } = await fileReport(db, user.id, request.body);
      return reply.status(created ? 201 : 200).send(report);
    },
  );

  app.get(
    '/api/v1/admin/reports',
    {
      ...onlyAdmins,
      schema: {
        tags: ['admin'],
        summary: 'The reports queue: each report with the content as everyone may see it',
        description:
          '`target` is the reported content as any other user would see it (or saw it, while hidden), with its ' +
          'owner’s display name; null when it is gone or no longer public. Photo URLs point at ' +
          '`/api/v1/admin/photos/{key}`, which serves them to administrators while hidden too. Never the reporter.',
        querystring: ReportQueueQuerySchema,
        response: { 200: AdminReportListSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return { items: await reportQueue(db, request.query.status) };
    },
  );

  app.patch(
    '/api/v1/admin/reports/:id',
    {
      ...onlyAdmins,
      schema: {
        tags: ['admin'],
        summary: 'Act on a report: hide the content (closing all its open reports) or dismiss this report',
        description:
          '`hide`: the item is shown to nobody but its owner, who sees it marked with the report’s reason; every ' +
          'open report of it is closed. Content gone or no longer public is left as it is. `dismiss`: closes this ' +
          'report and changes nothing of the content. Both are written to the audit log.',
        params: ReportIdParamsSchema,
        body: ReportActionSchema,
        response: { 200: AdminReportSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const admin = adminOf(request);
      const { id } = request.params;
      const action = request.body.action;
      const done = await db.transaction(async (tx) => {
        const txDb = tx as unknown as Database;
        const acted = action === 'hide' ? await hideReported(txDb, id) : await dismissReport(txDb, id);
        if (acted) {
          await recordAudit(tx, {
            actorId: admin.id,
            action: action === 'hide' ? 'report.hide' : 'report.dismiss',
            subjectId: id,
            address: request.ip,
          });
        }
        return acted;
      });
      const item = done ? await queueItem(db, id) : null;
      if (!item) throw notFound('Report');
      return item;
    },
  );

  app.patch(
    '/api/v1/admin/hidden/:target_type/:target_id',
    {
      ...onlyAdmins,
      schema: {
        tags: ['admin'],
        summary: 'Show a hidden spot, visit or photo again',
        description: 'Shown again to whoever may see it, counts included; written to the audit log (`content.show`).',
        params: HiddenParamsSchema,
        body: ShowAgainSchema,
        response: { 200: ShownAgainSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const admin = adminOf(request);
      const { target_type, target_id } = request.params;
      const shown = await db.transaction(async (tx) => {
        const acted = await showAgain(tx as unknown as Database, target_type, target_id);
        if (acted) {
          await recordAudit(tx, {
            actorId: admin.id,
            action: 'content.show',
            subjectId: target_id,
            address: request.ip,
          });
        }
        return acted;
      });
      if (!shown) throw notFound('Hidden content');
      return { target_type, target_id, hidden: false as const };
    },
  );

  app.get(
    '/api/v1/admin/photos/:key',
    {
      ...onlyAdmins,
      schema: {
        tags: ['admin'],
        summary: 'A photo of reported public content, for administrators, also while it is hidden',
        description:
          'The reported photo, or a photo of a reported spot or visit; only ever of content that was public. ' +
          'Any other key: 404.',
        params: z.strictObject({ key: z.string().regex(PHOTO_KEY_PATTERN) }),
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      if (!(await isReportedPhoto(db, key))) throw notFound('Photo');
      const stored = await storage.get(key);
      if (!stored) throw notFound('Photo');
      const etag = `"${crypto.createHash('sha256').update(stored.body).digest('base64url').slice(0, 27)}"`;
      privateAnswer(reply).header('etag', etag).header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(stored.contentType).send(stored.body);
    },
  );
}
