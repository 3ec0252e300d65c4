import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignInLimiter, SignInSubject } from './sign-in-limiter.ts';
import type { DeviceCookies } from './device-cookie.ts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { emailChangedNoticeMail } from '../../mail/messages.ts';
import { DisplayNameSchema } from '../../../common/schemas/account.ts';
import { emailTokenClaims, type Auth } from './auth.ts';
import { authInputProblem } from './auth-input.ts';
import {
  TWO_STEP_CODE_PATHS,
  TWO_STEP_FIELDS,
  TWO_STEP_PASSWORD_PATHS,
  twoStepBody,
  type PendingTwoStep,
} from './two-step.ts';

/** Codes better-auth answers with, mapped to the messages Foray's users read. */
const FRIENDLY_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'The e-mail or password is wrong.',
  EMAIL_NOT_VERIFIED: 'Please confirm your e-mail first: we have sent you the link again.',
  PASSWORD_TOO_SHORT: 'The password must be at least 8 characters long.',
  PASSWORD_TOO_LONG: 'The password must be at most 128 characters long.',
  INVALID_EMAIL: 'That is not a valid e-mail address.',
  INVALID_TOKEN: 'This link is not valid any more. Ask for a new one.',
  RATE_LIMITED: 'Too many attempts. Please wait a little and try again.',
  INVALID_PASSWORD: 'The password is wrong.',
  INVALID_CODE: 'That code is not right. Check the time on your phone and try the newest code.',
  INVALID_BACKUP_CODE: 'That recovery code is not right, or it has been used already.',
  INVALID_TWO_FACTOR_COOKIE: 'The sign-in has timed out. Enter your e-mail and password again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Enter your e-mail and password again.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes. Please wait a little and try again.',
  TOTP_ALREADY_ENABLED: 'Two-step sign-in is already on.',
  TWO_FACTOR_NOT_ENABLED: 'Two-step sign-in is off.',
};

/** The display name in a body, checked (trimmed, 1–60 characters, no control characters), or the problem. */
function displayName(value: unknown): { name: string } | { problem: string } {
  const parsed = DisplayNameSchema.safeParse(value);
  return parsed.success
    ? { name: parsed.data }
    : { problem: `name: ${parsed.error.issues[0]?.message ?? 'not a valid name'}` };
}

/** better-auth routes the web app does not use and that would hand out more than it needs (other sessions' tokens). */
const CLOSED_PATHS = new Set([
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/delete-user/callback',
  '/update-session',
]);

/**
 * Answers that could tell whether an e-mail has an account. Even with mail queued and a dummy hash for
 * unknown addresses, the database work differs by a few milliseconds (a reset token is written only for
 * a real account), so these answers are held until a fixed minimum time after the request arrived.
 */
const ENUMERATION_SENSITIVE = new Set(['/sign-up/email', '/sign-in/email', '/request-password-reset']);

/**
 * Bridges Fastify to better-auth's Web-standard handler, and adds what Foray needs around it: the
 * client's real address for rate limits, a per-account sign-in limit, identical sign-up answers, a
 * default display name, and errors in the API's one shape.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    limiter: SignInLimiter;
    deviceCookies: DeviceCookies;
    pendingTwoStep: PendingTwoStep;
    publicUrl: string;
    responseFloorMs: number;
    db: Database;
    outbox: Outbox;
  },
) {
  const { auth, limiter, deviceCookies, pendingTwoStep } = deps;

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    onSend: async (request, reply, payload) => {
      const path = request.url.slice('/api/auth'.length).split('?')[0] ?? '';
      if (request.method === 'POST' && ENUMERATION_SENSITIVE.has(path)) {
        // Timers may fire up to a millisecond early, so wait again until the floor has truly passed.
        let wait = deps.responseFloorMs - reply.elapsedTime;
        while (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
          wait = deps.responseFloorMs - reply.elapsedTime;
        }
      }
      return payload;
    },
    handler: async (request, reply) => {
      const path = request.url.slice('/api/auth'.length).split('?')[0] ?? '';
      let body = request.body as Record<string, unknown> | undefined;

      const problem = authInputProblem({ url: request.url, body });
      if (problem) return sendError(reply, 400, 'VALIDATION_ERROR', problem);

      if (
        request.method === 'POST' &&
        (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
      ) {
        body = {};
      }

      if (CLOSED_PATHS.has(path)) return sendError(reply, 404, 'NOT_FOUND', 'There is no such page.');

      if (path === '/sign-up/email' && body) {
        // Only these fields: better-auth would otherwise store extra ones (image, callbackURL) as given.
        const email = typeof body.email === 'string' ? body.email.trim() : body.email;
        let name: string | undefined;
        if (
          body.name !== undefined &&
          body.name !== null &&
          !(typeof body.name === 'string' && body.name.trim() === '')
        ) {
          const checked = displayName(body.name);
          if ('problem' in checked) return sendError(reply, 400, 'VALIDATION_ERROR', checked.problem);
          name = checked.name;
        }
        body = {
          email,
          password: body.password,
          // The display name others see defaults to the part before the @; the address itself stays private.
          name: name ?? (typeof email === 'string' ? email.split('@')[0]?.trim().slice(0, 60) || 'forager' : ''),
          callbackURL: '/?verified=1',
        };
      }

      // The account page (ADR 0037): only the fields it means, checked here; better-auth would store others.
      if (path === '/update-user' && body) {
        const checked = displayName(body.name);
        if ('problem' in checked) return sendError(reply, 400, 'VALIDATION_ERROR', checked.problem);
        body = { name: checked.name };
      }
      if (path === '/change-email' && body) {
        body = {
          newEmail: typeof body.newEmail === 'string' ? body.newEmail.trim() : body.newEmail,
          callbackURL: '/?verified=1',
        };
      }
      if (path === '/change-password' && body) {
        // Every other session ends: whoever else knew the old password is signed out.
        body = { currentPassword: body.currentPassword, newPassword: body.newPassword, revokeOtherSessions: true };
      }
      if (path === '/delete-user' && body) {
        // Always the password: better-auth would otherwise accept a session younger than a day alone.
        if (typeof body.password !== 'string' || body.password === '') {
          return sendError(reply, 400, 'VALIDATION_ERROR', 'password: required to delete the account');
        }
        body = { password: body.password };
      }
      const emailChange =
        path === '/verify-email'
          ? emailTokenClaims(new URL(request.url, deps.publicUrl).searchParams.get('token') ?? '')
          : {};

      let signIn: SignInSubject | undefined;
      if (path === '/sign-in/email' && body) {
        // A sign-in before confirming re-sends the link; it should land on the same confirmation page.
        body = { email: body.email, password: body.password, rememberMe: body.rememberMe, callbackURL: '/?verified=1' };
      }
      if (path === '/sign-in/email' && body && typeof body.email === 'string') {
        // A browser that signed in to this account before is counted on its own (ADR 0011).
        signIn = { email: body.email, deviceId: deviceCookies.verify(request.headers.cookie, body.email) };
      }
      if (path.startsWith('/two-factor/')) {
        // Only the two-step paths Foray uses: codes by e-mail or text message (send-otp, verify-otp) are not offered.
        if (!Object.hasOwn(TWO_STEP_FIELDS, path)) return sendError(reply, 404, 'NOT_FOUND', 'No such route.');
        if (body) body = twoStepBody(path, body);
      }
      if (request.method === 'POST' && TWO_STEP_CODE_PATHS.has(path)) {
        // The second step of a sign-in counts against the same party as the password did (ADR 0038).
        const email = await pendingTwoStep.emailOf(request.headers.cookie);
        if (email) signIn = { email, deviceId: deviceCookies.verify(request.headers.cookie, email) };
      }
      let passwordCheck: SignInSubject | undefined;
      if (request.method === 'POST' && TWO_STEP_PASSWORD_PATHS.has(path)) {
        // Turning two-step sign-in on or off asks for the password again; a taken-over session must not be a way
        // around the limit on guessing it.
        const current = await auth.api.getSession({
          headers: toWebRequest(request, undefined, deps.publicUrl).headers,
          query: { disableRefresh: true },
        });
        const email = current?.user.email;
        if (email) passwordCheck = { email, deviceId: deviceCookies.verify(request.headers.cookie, email) };
      }
      for (const subject of [signIn, passwordCheck]) {
        if (subject === undefined) continue;
        const wait = await limiter.blockedFor(subject);
        if (wait > 0) return sendError(reply.header('retry-after', String(wait)), 429, 'RATE_LIMITED');
      }

      const response = await auth.handler(toWebRequest(request, body, deps.publicUrl));
      const text = await response.text();
      // The right password of an account with two-step sign-in on: no session yet, only the code step. That is
      // not a success: the failures counted so far stay, and the browser is not yet one the account knows.
      const awaitingCode = path === '/sign-in/email' && response.ok && /"twoFactorRedirect"\s*:\s*true/.test(text);
      const signedIn = signIn !== undefined && response.ok && !awaitingCode;

      if (signIn !== undefined) {
        if (response.status === 401) await limiter.recordFailure(signIn);
        else if (signedIn) await limiter.recordSuccess(signIn);
      }
      if (passwordCheck !== undefined && response.status === 400 && /"code"\s*:\s*"INVALID_PASSWORD"/.test(text)) {
        await limiter.recordFailure(passwordCheck);
      }

      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') return;
        reply.header(key, value);
      });
      let cookies = response.headers.getSetCookie();
      if (path === '/verify-email') cookies = await withoutLinkSessions(cookies, request.headers.cookie, deps.db);
      if (
        emailChange.updateTo &&
        emailChange.email &&
        emailChange.requestType === 'change-email-verification' &&
        response.status === 302 &&
        !/[?&]error=/.test(response.headers.get('location') ?? '')
      ) {
        // The change took effect: the old address hears of it.
        await deps.outbox.enqueue(emailChangedNoticeMail(emailChange.email, emailChange.updateTo, deps.publicUrl));
      }
      // Signed in: this browser is now one the account knows, with a fresh device id.
      if (signIn !== undefined && signedIn) cookies.push(deviceCookies.issue(signIn.email));
      if (cookies.length > 0) reply.header('set-cookie', cookies);

      if (response.status >= 400) {
        let code = response.status === 429 ? 'RATE_LIMITED' : 'AUTH_ERROR';
        let message = '';
        try {
          const parsed = JSON.parse(text) as { code?: string; message?: string };
          if (parsed.code && response.status !== 429) code = parsed.code;
          message = parsed.message ?? '';
        } catch {
          // Not JSON: keep the generic code.
        }
        return sendError(reply, response.status, code, message);
      }
      if (path === '/sign-up/email' && response.ok) {
        // The same answer for a new and an existing e-mail (better-auth's differs in shape).
        return reply.type('application/json').send({ ok: true });
      }
      return reply.send(text);
    },
  });
}

/**
 * Opening an e-mail change's link signs its opener in when they were not (better-auth makes a session). A mailed
 * link is not a sign-in in Foray (no password, no second step): that session is deleted and its cookie dropped.
 */
async function withoutLinkSessions(
  cookies: string[],
  requestCookies: string | undefined,
  db: Database,
): Promise<string[]> {
  const kept: string[] = [];
  for (const cookie of cookies) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (!name.endsWith('.session_token') || value === '' || (requestCookies ?? '').includes(`${name}=${value}`)) {
      kept.push(cookie);
      continue;
    }
    const signed = decodeURIComponent(value);
    await db.execute(sql`delete from "session" where token = ${signed.slice(0, signed.lastIndexOf('.'))}`);
  }
  return kept;
}

function sendError(reply: FastifyReply, status: number, code: string, message?: string) {
  return reply
    .status(status)
    .type('application/json')
    .send({ error: { code, message: FRIENDLY_MESSAGES[code] ?? (message || 'The request could not be completed.') } });
}

function toWebRequest(request: FastifyRequest, body: unknown, publicUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'content-length') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // Overwrite, never append: Fastify's request.ip already honours TRUST_PROXY. Keeping the client's own
  // header would let anyone dodge the limits with a made-up address on every request.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(body ?? {}) : undefined,
  });
}
