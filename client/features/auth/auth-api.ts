// Calls to the server's /api/auth routes. Passwords travel only in these request bodies.
import { api } from '../../lib/api-client.ts';
import { i18n } from '../../i18n/translator.ts';

type Credentials = { email: string; password: string };

/** With two-step sign-in on, the right password answers `twoFactorRedirect` and no session: the code comes next. */
export type SignInAnswer = { twoFactorRedirect?: boolean };

/**
 * Where the e-mailed confirmation link should land: the invitation opened before signing up (issue #20), so "Join
 * <circle>?" follows in whatever tab opens the mail; the server takes nothing but an invitation's path.
 */
const landing = (inviteToken: string | null) =>
  inviteToken ? { callbackURL: `/invite/${encodeURIComponent(inviteToken)}` } : {};

/** A sign-in before the address is confirmed sends the link again: `inviteToken` as for signUp. */
export const signIn = (credentials: Credentials, inviteToken: string | null = null) =>
  api<SignInAnswer>('/api/auth/sign-in/email', { method: 'POST', json: { ...credentials, ...landing(inviteToken) } });

/** The second step of a sign-in: a code from the authenticator app, or one of the recovery codes. */
export const verifySignInCode = (code: string, kind: 'app' | 'recovery') =>
  api<unknown>(kind === 'app' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code', {
    method: 'POST',
    json: { code },
  });

/**
 * Without a name (or an empty one) the account has none until one is chosen. `invite`: a server invitation's token
 * (`joinToken`), else the circle invitation's, which lets the sign-up through a server that asks for one (ADR 0079);
 * `language`: the app's, for the mails about the account.
 */
export const signUp = (
  credentials: Credentials & { name?: string },
  inviteToken: string | null = null,
  joinToken: string | null = null,
) => {
  const invite = joinToken ?? inviteToken;
  const language = i18n.resolvedLanguage;
  return api<{ ok: true }>('/api/auth/sign-up/email', {
    method: 'POST',
    json: { ...credentials, ...landing(inviteToken), ...(invite ? { invite } : {}), language },
  });
};

export const SIGNUP_POLICIES = ['open', 'invite', 'approval', 'closed'] as const;
export type SignupPolicy = (typeof SIGNUP_POLICIES)[number];

/** How one may join this server (GET /api/v1/signup): its policy, and whether some domains may always sign up. */
export type SignupInfo = { policy: SignupPolicy; someDomains: boolean };

/** null when it cannot be told (offline, an older server). */
export async function signupInfo(signal?: AbortSignal): Promise<SignupInfo | null> {
  try {
    const answer = await api<{ policy?: unknown; some_domains?: unknown }>('/api/v1/signup', { signal });
    const policy = SIGNUP_POLICIES.find((known) => known === answer?.policy);
    return policy ? { policy, someDomains: answer?.some_domains === true } : null;
  } catch {
    return null;
  }
}

export const signOut = () => api<unknown>('/api/auth/sign-out', { method: 'POST', json: {} });

/** The e-mailed link passes through the server, which sends the browser to /reset-password?token=… */
export const requestPasswordReset = (email: string) =>
  api<unknown>('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/reset-password' } });

export const resetPassword = (newPassword: string, token: string) =>
  api<unknown>('/api/auth/reset-password', { method: 'POST', json: { newPassword, token } });
