import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  AdminActionDoneSchema,
  AdminUserParamsSchema,
  AdminUserPatchSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  CreateAdminUserSchema,
} from '../../../common/schemas/admin-users.ts';
import type { AuditAction } from '../../../common/schemas/admin-audit.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { accountApprovedMail, accountCreatedMail, verificationMail } from '../../mail/messages.ts';
import { ADMIN_ONLY, type RequireAdmin } from '../../plugins/admin.ts';
import { confirmationLink, setPasswordLink, SET_PASSWORD_LINK_DAYS } from './account-links.ts';
import { recordAudit } from './audit.ts';
import { findPerson, listPeople, lockSubject, type Subject } from './people.queries.ts';

type Deps = {
  db: Database;
  /** The account page's deletion (features/account/account-deletion.ts), with the audit entry in its transaction. */
  deleteAccount: (
    user: { id: string; email: string },
    alsoInTransaction: (tx: Pick<Database, 'insert' | 'execute'>) => Promise<void>,
  ) => Promise<unknown>;
  requireAdmin: RequireAdmin;
  outbox: Outbox;
  publicUrl: string;
  authSecret: string;
  /** PHOTO_QUOTA_MB: the default when server_policy names none. */
  photoQuotaMb: number;
};

const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/**
 * The people on the server (ADR 0082): the list with counts, accounts made by an administrator, approval,
 * disabling and enabling, roles, quotas, deletion, two-step reset, the confirmation mail again (the audit log of
 * it all: audit.routes.ts).
 * Each action writes its audit entry in its own transaction.
 */
export function registerPeopleRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const audit =
    (tx: Pick<Database, 'insert' | 'execute'>, request: FastifyRequest, actorId: string, subjectId: string) =>
    (action: AuditAction) =>
      recordAudit(tx, { actorId, action, subjectId, address: request.ip });

  app.get(
    '/api/v1/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'The people on the server, newest first',
        description:
          `${ADMIN_ONLY} Account facts and counts, never content: \`spots\` counts all of the person's spots, private ` +
          'ones included. `q` finds words in the display name or e-mail; `status` filters; `cursor` is the ' +
          '`next_cursor` of the page before (50 a page).',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersPageSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await deps.requireAdmin(request, reply);
      return listPeople(db, request.query, deps.photoQuotaMb);
    },
  );

  app.post(
    '/api/v1/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Make an account; the person is mailed a link to choose a password',
        description:
          `${ADMIN_ONLY} Works under any sign-up policy. The account is active; its address is confirmed when the link is ` +
          `used (within ${SET_PASSWORD_LINK_DAYS} days). An address that already has an account: 409 EMAIL_TAKEN.`,
        body: CreateAdminUserSchema,
        response: { 201: AdminUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await deps.requireAdmin(request, reply);
      const email = request.body.email.trim().toLowerCase();
      const id = randomUUID();
      const link = await db.transaction(async (tx) => {
        const inserted = (await tx.execute(sql`
          insert into "user" (id, name, email, email_verified, status)
          values (${id}, ${request.body.name}, ${email}, false, 'active')
          on conflict (email) do nothing returning id`)) as unknown as { rows: unknown[] };
        if (inserted.rows.length === 0)
          throw new AppError(409, 'EMAIL_TAKEN', 'This address already has an account on this server.');
        await audit(tx, request, admin.id, id)('user.create');
        return setPasswordLink(tx, deps.publicUrl, id);
      });
      await deps.outbox.enqueue(accountCreatedMail(email, link, SET_PASSWORD_LINK_DAYS));
      return reply.status(201).send((await findPerson(db, id, deps.photoQuotaMb))!);
    },
  );

  app.patch(
    '/api/v1/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve, disable or enable an account; change its role or photo quota',
        description:
          `${ADMIN_ONLY} \`status: active\` approves a pending account (it is mailed) or enables a disabled one (its old ` +
          'sessions are gone: it signs in again); `status: disabled` ends every session of it on its next request ' +
          '(401 ACCOUNT_DISABLED) and drops its device cookies. An administrator cannot disable themselves ' +
          '(409 OWN_ACCOUNT). A change that would leave no administrator: 409 LAST_ADMIN. ' +
          '`photo_quota_mb: null` gives the server default back.',
        params: AdminUserParamsSchema,
        body: AdminUserPatchSchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await deps.requireAdmin(request, reply);
      const { id } = request.params;
      const patch = request.body;
      const approved = await db.transaction(async (tx) => {
        const subject = await lockSubject(tx, id);
        const write = audit(tx, request, admin.id, id);
        let approvedNow: Subject | null = null;
        if (patch.status !== undefined && patch.status !== subject.status) {
          if (patch.status === 'pending')
            throw new AppError(400, 'VALIDATION_ERROR', 'An account cannot be put back to waiting for approval.');
          if (patch.status === 'disabled') {
            if (id === admin.id) throw new AppError(409, 'OWN_ACCOUNT', 'You cannot disable your own account.');
            // Its sessions stay, so that their next request says why (401 ACCOUNT_DISABLED); its device cookies are
            // dropped now (a new epoch signs them, ADR 0082).
            await tx.execute(
              sql`update "user" set status = 'disabled', device_epoch = device_epoch + 1, updated_at = now() where id = ${id}`,
            );
            await write('user.disable');
          } else if (subject.status === 'pending') {
            await tx.execute(sql`update "user" set status = 'active', updated_at = now() where id = ${id}`);
            await write('user.approve');
            approvedNow = subject;
          } else {
            // Enabled again: no session from before disabling comes back to life; the person signs in anew.
            await tx.execute(sql`delete from "session" where user_id = ${id}`);
            await tx.execute(sql`update "user" set status = 'active', updated_at = now() where id = ${id}`);
            await write('user.enable');
          }
        }
        if (patch.role !== undefined && patch.role !== subject.role) {
          await tx.execute(sql`update "user" set role = ${patch.role}, updated_at = now() where id = ${id}`);
          await write('user.role');
        }
        if (patch.photo_quota_mb !== undefined) {
          const changed = (await tx.execute(sql`
            update "user" set photo_quota_mb = ${patch.photo_quota_mb}, updated_at = now()
            where id = ${id} and photo_quota_mb is distinct from ${patch.photo_quota_mb}::int
            returning id`)) as unknown as { rows: unknown[] };
          if (changed.rows.length > 0) await write('user.quota');
        }
        return approvedNow;
      });
      if (approved) await deps.outbox.enqueue(accountApprovedMail(approved.email, approved.language, deps.publicUrl));
      return (await findPerson(db, id, deps.photoQuotaMb))!;
    },
  );

  app.delete(
    '/api/v1/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an account and everything of it, photos included; or refuse a pending sign-up',
        description:
          `${ADMIN_ONLY} The same deletion as the account page's. For a pending account this is refusing the sign-up ` +
          '(audited as user.refuse). The last administrator: 409 LAST_ADMIN.',
        params: AdminUserParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const admin = await deps.requireAdmin(request, reply);
      const subject = await lockSubject(db, request.params.id);
      const action: AuditAction = subject.status === 'pending' ? 'user.refuse' : 'user.delete';
      await deps.deleteAccount(subject, (tx) => audit(tx, request, admin.id, subject.id)(action));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/admin/users/:id/reset-two-step',
    {
      schema: {
        tags: ['admin'],
        summary: 'Turn two-step sign-in off for a person who lost their phone',
        description:
          `${ADMIN_ONLY} Their authenticator secret and recovery codes are removed and every session of theirs ends (the ` +
          'lost phone may be signed in); they sign in with their password alone and may turn two-step sign-in on ' +
          'again. Two-step sign-in already off: 409 TWO_STEP_ALREADY_OFF.',
        params: AdminUserParamsSchema,
        response: { 200: AdminActionDoneSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await deps.requireAdmin(request, reply);
      await db.transaction(async (tx) => {
        const subject = await lockSubject(tx, request.params.id);
        const removed = (await tx.execute(
          sql`delete from two_factor where user_id = ${subject.id} returning id`,
        )) as unknown as { rows: unknown[] };
        if (!subject.two_factor_enabled && removed.rows.length === 0)
          throw new AppError(409, 'TWO_STEP_ALREADY_OFF', 'Two-step sign-in is already off for this account.');
        await tx.execute(
          sql`update "user" set two_factor_enabled = false, updated_at = now() where id = ${subject.id}`,
        );
        await tx.execute(sql`delete from "session" where user_id = ${subject.id}`);
        await audit(tx, request, admin.id, subject.id)('user.reset_two_step');
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/admin/users/:id/resend-confirmation',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send the confirmation mail of an unconfirmed account again',
        description:
          `${ADMIN_ONLY} A person who signed up gets the confirmation link again; an account an administrator made and ` +
          'whose password was never set gets a new link to set it (the older link stops working). ' +
          'An address already confirmed: 409 ALREADY_CONFIRMED.',
        params: AdminUserParamsSchema,
        response: { 200: AdminActionDoneSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await deps.requireAdmin(request, reply);
      const mail = await db.transaction(async (tx) => {
        const subject = await lockSubject(tx, request.params.id);
        if (subject.email_verified) throw new AppError(409, 'ALREADY_CONFIRMED', 'This address is confirmed already.');
        await audit(tx, request, admin.id, subject.id)('user.resend_confirmation');
        if (!subject.has_password)
          return accountCreatedMail(
            subject.email,
            await setPasswordLink(tx, deps.publicUrl, subject.id),
            SET_PASSWORD_LINK_DAYS,
          );
        return verificationMail(subject.email, await confirmationLink(deps.authSecret, deps.publicUrl, subject));
      });
      await deps.outbox.enqueue(mail);
      return { ok: true as const };
    },
  );
}
