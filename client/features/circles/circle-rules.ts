// Who may do what in a circle, in the order the server enforces it (issue #20): the owner renames, hands over,
// deletes, makes and unmakes admins; admins and the owner invite and remove members; anyone but the owner may
// leave. The screens only offer what the server would allow; the server decides.
import type { CircleRole, Invite, Member } from '../../../common/schemas/circles.ts';

export const canInvite = (role: CircleRole) => role === 'owner' || role === 'admin';
export const canManageCircle = (role: CircleRole) => role === 'owner';
/** The owner must hand the circle over (or delete it) first. */
export const canLeave = (role: CircleRole) => role !== 'owner';

/** What I may do to another member of the circle. */
export function memberActions(
  me: { id: string; role: CircleRole },
  member: Member,
): { remove: boolean; makeAdmin: boolean; unmakeAdmin: boolean } {
  const other = member.user_id !== me.id;
  return {
    // The owner removes anyone else; an admin removes members, not other admins or the owner.
    remove: other && (me.role === 'owner' ? member.role !== 'owner' : me.role === 'admin' && member.role === 'member'),
    makeAdmin: other && me.role === 'owner' && member.role === 'member',
    unmakeAdmin: other && me.role === 'owner' && member.role === 'admin',
  };
}

const ROLE_ORDER: Record<CircleRole, number> = { owner: 0, admin: 1, member: 2 };

/** The owner, then admins, then members; by name within each, those with no name after those with one. */
export function sortMembers(members: readonly Member[], language?: string): Member[] {
  return [...members].sort(
    (a, b) =>
      ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
      Number(a.name === null) - Number(b.name === null) ||
      (a.name ?? '').localeCompare(b.name ?? '', language) ||
      a.user_id.localeCompare(b.user_id),
  );
}

/** An invitation that may still be used: not expired and not used up (revoked ones are not listed). */
export function isOpenInvite(invite: Pick<Invite, 'expires_at' | 'max_uses' | 'uses'>, now = Date.now()): boolean {
  const expires = Date.parse(invite.expires_at);
  return !Number.isNaN(expires) && expires > now && (invite.max_uses === null || invite.uses < invite.max_uses);
}

/** Why an invitation link cannot be used, from the server's answer; null when it may work on another try. */
export type InviteProblem = 'expired' | 'usedUp' | 'revoked' | 'unknown' | 'otherAddress' | 'leftBefore';
export function inviteProblem(error: { status: number; code: string } | null | undefined): InviteProblem | null {
  if (!error) return null;
  // An invitation mailed to someone works for that address only.
  if (error.code === 'INVITE_FOR_ANOTHER_ADDRESS') return 'otherAddress';
  // Made before they left the circle or were removed from it (ADR 0069): only a newer one lets them in.
  if (error.code === 'INVITE_PREDATES_LEAVING') return 'leftBefore';
  if (error.code === 'INVITE_EXPIRED') return 'expired';
  if (error.code === 'INVITE_USED_UP') return 'usedUp';
  if (error.code === 'INVITE_REVOKED') return 'revoked';
  if (error.status === 404) return 'unknown';
  // Some other 410: the link is over, whatever the reason.
  if (error.status === 410) return 'expired';
  return null;
}

/** A new invitation's request from the form's fields: a number of uses and an e-mail address only when typed. */
export function inviteRequest(form: { days: string; maxUses: string; email: string }): {
  expires_in_days: number;
  max_uses?: number;
  email?: string;
} {
  const maxUses = form.maxUses.trim();
  const email = form.email.trim();
  return {
    expires_in_days: Number(form.days),
    ...(maxUses ? { max_uses: Number(maxUses) } : {}),
    ...(email ? { email } : {}),
  };
}
