// The administration panel's calls for people and the audit log (ADR 0082). The panel is a lazy chunk of its own,
// so the contracts are imported with it.
import {
  AdminActionDoneSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  type AccountStatus,
  type AdminUserPatch,
  type CreateAdminUser,
} from '../../../common/schemas/admin-users.ts';
import { AuditPageSchema } from '../../../common/schemas/admin-audit.ts';
import { api } from '../../lib/api-client.ts';

/** Everything the panel reads of people and the audit log: invalidated after every action. */
export const ADMIN_KEY = ['admin'] as const;
export const peopleKey = (q: string, status: AccountStatus | '') => [...ADMIN_KEY, 'people', q, status] as const;
export const AUDIT_KEY = [...ADMIN_KEY, 'audit'] as const;

export function listPeople(q: string, status: AccountStatus | '', cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return api(`/api/v1/admin/users${search ? `?${search}` : ''}`, { schema: AdminUsersPageSchema, signal });
}

export const createPerson = (body: CreateAdminUser) =>
  api('/api/v1/admin/users', { method: 'POST', json: body, schema: AdminUserSchema });

export const changePerson = (id: string, patch: AdminUserPatch) =>
  api(`/api/v1/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', json: patch, schema: AdminUserSchema });

export const deletePerson = (id: string) =>
  api<undefined>(`/api/v1/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const resetTwoStep = (id: string) =>
  api(`/api/v1/admin/users/${encodeURIComponent(id)}/reset-two-step`, {
    method: 'POST',
    json: {},
    schema: AdminActionDoneSchema,
  });

export const resendConfirmation = (id: string) =>
  api(`/api/v1/admin/users/${encodeURIComponent(id)}/resend-confirmation`, {
    method: 'POST',
    json: {},
    schema: AdminActionDoneSchema,
  });

export const listAudit = (cursor: string | null, signal?: AbortSignal) =>
  api(`/api/v1/admin/audit${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    schema: AuditPageSchema,
    signal,
  });
