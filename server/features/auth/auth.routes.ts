import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { CLEAR_HTTP_CACHE } from '../../plugins/cache-policy.ts';
import { emailChangedNoticeMail } from '../../mail/messages.ts';
import { accountStatus, admitSignUp, giveBackServerInviteUse, type Admission } from '../signup/signup.queries.ts';
import { emailTokenClaims, type Auth } from './auth.ts';
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
import { sendBetterAuthError, sendError } from './auth-errors.ts';
import { deviceEpochOf, newSessionToken, withoutLinkSessions } from './auth-sessions.ts';
import { signUpThrough } from './auth-sign-up.ts';
import { toWebRequest } from './web-request.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { SignInLimiter, SignInSubject } from './sign-in-limiter.ts';
import type { PendingTwoStep } from './two-step.ts';

/**
 * Bridges Fastify to better-auth's Web-standard handler, and adds what Foray needs around it (auth-paths.ts
 * holds what each path gets): the client's real address for rate limits, a per-account limit on guesses,
 * identical sign-up answers (auth-sign-up.ts), a default display name, and errors in the API's one shape
 * (auth-errors.ts).
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
        const through = await signUpThrough(deps, webRequest, admission.admission, admission.extras);
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
