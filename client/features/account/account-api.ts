// The account page's calls: better-auth's routes through Foray's bridge (/api/auth), Foray's own (/api/v1/me/…).
import type { AccountSettings } from '../../../common/schemas/account.ts';
import { api } from '../../lib/api-client.ts';

export const changeDisplayName = (name: string) =>
  api<unknown>('/api/auth/update-user', { method: 'POST', json: { name } });

/** Sends a link to the new address; the address changes only when it is opened. */
export const requestEmailChange = (newEmail: string) =>
  api<unknown>('/api/auth/change-email', { method: 'POST', json: { newEmail } });

/** Signs every other session out; this browser gets a new session cookie in the answer. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  api<unknown>('/api/auth/change-password', { method: 'POST', json: { currentPassword, newPassword } });

export const listSessions = () =>
  api('/api/v1/me/sessions', {
    schema: () => import('../../../common/schemas/account.ts').then((contract) => contract.AccountSessionsSchema),
  });

export const signOutOtherSessions = () => api<unknown>('/api/auth/revoke-other-sessions', { method: 'POST', json: {} });

export const saveSettings = (settings: Partial<AccountSettings>) =>
  api('/api/v1/me/settings', {
    method: 'PATCH',
    json: settings,
    schema: () => import('../../../common/schemas/account.ts').then((contract) => contract.AccountSettingsSchema),
  });

export const deleteAccount = (password: string) =>
  api<unknown>('/api/auth/delete-user', { method: 'POST', json: { password } });

/** The query key of the signed-in devices' list: a password change ends the others, so it is read again. */
export const SESSIONS_KEY = ['account', 'sessions'] as const;
