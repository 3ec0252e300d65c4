// Invitations to a circle (issue #20): a link with a secret token that expires, may be used a chosen number of
// times and can be revoked; or the same link mailed to one address, for that address only. Every limit is counted
// in the database under the rows' locks, so all Foray servers on one database agree. No invitation made before
// someone left the circle, or was removed from it, lets them back in (circle_departures, ADR 0069).
// Here: making, listing and revoking them; their use (the link's page, joining, signing up): invite-use.queries.ts.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { INVITES_PER_USER_PER_DAY, OPEN_INVITES_PER_CIRCLE_MAX } from '../../../common/limits.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { circleNotFound, forbidden, lockCircle, lockUser, roleIn } from './circles.queries.ts';

type Executor = Pick<Database, 'execute'>;
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** An invitation as `viewerId` may see it; the route adds its link. */
export type InviteRow = {
  id: string;
  token: string;
  expires_at: string;
  max_uses: number | null;
  uses: number;
  /** The address it was mailed to, for the one who sent it only (ADR 0069). */
  email: string | null;
  emailed: boolean;
  made_by: string | null;
};

/** Written against the alias `i`. Another admin learns that an invitation was mailed, and by whom, never where. */
const inviteColumns = (viewerId: string) => sql`i.id, i.token,
  to_char(i.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
  i.max_uses, i.uses,
  case when i.created_by = ${viewerId} then i.email end as email,
  i.email is not null as emailed,
  (select u.name from "user" u where u.id = i.created_by) as made_by`;

/** Open: not revoked, not expired, not used up. Written against the alias `i`. */
export const OPEN_INVITE = sql.raw(
  `i.revoked_at is null and i.expires_at > now() and (i.max_uses is null or i.uses < i.max_uses)`,
);

/** 192 random bits, base64url: the link's only secret. */
export const newInviteToken = () => randomBytes(24).toString('base64url');

/** Over the day's invitations: the route sends Retry-After with it. */
export class InviteRateLimited extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const hours = Math.max(1, Math.ceil(retryAfterSeconds / 3600));
    super(
      429,
      'RATE_LIMITED',
      `You can make at most ${INVITES_PER_USER_PER_DAY} invitations a day. Try again in about ${hours} ${hours === 1 ? 'hour' : 'hours'}.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const adminsOnly = () => forbidden('Only the circle’s owner and admins can manage invitations.');

/** The caller's role, checked before anything is read: an outsider gets the 404 of a missing circle. */
async function adminRole(db: Executor, circleId: string, userId: string) {
  const role = await roleIn(db, circleId, userId);
  if (!role) throw circleNotFound();
  if (role === 'member') throw adminsOnly();
  return role;
}

/**
 * A new invitation, made by an admin or the owner, with the names its mail needs. Refused past
 * OPEN_INVITES_PER_CIRCLE_MAX open ones in the circle (409 INVITE_LIMIT) and past INVITES_PER_USER_PER_DAY made by
 * the user in the last 24 hours, in any circle (429).
 */
export async function createInvite(
  db: Database,
  input: { circleId: string; userId: string; expiresInDays: number; maxUses: number | null; email: string | null },
): Promise<{ invite: InviteRow; circleName: string; inviterName: string | null }> {
  const { circleId, userId } = input;
  await adminRole(db, circleId, userId);
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if ((await lockCircle(tx, circleId, userId)) === 'member') throw adminsOnly();

    const [today] = rowsOf<{ n: number; retry_after: number }>(
      await tx.execute(sql`
        select count(*)::int as n,
               coalesce(ceil(extract(epoch from min(created_at) + interval '1 day' - now())), 0)::int as retry_after
        from invites_made where user_id = ${userId} and created_at > now() - interval '1 day'`),
    );
    if ((today?.n ?? 0) >= INVITES_PER_USER_PER_DAY) throw new InviteRateLimited(today?.retry_after ?? 86_400);
    const [open] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from circle_invites i where i.circle_id = ${circleId} and ${OPEN_INVITE}`,
      ),
    );
    if ((open?.n ?? 0) >= OPEN_INVITES_PER_CIRCLE_MAX) {
      throw new AppError(
        409,
        'INVITE_LIMIT',
        `A circle can have at most ${OPEN_INVITES_PER_CIRCLE_MAX} open invitations. Revoke one before making another.`,
      );
    }

    // Counted apart from the invitation, which goes with its circle (see invites_made in schema.ts).
    const id = crypto.randomUUID();
    await tx.execute(
      sql`delete from invites_made where user_id = ${userId} and created_at <= now() - interval '1 day'`,
    );
    await tx.execute(sql`insert into invites_made (id, user_id) values (${id}, ${userId})`);
    const [invite] = rowsOf<InviteRow>(
      await tx.execute(sql`
        insert into circle_invites as i (id, circle_id, token, created_by, email, expires_at, max_uses)
        values (${id}, ${circleId}, ${newInviteToken()}, ${userId}, ${input.email},
                now() + make_interval(days => ${input.expiresInDays}), ${input.maxUses})
        returning ${inviteColumns(userId)}`),
    );
    const [names] = rowsOf<{ circle_name: string; inviter_name: string | null }>(
      await tx.execute(sql`
        select c.name as circle_name, u.name as inviter_name
        from circles c, "user" u where c.id = ${circleId} and u.id = ${userId}`),
    );
    return { invite: invite!, circleName: names!.circle_name, inviterName: names!.inviter_name };
  });
}

/** Removes an invitation just made whose mail could not be queued. */
export async function dropInvite(db: Executor, inviteId: string): Promise<void> {
  await db.execute(sql`delete from circle_invites where id = ${inviteId}`);
  await db.execute(sql`delete from invites_made where id = ${inviteId}`);
}

/** The circle's open invitations, newest first, for its admins and owner; each address for its sender alone. */
export async function listOpenInvites(db: Database, userId: string, circleId: string): Promise<InviteRow[]> {
  await adminRole(db, circleId, userId);
  return rowsOf<InviteRow>(
    await db.execute(sql`
      select ${inviteColumns(userId)} from circle_invites i
      where i.circle_id = ${circleId} and ${OPEN_INVITE}
      order by i.created_at desc, i.id`),
  );
}

/** Revokes an invitation of the circle (any admin's); revoking one again changes nothing. */
export async function revokeInvite(db: Database, userId: string, circleId: string, inviteId: string): Promise<void> {
  await adminRole(db, circleId, userId);
  const revoked = rowsOf<{ id: string }>(
    await db.execute(sql`
      update circle_invites set revoked_at = coalesce(revoked_at, now())
      where id = ${inviteId} and circle_id = ${circleId}
      returning id`),
  );
  if (revoked.length === 0) throw notFound('Invitation');
}
