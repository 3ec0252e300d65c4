import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { CLEAR_HTTP_CACHE } from '../../plugins/cache-policy.ts';
import { errorBody } from '../../plugins/request-id.ts';
import {
  approvalWaitingMail,
  emailChangedNoticeMail,
  pendingApprovalMail,
  type MailLanguage,
} from '../../mail/messages.ts';
import {
  accountStatus,
  administratorAddresses,
  admitSignUp,
  giveBackServerInviteUse,
  settleNewAccount,
  type Admission,
  type Refusal,
} from '../signup/signup.queries.ts';
import { emailTokenClaims, signUpScope, type Auth, type SignUpScope } from './auth.ts';
import { authInputProblem } from './auth-input.ts';
import {
  authPathOf,
  authPathRule,
  Refused,
  signUpExtras,
  type AuthBody,
  type AuthPathRule,
  type SignUpExtras,
} from './auth-paths.ts';
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
  // Who may join (ADR 0079): the same words whether or not the address has an account.
  SIGNUP_CLOSED: 'Accounts on this server are made by its administrator.',
  INVITE_REQUIRED: 'Joining this server needs an invitation: ask a member for a link.',
  ACCOUNT_PENDING: 'Your account waits for an administrator’s approval. You will get a mail once it is approved.',
  ACCOUNT_DISABLED: 'This account has been disabled by the server’s administrator.',
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
    log: { error(obj: unknown, msg?: string): void };
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
    if (email == null) return undefined;
    return { email, deviceId: deviceCookies.verify(cookie, email, await deviceEpochOf(deps.db, email)) };
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

  /**
   * A sign-up the policy admitted, run through better-auth (ADR 0079): the account it makes is given its standing
   * (the first one the administrator; pending under approval) before the answer; one that lost the race to be first
   * on a server that would refuse it is taken back. What became of it: made, taken back (refused), or nothing made
   * (the address had an account, or better-auth refused the body).
   */
  async function signUpThrough(webRequest: Request, admission: Admission, extras: SignUpExtras) {
    let outcome: 'made' | Refusal | 'failed' | null = null;
    const scope: SignUpScope = {
      refused: false,
      created: async (created) => {
        try {
          const settled = await settleNewAccount(deps.db, { userId: created.id, admission, language: extras.language });
          if ('refused' in settled) {
            scope.refused = true;
            outcome = settled.refused;
            return;
          }
          outcome = 'made';
          if (settled.status === 'pending') tellOfPending(created.email, extras.language);
        } catch (error) {
          // The account must not stand with the default standing (active) it was inserted with.
          scope.refused = true;
          outcome = 'failed';
          deps.log.error({ err: error }, 'A new account could not be given its standing; it was taken back');
          await deps.db.execute(sql`delete from "user" where id = ${created.id}`).catch(() => undefined);
        }
      },
    };
    const response = await signUpScope.run(scope, () => auth.handler(webRequest));
    if (outcome !== 'made' && admission.serverInviteId)
      await giveBackServerInviteUse(deps.db, admission.serverInviteId);
    return { response, outcome: outcome as 'made' | Refusal | 'failed' | null };
  }

  /** Signed up under approval: the person hears so, in their language; each administrator that someone waits. */
  function tellOfPending(email: string, language: MailLanguage) {
    const enqueue = (mail: Parameters<Outbox['enqueue']>[0]) =>
      deps.outbox.enqueue(mail).catch((error: unknown) => deps.log.error({ err: error }, 'Could not queue mail'));
    void enqueue(pendingApprovalMail(email, language, deps.publicUrl));
    void administratorAddresses(deps.db)
      .then((admins) => admins.forEach((admin) => void enqueue(approvalWaitingMail(admin, email, deps.publicUrl))))
      .catch((error: unknown) => deps.log.error({ err: error }, 'Could not tell the administrators'));
  }

  /**
   * An account that may not sign in (waiting for approval, or disabled), once its password has proved right: the
   * code to refuse with. Asked only after better-auth accepted the password, so nobody without it learns an
   * account's standing.
   */
  async function standingRefusal(
    rule: AuthPathRule,
    status: number,
    body: AuthBody | undefined,
    newSessions: string[],
  ): Promise<'ACCOUNT_PENDING' | 'ACCOUNT_DISABLED' | null> {
    if (status < 200 || status >= 300) return null;
    const standings: string[] = [];
    if (rule.guess === 'password' && typeof body?.email === 'string') {
      standings.push((await accountStatus(deps.db, body.email)) ?? 'active');
    }
    for (const token of newSessions) {
      const result = await deps.db.execute(
        sql`select u.status from "session" s join "user" u on u.id = s.user_id where s.token = ${token}`,
      );
      standings.push(...(result as unknown as { rows: { status: string }[] }).rows.map((row) => row.status));
    }
    if (standings.includes('disabled')) return 'ACCOUNT_DISABLED';
    if (standings.includes('pending')) return 'ACCOUNT_PENDING';
    return null;
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
      // Who may join (ADR 0079): decided from the policy, the domain and the invitation, before better-auth looks
      // the address up, so a refusal is the same answer, in the same time, for an address with an account or without.
      let admission: { admission: Admission; extras: SignUpExtras } | null = null;
      if (rule.admits && request.method === 'POST' && body) {
        const extras = signUpExtras(body);
        if (extras instanceof Refused) return sendError(reply, 400, 'VALIDATION_ERROR', extras.problem);
        const email = typeof body.email === 'string' ? body.email : '';
        const admitted = await admitSignUp(deps.db, { email, invite: extras.invite });
        if (!admitted.first && admitted.decision.refused) {
          if (admitted.serverInviteId) await giveBackServerInviteUse(deps.db, admitted.serverInviteId);
          return sendError(reply, 403, admitted.decision.refused);
        }
        admission = { admission: admitted, extras };
      }
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

      const webRequest = toWebRequest(request, body, deps.publicUrl);
      let response: Response;
      if (admission) {
        const through = await signUpThrough(webRequest, admission.admission, admission.extras);
        response = through.response;
        if (through.outcome === 'failed') return sendError(reply, 503, 'SERVICE_UNAVAILABLE');
        const refused =
          through.outcome === 'SIGNUP_CLOSED' || through.outcome === 'INVITE_REQUIRED'
            ? through.outcome
            : // No account made although the server had none: answered as the policy answers everyone else.
              through.outcome === null && response.ok && admission.admission.decision.refused;
        if (refused) return sendError(reply, 403, refused);
      } else {
        response = await auth.handler(webRequest);
      }
      const text = await response.text();

      // ── After: count the guess, refuse an account that may not sign in, pass the answer on ──
      const signedIn = subject !== undefined && (await countGuess(subject, rule.guess, response.status, text));
      // A mailed link's session is dropped below whoever it is for (and confirming an address waiting for approval
      // must work); any other new session is checked.
      const newSessions = (rule.mailedLink ? [] : response.headers.getSetCookie())
        .map((cookie) => newSessionToken(cookie, request.headers.cookie))
        .filter((token): token is string => token !== null);
      const standing = await standingRefusal(rule, response.status, body, newSessions);
      if (standing) {
        // The password was right: the session just made (if any) goes, and no cookie of better-auth's is passed on.
        for (const token of newSessions) await deps.db.execute(sql`delete from "session" where token = ${token}`);
        return sendError(reply, 403, standing);
      }

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
      if (signedIn) cookies.push(deviceCookies.issue(subject.email, await deviceEpochOf(deps.db, subject.email)));
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (rule.clearsHttpCache && response.ok) reply.header('clear-site-data', CLEAR_HTTP_CACHE);

      if (response.status >= 400) return sendBetterAuthError(reply, response.status, text);
      if (rule.sameAnswer && response.ok) return reply.type('application/json').send({ ok: true });
      return reply.send(text);
    },
  });
}

/** The epoch an account's device cookies are signed with (ADR 0082); 0 for an address with no account. */
async function deviceEpochOf(db: Database, email: string): Promise<number> {
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
async function withoutLinkSessions(
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
function newSessionToken(cookie: string, requestCookies: string | undefined): string | null {
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
