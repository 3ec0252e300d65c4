import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CircleIdParamsSchema,
  CircleSchema,
  CreateInviteSchema,
  InviteListSchema,
  InviteParamsSchema,
  InvitePreviewSchema,
  InviteSchema,
  InviteTokenParamsSchema,
  type Invite,
} from '../../../common/schemas/circles.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import { INVITE_DAYS_DEFAULT, INVITES_PER_USER_PER_DAY, OPEN_INVITES_PER_CIRCLE_MAX } from '../../../common/limits.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { circleInviteMail } from '../../mail/messages.ts';
import type { RequireUser } from '../../plugins/session.ts';
import {
  createInvite,
  dropInvite,
  InviteRateLimited,
  listOpenInvites,
  revokeInvite,
  type InviteRow,
} from './invites.queries.ts';
import { acceptInvite, previewInvite } from './invite-use.queries.ts';
import { circleErrors, OUTSIDERS } from './circles.routes.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

type Deps = { db: Database; requireUser: RequireUser; outbox: Outbox; publicUrl: string };

/** The page a link opens (the web app's /invite/:token), on this server's public address. */
export const inviteUrl = (publicUrl: string, token: string) => `${publicUrl}/invite/${token}`;

const tokenErrors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 410: ApiErrorSchema };
const TOKEN_ANSWERS =
  'An unknown token is a 404; a revoked, expired or used-up one a 410 with INVITE_REVOKED, INVITE_EXPIRED or ' +
  'INVITE_USED_UP; an invitation mailed to another address than the caller’s a 403 INVITE_FOR_ANOTHER_ADDRESS; ' +
  'one made before the caller left the circle or was removed from it a 403 INVITE_PREDATES_LEAVING, whatever its ' +
  'state. A member of the circle is told so (already_member) whatever the state of the link.';

/**
 * Invitations (issue #20): admins and the owner make, list and revoke them; a signed-in visitor with the link sees
 * which circle it is for and joins with an explicit POST (a GET never joins anyone).
 */
export function registerCircleInviteRoutes(root: FastifyInstance, { db, requireUser, outbox, publicUrl }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const toInvite = (row: InviteRow): Invite => ({ ...row, url: inviteUrl(publicUrl, row.token) });

  app.post(
    '/api/v1/circles/:id/invites',
    {
      schema: {
        tags: ['circles'],
        summary: 'Make an invitation link (admins and the owner)',
        description:
          `It expires after expires_in_days (${INVITE_DAYS_DEFAULT} unless given) and may be used max_uses times ` +
          '(unlimited until it expires without it). With `email` the link is mailed to that address and only the ' +
          'account with that address can use it, once (max_uses, if given, must be 1); someone without an account ' +
          `signs up with it first. At most ${OPEN_INVITES_PER_CIRCLE_MAX} open invitations a circle (409 ` +
          `INVITE_LIMIT) and ${INVITES_PER_USER_PER_DAY} made a day by one user in all circles (429 RATE_LIMITED ` +
          `with Retry-After). ${OUTSIDERS}`,
        params: CircleIdParamsSchema,
        body: CreateInviteSchema,
        response: { 201: InviteSchema, 409: ApiErrorSchema, 429: ApiErrorSchema, ...circleErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const { expires_in_days: expiresInDays, max_uses: maxUses, email } = request.body;
      // As accounts keep them (better-auth lowercases addresses): the mail goes where the account will be.
      const address = email?.trim().toLowerCase() || null;
      if (address && maxUses != null && maxUses !== 1) {
        throw new AppError(
          400,
          'VALIDATION_ERROR',
          'An invitation sent by e-mail is for that one person: leave out max_uses, or send 1.',
        );
      }
      let made: Awaited<ReturnType<typeof createInvite>>;
      try {
        made = await createInvite(db, {
          circleId: request.params.id,
          userId: user.id,
          expiresInDays,
          maxUses: address ? 1 : (maxUses ?? null),
          email: address,
        });
      } catch (error) {
        if (error instanceof InviteRateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      const invite = toInvite(made.invite);
      if (address) {
        const mail = circleInviteMail(address, {
          inviter: made.inviterName,
          circle: made.circleName,
          url: invite.url,
          days: expiresInDays,
        });
        // An invitation whose mail could not be queued would be a link nobody has: it goes, and the admin retries.
        await outbox.enqueue(mail).catch(async (error: unknown) => {
          await dropInvite(db, invite.id);
          throw error;
        });
      }
      return reply.status(201).send(invite);
    },
  );

  app.get(
    '/api/v1/circles/:id/invites',
    {
      schema: {
        tags: ['circles'],
        summary: 'The circle’s open invitations, newest first (admins and the owner)',
        description:
          'Open: not revoked, not expired, not used up. The address an invitation was mailed to is given to the one ' +
          `who sent it only; the others see that it was mailed (emailed) and by whom (made_by). ${OUTSIDERS}`,
        params: CircleIdParamsSchema,
        response: { 200: InviteListSchema, ...circleErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      return { items: (await listOpenInvites(db, user.id, request.params.id)).map(toInvite) };
    },
  );

  app.delete(
    '/api/v1/circles/:id/invites/:invite_id',
    {
      schema: {
        tags: ['circles'],
        summary: 'Revoke an invitation (admins and the owner)',
        description: `Its link then answers 410 INVITE_REVOKED. Revoking it again is no error. ${OUTSIDERS}`,
        params: InviteParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...circleErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      await revokeInvite(db, user.id, request.params.id, request.params.invite_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/invites/:token',
    {
      schema: {
        tags: ['circles'],
        summary: 'What an invitation link is for: the circle’s name and who invited (signed in); never joins',
        description: TOKEN_ANSWERS,
        params: InviteTokenParamsSchema,
        response: { 200: InvitePreviewSchema, 400: ApiErrorSchema, ...tokenErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      return previewInvite(db, user, request.params.token);
    },
  );

  app.post(
    '/api/v1/invites/:token/accept',
    {
      schema: {
        tags: ['circles'],
        summary: 'Join the circle with an invitation link',
        description:
          'Answers with the circle. A member already in it gets the circle again and no use is counted, so a retry ' +
          'is harmless. Refused when the circle is full (409 CIRCLE_FULL) or the caller is in as many circles as ' +
          `one may be (409 CIRCLE_LIMIT). ${TOKEN_ANSWERS}`,
        params: InviteTokenParamsSchema,
        response: { 200: CircleSchema, 400: ApiErrorSchema, 409: ApiErrorSchema, ...tokenErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      return acceptInvite(db, user, request.params.token);
    },
  );
}
