// A circle's members (issue #20): who is in it and with which role, changing roles, removing someone and leaving.
// Each change runs in the circle's transaction (`inCircle`), so the rules are checked on the roles as they are.
import { sql } from 'drizzle-orm';
import type { Member, UpdateMember } from '../../../common/schemas/circles.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { forbidden, inCircle } from './circles.queries.ts';

type Executor = Pick<Database, 'execute'>;
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

const MEMBER_ORDER = sql.raw(
  `case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, lower(u.name), m.user_id`,
);

/** The members, owner first, then admins, then by name; null when the viewer is not one of them. Never e-mails. */
export async function listMembers(db: Executor, viewerId: string, circleId: string): Promise<Member[] | null> {
  const members = rowsOf<Member>(
    await db.execute(sql`
      select m.user_id, u.name, m.role
      from circle_members m join "user" u on u.id = m.user_id
      where m.circle_id = ${circleId}
        and exists (select 1 from circle_members v where v.circle_id = ${circleId} and v.user_id = ${viewerId})
      order by ${MEMBER_ORDER}`),
  );
  return members.length === 0 ? null : members;
}

async function findMember(tx: Executor, circleId: string, userId: string): Promise<Member | null> {
  const [row] = rowsOf<Member>(
    await tx.execute(sql`
      select m.user_id, u.name, m.role
      from circle_members m join "user" u on u.id = m.user_id
      where m.circle_id = ${circleId} and m.user_id = ${userId}`),
  );
  return row ?? null;
}

const memberNotFound = () => notFound('Member');

/** The owner makes a member an admin or an admin a member; the owner's own role changes only by a hand-over. */
export async function setMemberRole(
  db: Database,
  callerId: string,
  circleId: string,
  targetId: string,
  newRole: UpdateMember['role'],
): Promise<Member> {
  return inCircle(db, circleId, callerId, async (tx, role) => {
    if (role !== 'owner') throw forbidden('Only the circle’s owner can change roles.');
    const target = await findMember(tx, circleId, targetId);
    if (!target) throw memberNotFound();
    if (target.role === 'owner') {
      throw new AppError(409, 'OWNER_ROLE', 'The owner stays owner until they hand the circle to another member.');
    }
    await tx.execute(
      sql`update circle_members set role = ${newRole} where circle_id = ${circleId} and user_id = ${targetId}`,
    );
    if (newRole === 'member') await revokeInvitesBy(tx, circleId, targetId);
    return { ...target, role: newRole };
  });
}

/**
 * Takes `targetId` out of the circle: oneself (leaving), or another as the owner (anyone) or an admin (members
 * only: not the owner, not another admin). In the same transaction their own spots stop being shared with the
 * circle, since they can no longer share into it, the invitations they made are revoked, and none made before lets
 * them back in (ADR 0069).
 */
export async function removeMember(db: Database, callerId: string, circleId: string, targetId: string): Promise<void> {
  await inCircle(db, circleId, callerId, async (tx, role) => {
    if (targetId === callerId) {
      if (role === 'owner') {
        throw new AppError(
          409,
          'OWNER_MUST_HAND_OVER',
          'The owner cannot leave the circle: hand it to another member first, or delete it.',
        );
      }
    } else {
      if (role === 'member') throw forbidden('Only the circle’s owner and admins can remove members.');
      const target = await findMember(tx, circleId, targetId);
      if (!target) throw memberNotFound();
      if (role === 'admin' && target.role !== 'member') {
        throw forbidden('An admin can remove members only; the owner removes admins.');
      }
    }
    await leave(tx, circleId, targetId);
  });
}

/**
 * The member row, their own spots' shares with the circle and the invitations they made in it, together. The member
 * row goes first: a spot being shared into the circle at this moment holds it (`circleIdsOfMember` with `lock`), so
 * this waits for that share to be committed and then removes it too.
 *
 * The departure is kept in the same transaction, under the circle's lock, which every new invitation of the circle
 * is made under too: the invitations numbered up to the circle's highest now are exactly those made before, and an
 * accept that sees the member row gone sees this row as well. Leaving is treated as a removal (ADR 0069).
 */
async function leave(tx: Executor, circleId: string, userId: string): Promise<void> {
  await tx.execute(sql`delete from circle_members where circle_id = ${circleId} and user_id = ${userId}`);
  await tx.execute(sql`
    insert into circle_departures (circle_id, user_id, invites_through)
    values (${circleId}, ${userId},
            (select coalesce(max(made_order), 0) from circle_invites where circle_id = ${circleId}))
    on conflict (circle_id, user_id) do update
      set invites_through = greatest(circle_departures.invites_through, excluded.invites_through), left_at = now()`);
  await tx.execute(sql`
    delete from location_circles
    where circle_id = ${circleId} and location_id in (select id from locations where user_id = ${userId})`);
  await revokeInvitesBy(tx, circleId, userId);
}

/**
 * An invitation is only as good as its maker's right to invite: the links someone made stop working when they leave,
 * are removed or are made a plain member (a removed admin's links must not keep letting people in).
 */
async function revokeInvitesBy(tx: Executor, circleId: string, userId: string): Promise<void> {
  await tx.execute(sql`
    update circle_invites set revoked_at = now()
    where circle_id = ${circleId} and created_by = ${userId} and revoked_at is null`);
}
