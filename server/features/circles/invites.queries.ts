// Invitations to a circle (issue #20): a link with a secret token that expires, may be used a chosen number of
// times and can be revoked; or the same link mailed to one address, for that address only. Every limit is counted
// in the database under the rows' locks, so all Foray servers on one database agree. No invitation made before
// someone left the circle, or was removed from it, lets them back in (circle_departures, ADR 0069).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CIRCLES_PER_USER_MAX,
  INVITES_PER_USER_PER_DAY,
  MEMBERS_PER_CIRCLE_MAX,
  OPEN_INVITES_PER_CIRCLE_MAX,
} from '../../../common/limits.ts';
import type { Circle, InvitePreview } from '../../../common/schemas/circles.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  circleCountOf,
  circleLimit,
  circleNotFound,
  findCircle,
  forbidden,
  lockCircle,
  lockUser,
  roleIn,
} from './circles.queries.ts';

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
const OPEN = sql.raw(`i.revoked_at is null and i.expires_at > now() and (i.max_uses is null or i.uses < i.max_uses)`);

/**
 * The invitation `i` was made before `viewerId` last left its circle or was removed from it, so it does not admit
 * them (ADR 0069). Both are numbered under the circle's lock (circle_invites.made_order), so "before" is the order
 * they were committed in, not the clock's.
 */
const madeBeforeTheyLeft = (viewerId: string) => sql`exists (
  select 1 from circle_departures d
  where d.circle_id = i.circle_id and d.user_id = ${viewerId} and i.made_order <= d.invites_through)`;

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
        sql`select count(*)::int as n from circle_invites i where i.circle_id = ${circleId} and ${OPEN}`,
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
      where i.circle_id = ${circleId} and ${OPEN}
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

type TokenRow = {
  invite_id: string;
  circle_id: string;
  circle_name: string;
  /** null when the inviter has chosen no display name. */
  invited_by: string | null;
  email: string | null;
  revoked: boolean;
  expired: boolean;
  used_up: boolean;
  member: boolean;
  left_since: boolean;
};

async function inviteByToken(db: Executor, token: string, viewerId: string): Promise<TokenRow | null> {
  const [row] = rowsOf<TokenRow>(
    await db.execute(sql`
      select i.id as invite_id, i.circle_id, c.name as circle_name, u.name as invited_by, i.email,
             i.revoked_at is not null as revoked,
             i.expires_at <= now() as expired,
             (i.max_uses is not null and i.uses >= i.max_uses) as used_up,
             exists (select 1 from circle_members m where m.circle_id = i.circle_id and m.user_id = ${viewerId}) as member,
             ${madeBeforeTheyLeft(viewerId)} as left_since
      from circle_invites i
      join circles c on c.id = i.circle_id
      join "user" u on u.id = i.created_by
      where i.token = ${token}`),
  );
  return row ?? null;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Why the viewer cannot join with this invitation, if they cannot: another address's; made before they left the
 * circle or were removed from it; revoked, expired, used up. One who left gets the same answer whatever the state
 * of the link, so they cannot tell whether it still lets others in, nor the circle's name or who invited.
 */
function refuseUnusable(invite: TokenRow, viewerEmail: string): void {
  if (invite.email !== null && !sameAddress(invite.email, viewerEmail)) {
    throw new AppError(
      403,
      'INVITE_FOR_ANOTHER_ADDRESS',
      'This invitation was sent to another e-mail address. Sign in with that address, or ask for a link.',
    );
  }
  if (invite.left_since) {
    throw new AppError(
      403,
      'INVITE_PREDATES_LEAVING',
      'This invitation was made before you left this circle or were removed from it, so it no longer lets you in. ' +
        'Ask for a new invitation.',
    );
  }
  const askAgain = 'Ask whoever sent it for a new one.';
  if (invite.revoked) throw new AppError(410, 'INVITE_REVOKED', `This invitation was withdrawn. ${askAgain}`);
  if (invite.expired) throw new AppError(410, 'INVITE_EXPIRED', `This invitation has expired. ${askAgain}`);
  if (invite.used_up) {
    throw new AppError(410, 'INVITE_USED_UP', `This invitation has been used as often as it allows. ${askAgain}`);
  }
}

const inviteNotFound = () => notFound('Invitation');

/** What the link's page shows before joining: never joins anyone. */
export async function previewInvite(
  db: Database,
  viewer: { id: string; email: string },
  token: string,
): Promise<InvitePreview> {
  const invite = await inviteByToken(db, token, viewer.id);
  if (!invite) throw inviteNotFound();
  if (!invite.member) refuseUnusable(invite, viewer.email);
  return {
    circle: { id: invite.circle_id, name: invite.circle_name },
    invited_by: invite.invited_by,
    already_member: invite.member,
  };
}

/**
 * Joins the viewer to the invitation's circle as a member, counting one use. A member already in it gets the circle
 * again and no use is counted, so a retried accept is harmless. The use is taken by one conditional update, under the
 * circle's lock: of two people racing for an invitation's last use, exactly one joins. The same update refuses an
 * invitation made before the viewer left the circle: their departure is written with the removal of their member
 * row, under that lock too, so no moment sees them out of the circle and not yet barred.
 */
export async function acceptInvite(
  db: Database,
  viewer: { id: string; email: string },
  token: string,
): Promise<Circle> {
  return db.transaction(async (tx) => {
    await lockUser(tx, viewer.id);
    const invite = await inviteByToken(tx, token, viewer.id);
    if (!invite) throw inviteNotFound();
    const circleId = invite.circle_id;
    if (invite.member) {
      const circle = await findCircle(tx, viewer.id, circleId);
      if (circle) return circle;
      // Removed (or the circle deleted) between the two reads: answered as the link answers them now.
      const now = await inviteByToken(tx, token, viewer.id);
      if (now && !now.member) refuseUnusable(now, viewer.email);
      throw inviteNotFound();
    }
    refuseUnusable(invite, viewer.email);

    await tx.execute(sql`select 1 from circles where id = ${circleId} for no key update`);
    if ((await circleCountOf(tx, viewer.id)) >= CIRCLES_PER_USER_MAX) throw circleLimit();
    const [size] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from circle_members where circle_id = ${circleId}`),
    );
    if ((size?.n ?? 0) >= MEMBERS_PER_CIRCLE_MAX) {
      throw new AppError(
        409,
        'CIRCLE_FULL',
        `This circle is full: a circle can have at most ${MEMBERS_PER_CIRCLE_MAX} members.`,
      );
    }

    const used = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update circle_invites i set uses = i.uses + 1
        where i.id = ${invite.invite_id} and ${OPEN} and not ${madeBeforeTheyLeft(viewer.id)}
        returning i.id`),
    );
    if (used.length === 0) {
      // Used up, revoked or expired since it was read: say which.
      const now = await inviteByToken(tx, token, viewer.id);
      if (now) refuseUnusable(now, viewer.email);
      throw new AppError(410, 'INVITE_USED_UP', 'This invitation has been used as often as it allows.');
    }
    await tx.execute(sql`
      insert into circle_members (circle_id, user_id, role) values (${circleId}, ${viewer.id}, 'member')
      on conflict do nothing`);
    return (await findCircle(tx, viewer.id, circleId))!;
  });
}

/**
 * Whether a circle's invitation lets someone without an account sign up on a server whose policy asks for an
 * invitation (ADR 0079): open (not revoked, expired or used up) and, if it was mailed, for this address. No use is
 * counted: that happens when they join the circle, signed in.
 */
export async function circleInviteAdmitsSignUp(db: Executor, token: string, email: string): Promise<boolean> {
  const [row] = rowsOf<{ email: string | null }>(
    await db.execute(sql`select i.email from circle_invites i where i.token = ${token} and ${OPEN}`),
  );
  return row !== undefined && (row.email === null || sameAddress(row.email, email));
}
