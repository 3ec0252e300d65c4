import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { CLEAR_HTTP_CACHE } from '../../plugins/cache-policy.ts';
import { errorBody } from '../../plugins/request-id.ts';
import { emailChangedNoticeMail } from '../../mail/messages.ts';
import { emailTokenClaims, type Auth } from './auth.ts';
import { authInputProblem } from './auth-input.ts';
import { authPathOf, authPathRule, Refused, type AuthBody, type AuthPathRule } from './auth-paths.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { SignInLimiter, SignInSubject } from './sign-in-limiter.ts';
import type { PendingTwoStep } from './two-step.ts';

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

/**
 * Bridges Fastify to better-auth's Web-standard handler, and adds what Foray needs around it (auth-paths.ts
 * holds what each path gets): the client's real address for rate limits, a per-account limit on guesses,
 * identical sign-up answers, a default display name, and errors in the API's one shape.
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

  /** Whose guess a request is, counted against that account from this browser (ADR 0011); none if nobody's. */
  async function guesser(
    request: FastifyRequest,
    guess: AuthPathRule['guess'],
    body: AuthBody | undefined,
  ): Promise<SignInSubject | undefined> {
    const cookie = request.headers.cookie;
    let email: string | null | undefined;
    if (guess === 'password') email = typeof body?.email === 'string' ? body.email : null;
    // The second step of a sign-in counts against the same party as the password did (ADR 0038).
    else if (guess === 'code' && request.method === 'POST') email = await pendingTwoStep.emailOf(cookie);
    // Turning two-step sign-in on or off asks for the password again; a taken-over session must not be a way
    // around the limit on guessing it.
    else if (guess === 'password-again' && request.method === 'POST') {
      const current = await auth.api.getSession({
        headers: toWebRequest(request, undefined, deps.publicUrl).headers,
        query: { disableRefresh: true },
      });
      email = current?.user.email;
    }
    return email == null ? undefined : { email, deviceId: deviceCookies.verify(cookie, email) };
  }

  /**
   * Records how a guess went; true when it signed the browser in. The right password of an account with two-step
   * sign-in on is no sign-in yet (no session, only the code step): the failures counted so far stay, and the
   * browser is not yet one the account knows.
   */
  async function countGuess(
    subject: SignInSubject,
    guess: AuthPathRule['guess'],
    status: number,
    text: string,
  ): Promise<boolean> {
    if (guess === 'password-again') {
      if (status === 400 && /"code"\s*:\s*"INVALID_PASSWORD"/.test(text)) await limiter.recordFailure(subject);
      return false;
    }
    if (status === 401) {
      await limiter.recordFailure(subject);
      return false;
    }
    const awaitingCode = guess === 'password' && /"twoFactorRedirect"\s*:\s*true/.test(text);
    const signedIn = status >= 200 && status < 300 && !awaitingCode;
    if (signedIn) await limiter.recordSuccess(subject);
    return signedIn;
  }

  /** The link of an e-mail change, opened: when the change took effect, the old address hears of it. */
  async function tellOldAddress(url: string, response: Response) {
    const claims = emailTokenClaims(new URL(url, deps.publicUrl).searchParams.get('token') ?? '');
    const changed =
      claims.requestType === 'change-email-verification' &&
      response.status === 302 &&
      !/[?&]error=/.test(response.headers.get('location') ?? '');
    if (changed && claims.email && claims.updateTo)
      await deps.outbox.enqueue(emailChangedNoticeMail(claims.email, claims.updateTo, deps.publicUrl));
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    onSend: async (request, reply, payload) => {
      if (request.method === 'POST' && authPathRule(authPathOf(request.url)).holdAnswer) {
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
      const rule = authPathRule(authPathOf(request.url));
      const problem = authInputProblem({ url: request.url, body: request.body });
      if (problem) return sendError(reply, 400, 'VALIDATION_ERROR', problem);
      if (rule.closed) return sendError(reply, 404, 'NOT_FOUND', rule.closed);

      // ── Before better-auth: the body it may see, and whose guess this is ──
      let body = request.body as AuthBody | undefined;
      if (request.method === 'POST' && (body === null || typeof body !== 'object' || Array.isArray(body))) body = {};
      if (body && rule.body) {
        const passed = rule.body(body);
        if (passed instanceof Refused) return sendError(reply, 400, 'VALIDATION_ERROR', passed.problem);
        body = passed;
      }
      const subject = await guesser(request, rule.guess, body);
      if (subject) {
        const wait = await limiter.blockedFor(subject);
        if (wait > 0) return sendError(reply.header('retry-after', String(wait)), 429, 'RATE_LIMITED');
      }

      const response = await auth.handler(toWebRequest(request, body, deps.publicUrl));
      const text = await response.text();

      // ── After: count the guess, pass the answer on ──
      const signedIn = subject !== undefined && (await countGuess(subject, rule.guess, response.status, text));

      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') return;
        reply.header(key, value);
      });
      let cookies = response.headers.getSetCookie();
      if (rule.mailedLink) {
        cookies = await withoutLinkSessions(cookies, request.headers.cookie, deps.db);
        await tellOldAddress(request.url, response);
      }
      // Signed in: this browser is now one the account knows, with a fresh device id.
      if (signedIn) cookies.push(deviceCookies.issue(subject.email));
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (rule.clearsHttpCache && response.ok) reply.header('clear-site-data', CLEAR_HTTP_CACHE);

      if (response.status >= 400) return sendBetterAuthError(reply, response.status, text);
      if (rule.sameAnswer && response.ok) return reply.type('application/json').send({ ok: true });
      return reply.send(text);
    },
  });
}

/**
 * A mailed link is not a sign-in in Foray (no password, no second step): a session made by opening one is deleted
 * and its cookie dropped. better-auth 1.7.7 made one when an e-mail change's link was opened signed out; 1.7.25 no
 * longer does, and this stays so that no later version can sign anyone in by a link.
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

/** better-auth's error in the API's one shape: its code (RATE_LIMITED for any 429) and Foray's words for it. */
function sendBetterAuthError(reply: FastifyReply, status: number, text: string) {
  let code = status === 429 ? 'RATE_LIMITED' : 'AUTH_ERROR';
  let message = '';
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string };
    if (parsed.code && status !== 429) code = parsed.code;
    message = parsed.message ?? '';
  } catch {
    // Not JSON: keep the generic code.
  }
  return sendError(reply, status, code, message);
}

function sendError(reply: FastifyReply, status: number, code: string, message?: string) {
  return reply
    .status(status)
    .type('application/json')
    .send(
      errorBody(reply.request, code, FRIENDLY_MESSAGES[code] ?? (message || 'The request could not be completed.')),
    );
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
  // A change with neither Origin nor Referer is a script's, not a browser's: a browser sends Origin on every POST,
  // and Foray's own check (plugins/cross-site.ts) has already refused any other site's request, before this route.
  // better-auth would refuse the script (MISSING_OR_NULL_ORIGIN) as soon as it sends a cookie or a Sec-Fetch-*
  // header, as Node's fetch does; it is given the origin Foray vouches for instead (ADR 0075).
  if (hasBody && !headers.has('origin') && !headers.has('referer')) headers.set('origin', new URL(publicUrl).origin);
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(body ?? {}) : undefined,
  });
}
