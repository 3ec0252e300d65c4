import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminSettingsPatchSchema,
  AdminSettingsSchema,
  CreateServerInviteSchema,
  ServerInviteListSchema,
  ServerInviteParamsSchema,
  ServerInviteSchema,
  SignupInfoSchema,
  type ServerInvite,
} from '../../../common/schemas/admin-settings.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import { INVITE_DAYS_DEFAULT, OPEN_SERVER_INVITES_MAX } from '../../../common/limits.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { serverInviteMail } from '../../mail/messages.ts';
import type { RequireAdmin } from '../../plugins/admin.ts';
import {
  adminSettings,
  createServerInvite,
  dropServerInvite,
  listServerInvites,
  revokeServerInvite,
  signupInfo,
  updateSettings,
  type ServerInviteRow,
} from './signup.queries.ts';

/** The audit log's writer (features/admin/audit.ts), passed in: one feature does not import another's. */
type RecordAudit = (
  tx: Pick<Database, 'insert' | 'execute'>,
  entry: {
    actorId: string;
    action: 'settings.update' | 'invite.create' | 'invite.revoke';
    subjectId?: string;
    address: string;
  },
) => Promise<void>;

type Deps = {
  db: Database;
  requireAdmin: RequireAdmin;
  recordAudit: RecordAudit;
  outbox: Outbox;
  publicUrl: string;
  photoQuotaMb: number;
};

/** The page a server invitation's link opens: the web app's sign-up, with the invitation kept (ADR 0079). */
export const joinUrl = (publicUrl: string, token: string) => `${publicUrl}/join/${token}`;

const ADMIN_ONLY = 'Administrators only: anyone else gets the 404 of a route that does not exist.';

/**
 * Who may join (ADR 0079): the policy for the sign-in screen, and for administrators the settings and server
 * invitations. The sign-up itself stays better-auth's route, admitted or refused in the bridge (features/auth/).
 */
export function registerSignupRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, requireAdmin, recordAudit } = deps;
  const toInvite = (row: ServerInviteRow): ServerInvite => ({ ...row, url: joinUrl(deps.publicUrl, row.token) });

  app.get(
    '/api/v1/signup',
    {
      schema: {
        tags: ['system'],
        summary: 'How one may join this server: its sign-up policy (no account needed)',
        description:
          '`open`: anyone may sign up; `invite`: only with a server or circle invitation (`invite` in the sign-up); ' +
          '`approval`: anyone may, and an administrator approves the account before it can sign in; `closed`: ' +
          'administrators make the accounts. Addresses of the domains an administrator listed may always sign up, ' +
          'never held for approval; `some_domains` says whether there are any, never which.',
        response: { 200: SignupInfoSchema },
      },
    },
    async () => signupInfo(db),
  );

  app.get(
    '/api/v1/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'The server’s sign-up policy, its always-admitted domains and the default photo quota',
        description: ADMIN_ONLY,
        response: { 200: AdminSettingsSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await requireAdmin(request, reply);
      return adminSettings(db, deps.photoQuotaMb);
    },
  );

  app.patch(
    '/api/v1/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the sign-up policy, the domains or the default photo quota',
        description:
          'Only the fields given change. Domains are kept in lower case, without the @, each once. Written to the ' +
          `audit log (settings.update). ${ADMIN_ONLY}`,
        body: AdminSettingsPatchSchema,
        response: { 200: AdminSettingsSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, reply);
      await db.transaction(async (tx) => {
        await updateSettings(tx, request.body);
        await recordAudit(tx, { actorId: admin.id, action: 'settings.update', address: request.ip });
      });
      return adminSettings(db, deps.photoQuotaMb);
    },
  );

  app.post(
    '/api/v1/admin/invites',
    {
      schema: {
        tags: ['admin'],
        summary: 'Make a server invitation: a link that lets its holder sign up whatever the policy',
        description:
          `It expires after expires_in_days (${INVITE_DAYS_DEFAULT} unless given) and may make max_uses accounts ` +
          '(any number until it expires without it). With `email` the link is mailed to that address and only that ' +
          'address may sign up with it, once (max_uses, if given, must be 1). Opening the link signs no one up: the ' +
          `sign-up sends its token as \`invite\`. At most ${OPEN_SERVER_INVITES_MAX} open at once (409 ` +
          `INVITE_LIMIT). Written to the audit log (invite.create). ${ADMIN_ONLY}`,
        body: CreateServerInviteSchema,
        response: { 201: ServerInviteSchema, 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, reply);
      const { expires_in_days: expiresInDays, max_uses: maxUses, email } = request.body;
      // As accounts keep them (better-auth lowercases addresses).
      const address = email?.trim().toLowerCase() || null;
      if (address && maxUses != null && maxUses !== 1) {
        throw new AppError(
          400,
          'VALIDATION_ERROR',
          'An invitation sent by e-mail is for that one person: leave out max_uses, or send 1.',
        );
      }
      const invite = toInvite(
        await createServerInvite(
          db,
          { createdBy: admin.id, expiresInDays, maxUses: address ? 1 : (maxUses ?? null), email: address },
          (tx, id) =>
            recordAudit(tx, { actorId: admin.id, action: 'invite.create', subjectId: id, address: request.ip }),
        ),
      );
      if (address) {
        // An invitation whose mail could not be queued would be a link nobody has: it goes, and the admin retries.
        await deps.outbox
          .enqueue(serverInviteMail(address, { url: invite.url, days: expiresInDays }))
          .catch(async (error: unknown) => {
            await dropServerInvite(db, invite.id);
            throw error;
          });
      }
      return reply.status(201).send(invite);
    },
  );

  app.get(
    '/api/v1/admin/invites',
    {
      schema: {
        tags: ['admin'],
        summary: 'The open server invitations, newest first',
        description: `Open: not revoked, not expired, not used up. ${ADMIN_ONLY}`,
        response: { 200: ServerInviteListSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await requireAdmin(request, reply);
      return { items: (await listServerInvites(db)).map(toInvite) };
    },
  );

  app.delete(
    '/api/v1/admin/invites/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revoke a server invitation',
        description:
          'Its link then lets no one sign up. Revoking it again is no error. Written to the audit log ' +
          `(invite.revoke). ${ADMIN_ONLY}`,
        params: ServerInviteParamsSchema,
        response: { 204: z.null().describe('Revoked'), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, reply);
      await revokeServerInvite(db, request.params.id, (tx) =>
        recordAudit(tx, {
          actorId: admin.id,
          action: 'invite.revoke',
          subjectId: request.params.id,
          address: request.ip,
        }),
      );
      return reply.status(204).send(null);
    },
  );
}
