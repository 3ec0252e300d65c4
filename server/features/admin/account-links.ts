// The links an administrator's actions mail (people.routes.ts): the one that sets the first password of an account an
// administrator made, and better-auth's own confirmation link, sent again.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import type { Database } from '../../db/client.ts';

/** How long the link of an account an administrator made sets its first password. */
export const SET_PASSWORD_LINK_DAYS = 7;
/** better-auth's own confirmation link lasts this long (auth.ts, emailVerification.expiresIn). */
const CONFIRMATION_SECONDS = 24 * 3600;

/** A link to /reset-password that sets the account's password (better-auth's reset token, mailed by Foray). */
export async function setPasswordLink(
  tx: Pick<Database, 'execute'>,
  publicUrl: string,
  userId: string,
): Promise<string> {
  const token = randomBytes(18).toString('base64url');
  // Older links of this account stop working: only the newest mail counts.
  await tx.execute(sql`delete from verification where value = ${userId} and identifier like 'reset-password:%'`);
  await tx.execute(sql`
    insert into verification (id, identifier, value, expires_at)
    values (${randomUUID()}, ${`reset-password:${token}`}, ${userId},
            now() + make_interval(days => ${SET_PASSWORD_LINK_DAYS}))`);
  return `${publicUrl}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('/reset-password')}`;
}

/** The link better-auth itself mails at sign-up (a token it signs and checks), landing as sign-up's does. */
export async function confirmationLink(
  authSecret: string,
  publicUrl: string,
  subject: { id: string; email: string },
): Promise<string> {
  const token = await createEmailVerificationToken(authSecret, subject.email, undefined, CONFIRMATION_SECONDS, {
    userId: subject.id,
  });
  const landing = encodeURIComponent('/?verified=1');
  return `${publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${landing}`;
}
