import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { user, verification } from '../../db/schema.ts';
import { cookieValue } from './device-cookie.ts';

/** The two-step paths and the only body fields each may carry to better-auth (ADR 0038). */
export const TWO_STEP_FIELDS: Record<string, readonly string[]> = {
  '/two-factor/enable': ['password'],
  '/two-factor/get-totp-uri': ['password'],
  '/two-factor/verify-totp': ['code'],
  '/two-factor/verify-backup-code': ['code'],
  '/two-factor/generate-backup-codes': ['password'],
  '/two-factor/disable': ['password'],
};

/**
 * Keeps only the fields Foray's web app sends. Dropped on purpose: `trustDevice` (no browser skips the code
 * step), `disableSession`, `issuer` and `method` (an authenticator app only, named "Foray").
 */
export function twoStepBody(path: string, body: Record<string, unknown>): Record<string, unknown> {
  const fields = TWO_STEP_FIELDS[path];
  if (!fields) return body;
  const kept: Record<string, unknown> = {};
  for (const field of fields) if (body[field] !== undefined) kept[field] = body[field];
  // Codes are read off a phone: spaces and a missing dash in a recovery code are the user's, not wrong digits.
  if (typeof kept.code === 'string') kept.code = kept.code.replace(/\s+/g, '');
  if (
    path === '/two-factor/verify-backup-code' &&
    typeof kept.code === 'string' &&
    /^[A-Za-z0-9]{10}$/.test(kept.code)
  ) {
    kept.code = `${kept.code.slice(0, 5)}-${kept.code.slice(5)}`;
  }
  if (path === '/two-factor/enable') kept.method = 'totp';
  return kept;
}

/**
 * Whose sign-in is waiting for its second step. After the right password, better-auth answers
 * `{ twoFactorRedirect: true }` with no session and sets a signed cookie naming a short-lived row of
 * `verification` (identifier → user id). Foray reads the same row to count wrong codes against that account
 * in its own sign-in limiter, so guessing codes is slowed down exactly like guessing passwords. Only for
 * counting: better-auth checks the cookie's signature itself before it accepts any code.
 */
export function createPendingTwoStep(db: Database, options: { secure: boolean }) {
  const name = `${options.secure ? '__Secure-' : ''}foray.two_factor`;
  return {
    async emailOf(cookieHeader: string | undefined): Promise<string | null> {
      const raw = cookieValue(cookieHeader, name);
      if (!raw) return null;
      let value: string;
      try {
        value = decodeURIComponent(raw);
      } catch {
        return null;
      }
      // better-auth signs a cookie as `<value>.<signature>`; the value itself has no dot.
      const identifier = value.slice(0, Math.max(0, value.lastIndexOf('.')));
      // Only what better-auth writes (`2fa-` and 20 of A–Z, a–z, 0–9, - and _): nothing else reaches the database.
      if (!/^2fa-[\w-]{1,64}$/.test(identifier)) return null;
      const [row] = await db
        .select({ email: user.email })
        .from(verification)
        .innerJoin(user, eq(user.id, verification.value))
        .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date())))
        .limit(1);
      return row?.email ?? null;
    },
  };
}
export type PendingTwoStep = ReturnType<typeof createPendingTwoStep>;
