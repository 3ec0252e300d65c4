import { describe, expect, it } from 'vitest';
import type { Member } from '../../../common/schemas/circles.ts';
import {
  canInvite,
  canLeave,
  canManageCircle,
  inviteProblem,
  inviteRequest,
  isOpenInvite,
  memberActions,
  sortMembers,
} from './circle-rules.ts';

const owner: Member = { user_id: 'u-owner', name: 'Ona', role: 'owner' };
const admin: Member = { user_id: 'u-admin', name: 'Antanas', role: 'admin' };
const member: Member = { user_id: 'u-member', name: 'Jonas', role: 'member' };
const as = (who: Member) => ({ id: who.user_id, role: who.role });

describe('what each role may do', () => {
  it('the owner manages the circle and cannot leave it; admins invite; members neither', () => {
    expect([canManageCircle('owner'), canManageCircle('admin'), canManageCircle('member')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([canInvite('owner'), canInvite('admin'), canInvite('member')]).toEqual([true, true, false]);
    expect([canLeave('owner'), canLeave('admin'), canLeave('member')]).toEqual([false, true, true]);
  });

  it('the owner removes anyone else and makes or unmakes admins', () => {
    expect(memberActions(as(owner), admin)).toEqual({ remove: true, makeAdmin: false, unmakeAdmin: true });
    expect(memberActions(as(owner), member)).toEqual({ remove: true, makeAdmin: true, unmakeAdmin: false });
    expect(memberActions(as(owner), owner)).toEqual({ remove: false, makeAdmin: false, unmakeAdmin: false });
  });

  it('an admin removes members only, and changes no roles', () => {
    expect(memberActions(as(admin), member)).toEqual({ remove: true, makeAdmin: false, unmakeAdmin: false });
    expect(memberActions(as(admin), { ...admin, user_id: 'u-admin-2' })).toEqual({
      remove: false,
      makeAdmin: false,
      unmakeAdmin: false,
    });
    expect(memberActions(as(admin), owner)).toEqual({ remove: false, makeAdmin: false, unmakeAdmin: false });
    expect(memberActions(as(admin), admin)).toEqual({ remove: false, makeAdmin: false, unmakeAdmin: false });
  });

  it('a member changes nothing about anyone', () => {
    for (const other of [owner, admin, { ...member, user_id: 'u-member-2' }]) {
      expect(memberActions(as(member), other)).toEqual({ remove: false, makeAdmin: false, unmakeAdmin: false });
    }
  });
});

describe('sortMembers', () => {
  it('lists the owner, then admins, then members, each by name', () => {
    const zita: Member = { user_id: 'u-z', name: 'Žita', role: 'member' };
    const birute: Member = { user_id: 'u-b', name: 'Birutė', role: 'admin' };
    expect(sortMembers([zita, member, birute, owner, admin], 'lt').map((m) => m.name)).toEqual([
      'Ona',
      'Antanas',
      'Birutė',
      'Jonas',
      'Žita',
    ]);
  });

  it('lists members with no name after those with one, in a steady order', () => {
    const unnamedB: Member = { user_id: 'u-2', name: null, role: 'member' };
    const unnamedA: Member = { user_id: 'u-1', name: null, role: 'member' };
    const unnamedOwner: Member = { user_id: 'u-0', name: null, role: 'owner' };
    expect(sortMembers([unnamedB, member, unnamedA, unnamedOwner], 'lt').map((m) => m.user_id)).toEqual([
      'u-0',
      member.user_id,
      'u-1',
      'u-2',
    ]);
  });
});

describe('isOpenInvite', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it('is open until it expires and while it has uses left', () => {
    expect(isOpenInvite({ expires_at: '2026-05-08T12:00:00Z', max_uses: null, uses: 40 }, now)).toBe(true);
    expect(isOpenInvite({ expires_at: '2026-05-08T12:00:00Z', max_uses: 2, uses: 1 }, now)).toBe(true);
    expect(isOpenInvite({ expires_at: '2026-05-08T12:00:00Z', max_uses: 2, uses: 2 }, now)).toBe(false);
    expect(isOpenInvite({ expires_at: '2026-05-01T12:00:00Z', max_uses: null, uses: 0 }, now)).toBe(false);
    expect(isOpenInvite({ expires_at: 'not a date', max_uses: null, uses: 0 }, now)).toBe(false);
  });
});

describe('inviteProblem', () => {
  it('names why a link cannot be used, and leaves other failures to be tried again', () => {
    expect(inviteProblem({ status: 410, code: 'INVITE_EXPIRED' })).toBe('expired');
    expect(inviteProblem({ status: 410, code: 'INVITE_USED_UP' })).toBe('usedUp');
    expect(inviteProblem({ status: 410, code: 'INVITE_REVOKED' })).toBe('revoked');
    expect(inviteProblem({ status: 410, code: 'GONE' })).toBe('expired');
    expect(inviteProblem({ status: 404, code: 'NOT_FOUND' })).toBe('unknown');
    expect(inviteProblem({ status: 403, code: 'INVITE_FOR_ANOTHER_ADDRESS' })).toBe('otherAddress');
    expect(inviteProblem({ status: 403, code: 'INVITE_PREDATES_LEAVING' })).toBe('leftBefore');
    expect(inviteProblem({ status: 403, code: 'FORBIDDEN' })).toBeNull();
    expect(inviteProblem({ status: 0, code: 'NETWORK_ERROR' })).toBeNull();
    expect(inviteProblem({ status: 429, code: 'RATE_LIMITED' })).toBeNull();
    expect(inviteProblem({ status: 409, code: 'CIRCLE_FULL' })).toBeNull();
    expect(inviteProblem(null)).toBeNull();
  });
});

describe('inviteRequest', () => {
  it('sends the number of uses and the e-mail only when they were typed', () => {
    expect(inviteRequest({ days: '7', maxUses: '', email: '  ' })).toEqual({ expires_in_days: 7 });
    expect(inviteRequest({ days: '3', maxUses: ' 5 ', email: ' ona@example.com ' })).toEqual({
      expires_in_days: 3,
      max_uses: 5,
      email: 'ona@example.com',
    });
  });
});
