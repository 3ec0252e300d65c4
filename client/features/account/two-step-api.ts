// Calls behind the account page's two-step sign-in section (ADR 0038). The password travels only in these
// request bodies; the secret comes back once, inside the otpauth:// address, and never leaves the browser.
import { i18n } from '../../i18n/translator.ts';
import { api, ApiError, errorMessage } from '../../lib/api-client.ts';

/** The words for a refused two-step request: this feature's own, then the app's general ones. */
export function twoStepErrorMessage(error: unknown): string {
  const key = error instanceof ApiError ? `twoStep.error.${error.code}` : '';
  if (key && i18n.exists(key)) return i18n.t(key as never);
  return errorMessage(error, i18n.t('common.somethingWentWrong'));
}

/** Whether two-step sign-in is on for the signed-in user (better-auth's own session answer). */
export async function twoStepStatus(): Promise<boolean> {
  const answer = await api<{ user?: { twoFactorEnabled?: boolean | null } } | null>('/api/auth/get-session');
  return answer?.user?.twoFactorEnabled === true;
}

/** Starts turning it on: a new secret and recovery codes, not in effect until `confirmTwoStep`. */
export const startTwoStep = (password: string) =>
  api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', {
    method: 'POST',
    json: { password },
  });

/** The first code from the app: from now on, sign-in asks for a code. */
export const confirmTwoStep = (code: string) =>
  api<unknown>('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code } });

export const newRecoveryCodes = (password: string) =>
  api<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { method: 'POST', json: { password } });

export const turnOffTwoStep = (password: string) =>
  api<unknown>('/api/auth/two-factor/disable', { method: 'POST', json: { password } });

/** The base32 key in an otpauth:// address, in groups of four for typing into an app by hand. */
export function manualKey(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
