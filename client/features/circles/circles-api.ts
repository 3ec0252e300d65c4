// The circles feature's calls (issue #20). Every answer is checked against common/schemas/circles.ts, loaded with
// the first request: these screens are lazy chunks, and zod stays out of the main screen's code.
import type { CreateInvite } from '../../../common/schemas/circles.ts';
import { api } from '../../lib/api-client.ts';

const contract = () => import('../../../common/schemas/circles.ts');
const path = (circleId: string) => `/api/v1/circles/${encodeURIComponent(circleId)}`;

export const createCircle = (name: string) =>
  api('/api/v1/circles', { method: 'POST', json: { name }, schema: () => contract().then((c) => c.CircleSchema) });

export const getCircle = (circleId: string, signal?: AbortSignal) =>
  api(path(circleId), { signal, schema: () => contract().then((c) => c.CircleSchema) });

/** The owner only. */
export const renameCircle = (circleId: string, name: string) =>
  api(path(circleId), { method: 'PATCH', json: { name }, schema: () => contract().then((c) => c.CircleSchema) });

/** The owner hands the circle to another member. */
export const handOverCircle = (circleId: string, ownerId: string) =>
  api(path(circleId), {
    method: 'PATCH',
    json: { owner_id: ownerId },
    schema: () => contract().then((c) => c.CircleSchema),
  });

/** The owner only; spots shared only through it become private to their owners. */
export const deleteCircle = (circleId: string) => api<unknown>(path(circleId), { method: 'DELETE' });

export const listMembers = (circleId: string, signal?: AbortSignal) =>
  api(`${path(circleId)}/members`, { signal, schema: () => contract().then((c) => c.MemberListSchema) }).then(
    (list) => list.items,
  );

/** The owner makes a member an admin, or an admin a member again. */
export const setMemberRole = (circleId: string, userId: string, role: 'admin' | 'member') =>
  api<unknown>(`${path(circleId)}/members/${encodeURIComponent(userId)}`, { method: 'PATCH', json: { role } });

/** Removes a member; with one's own id, leaves the circle. */
export const removeMember = (circleId: string, userId: string) =>
  api<unknown>(`${path(circleId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });

/** Open invitations (the owner and admins). */
export const listInvites = (circleId: string, signal?: AbortSignal) =>
  api(`${path(circleId)}/invites`, { signal, schema: () => contract().then((c) => c.InviteListSchema) }).then(
    (list) => list.items,
  );

export const createInvite = (circleId: string, invite: CreateInvite) =>
  api(`${path(circleId)}/invites`, {
    method: 'POST',
    json: invite,
    schema: () => contract().then((c) => c.InviteSchema),
  });

export const revokeInvite = (circleId: string, inviteId: string) =>
  api<unknown>(`${path(circleId)}/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' });

/** What an invitation is for, before answering it. Never joins. */
export const previewInvite = (token: string, signal?: AbortSignal) =>
  api(`/api/v1/invites/${encodeURIComponent(token)}`, {
    signal,
    schema: () => contract().then((c) => c.InvitePreviewSchema),
  });

/** Joins the circle; answers the circle. */
export const acceptInvite = (token: string) =>
  api(`/api/v1/invites/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    json: {},
    schema: () => contract().then((c) => c.CircleSchema),
  });
