import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { session as sessionTable, user as userTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { SESSION_ABSOLUTE_MAX_MS, type Auth } from '../features/auth/auth.ts';

export type CurrentUser = {
  id: string;
  email: string;
  /** The display name the user chose; null until they choose one (ADR 0072). */
  name: string | null;
  /** The sharing a new spot starts with (the account page's setting). */
  defaultPublic: boolean;
  /** The session this request came with: the account page marks it "this device". */
  sessionId: string;
  /** `admin` runs the server and sees no one's spots for it (ADR 0077). */
  role: 'admin' | 'user';
};

/** Write when a session was last used at most this often: a request is then no write. */
const LAST_ACTIVE_EVERY_MS = 3600_000;

type CookieAttributes = { secure?: boolean; sameSite?: string; path?: string; httpOnly?: boolean; domain?: string };

/**
 * The signed-in user of a request, or a 401, from one indexed query. Every API request passes
 * through here, so it does not go through better-auth's getSession (several queries and its
 * endpoint machinery, which capped the API's throughput); it reads the same cookie and rows with the
 * same rules instead:
 * - the cookie is `<token>.<HMAC-SHA256(secret, token), base64>`; a bad signature is no session;
 * - an expired session is deleted; a session is never cached, so sign-out and revocation act at once;
 * - a session slides: once a day of use it is extended by another SESSION_MAX_AGE, and the cookie is
 *   sent again with the new lifetime (unless "remember me" was off at sign-in);
 * - but none outlives SESSION_ABSOLUTE_MAX_MS after sign-in: a stolen cookie stops working in at most 30 days.
 */
export function createSessionResolver(auth: Auth, db: Database) {
  const settings = auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    cookieAttributes: context.authCookies.sessionToken.attributes as CookieAttributes,
    dontRememberName: context.authCookies.dontRememberToken.name,
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  return async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<CurrentUser> {
    const s = await settings;
    const jar = parseCookies(request.headers.cookie);
    const rawCookie = jar.get(s.cookieName);
    const token = rawCookie === undefined ? null : verifySigned(rawCookie, s.secret);
    if (!token) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in.');

    const [found] = await db
      .select({
        sessionId: sessionTable.id,
        createdAt: sessionTable.createdAt,
        expiresAt: sessionTable.expiresAt,
        id: userTable.id,
        email: userTable.email,
        name: userTable.name,
        defaultPublic: userTable.defaultPublic,
        role: userTable.role,
        status: userTable.status,
        lastActiveAt: userTable.lastActiveAt,
      })
      .from(sessionTable)
      .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
      .where(eq(sessionTable.token, token))
      .limit(1);
    if (!found) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in.');

    const now = Date.now();
    const createdAt = found.createdAt.getTime();
    const expiresAt = found.expiresAt.getTime();
    if (expiresAt <= now || now - createdAt > SESSION_ABSOLUTE_MAX_MS) {
      await db.delete(sessionTable).where(eq(sessionTable.id, found.sessionId));
      throw new AppError(401, 'UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    }

    // Read with the session, on every request, on every server: an account an administrator disabled stops at once.
    if (found.status === 'disabled') {
      throw new AppError(401, 'ACCOUNT_DISABLED', "This account has been disabled by the server's administrator.");
    }
    if (found.status === 'pending') {
      throw new AppError(
        401,
        'ACCOUNT_PENDING',
        "This account is waiting for the server's administrator to approve it.",
      );
    }
    if (!found.lastActiveAt || now - found.lastActiveAt.getTime() > LAST_ACTIVE_EVERY_MS) {
      await db
        .update(userTable)
        .set({ lastActiveAt: new Date(now) })
        .where(eq(userTable.id, found.id));
    }

    const rememberMe = !isSignedCookieValid(jar.get(s.dontRememberName), s.secret);
    if (rememberMe && expiresAt - s.expiresInMs + s.updateAgeMs <= now) {
      const extended = Math.min(now + s.expiresInMs, createdAt + SESSION_ABSOLUTE_MAX_MS);
      await db
        .update(sessionTable)
        .set({ expiresAt: new Date(extended), updatedAt: new Date(now) })
        .where(eq(sessionTable.id, found.sessionId));
      reply.header(
        'set-cookie',
        serializeCookie(s.cookieName, rawCookie!, s.cookieAttributes, Math.floor((extended - now) / 1000)),
      );
    }
    return {
      id: found.id,
      email: found.email,
      name: found.name,
      defaultPublic: found.defaultPublic,
      sessionId: found.sessionId,
      role: found.role,
    };
  };
}
export type RequireUser = ReturnType<typeof createSessionResolver>;

function parseCookies(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  if (!header) return jar;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!jar.has(name)) jar.set(name, part.slice(at + 1).trim());
  }
  return jar;
}

/** The value inside a cookie signed by better-auth, or null when the signature does not match. */
function verifySigned(raw: string, secret: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf('.');
  if (dot < 1) return null;
  const value = decoded.slice(0, dot);
  const given = Buffer.from(decoded.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

function isSignedCookieValid(raw: string | undefined, secret: string): boolean {
  return raw !== undefined && verifySigned(raw, secret) !== null;
}

function serializeCookie(name: string, rawValue: string, attributes: CookieAttributes, maxAgeSeconds: number): string {
  const parts = [`${name}=${rawValue}`, `Max-Age=${maxAgeSeconds}`, `Path=${attributes.path ?? '/'}`];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  if (attributes.httpOnly !== false) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  const sameSite = attributes.sameSite ?? 'lax';
  parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}`);
  return parts.join('; ');
}
