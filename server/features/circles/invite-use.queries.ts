// Using a circle's invitation (issue #20): what its link's page shows, joining by it, and whether it lets someone
// sign up on a server that asks for an invitation (ADR 0079). Every use is counted in the database under the rows'
// locks; no invitation made before someone left the circle, or was removed from it, lets them back in (ADR 0069).
// Making, listing and revoking invitations: invites.queries.ts.
import { sql } from 'drizzle-orm';
import { CIRCLES_PER_USER_MAX, MEMBERS_PER_CIRCLE_MAX } from '../../../common/limits.ts';
import type { Circle, InvitePreview } from '../../../common/schemas/circles.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { circleCountOf, circleLimit, findCircle, lockUser } from './circles.queries.ts';
import { OPEN_INVITE } from './invites.queries.ts';

type Executor = Pick<Database, 'execute'>;
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * The invitation `i` was made before `viewerId` last left its circle or was removed from it, so it does not admit
 * them (ADR 0069). Both are numbered under the circle's lock (circle_invites.made_order), so "before" is the order
 * they were committed in, not the clock's.
 */
const madeBeforeTheyLeft = (viewerId: string) => sql`exists (
  select 1 from circle_departures d
  where d.circle_id = i.circle_id and d.user_id = ${viewerId} and i.made_order <= d.invites_through)`;

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
        where i.id = ${invite.invite_id} and ${OPEN_INVITE} and not ${madeBeforeTheyLeft(viewer.id)}
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
    await db.execute(sql`select i.email from circle_invites i where i.token = ${token} and ${OPEN_INVITE}`),
  );
  return row !== undefined && (row.email === null || sameAddress(row.email, email));
}
