// The accounts' sessions and device epochs as the bridge (auth.routes.ts) reads and drops them around better-auth.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** The epoch an account's device cookies are signed with (ADR 0082); 0 for an address with no account. */
export async function deviceEpochOf(db: Database, email: string): Promise<number> {
  const result = (await db.execute(
    sql`select device_epoch from "user" where email = ${email.trim().toLowerCase()} limit 1`,
  )) as unknown as { rows: { device_epoch: number }[] };
  return result.rows[0]?.device_epoch ?? 0;
}

/**
 * A mailed link is not a sign-in in Foray (no password, no second step): a session made by opening one is deleted
 * and its cookie dropped. better-auth 1.7.7 made one when an e-mail change's link was opened signed out; 1.7.25 no
 * longer does, and this stays so that no later version can sign anyone in by a link.
 */
export async function withoutLinkSessions(
  cookies: string[],
  requestCookies: string | undefined,
  db: Database,
): Promise<string[]> {
  const kept: string[] = [];
  for (const cookie of cookies) {
    const token = newSessionToken(cookie, requestCookies);
    if (token === null) {
      kept.push(cookie);
      continue;
    }
    await db.execute(sql`delete from "session" where token = ${token}`);
  }
  return kept;
}

/** The session token of a Set-Cookie that starts a session this request did not already have; null for any other. */
export function newSessionToken(cookie: string, requestCookies: string | undefined): string | null {
  const [pair = ''] = cookie.split(';');
  const at = pair.indexOf('=');
  const name = pair.slice(0, at);
  const value = pair.slice(at + 1);
  if (!name.endsWith('.session_token') || value === '' || (requestCookies ?? '').includes(`${name}=${value}`)) {
    return null;
  }
  const signed = decodeURIComponent(value);
  return signed.slice(0, signed.lastIndexOf('.'));
}
