import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { performance as nodePerformance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestContext, cookieFrom, type TestContext, sameAnswer } from '../../test/test-app.ts';
import { DEFAULT_AUTH_RATE_LIMIT } from '../../app.ts';

describe('accounts', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('signs up, refuses sign-in until the e-mail is confirmed, then signs in', async () => {
    const email = 'ona@example.com';
    const signedUp = await t.signUp(email);
    expect(signedUp.statusCode).toBe(200);
    expect(signedUp.json()).toEqual({ ok: true });
    await t.smtp.waitForMail(email, /Confirm your e-mail/);

    const early = await t.signIn(email);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    // The link is sent again, and that link works.
    const verified = await t.verify(email);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/?verified=1');

    const signedIn = await t.signIn(email);
    expect(signedIn.statusCode).toBe(200);
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/); // plain-HTTP PUBLIC_URL

    const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie: cookieFrom(signedIn) } });
    expect(me.statusCode).toBe(200);
    // Signed up without a display name: none, never the part before the @ (ADR 0072).
    expect(me.json()).toMatchObject({ email, name: null });
  });

  it('leads the confirmation link back to the invitation opened before signing up, and to nothing else', async () => {
    const signUpWith = (email: string, callbackURL: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password: 'correct horse battery', callbackURL },
      });
    expect((await signUpWith('invited@example.com', '/invite/Abc_12-xyz')).statusCode).toBe(200);
    const verified = await t.verify('invited@example.com');
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/invite/Abc_12-xyz?verified=1');
    // Any other path of this site lands on the start page; another site is refused before sign-up.
    for (const [email, callbackURL] of [
      ['elsewhere@example.com', '/account/delete'],
      ['climbing@example.com', '/invite/../api/v1/circles'],
      ['queried@example.com', '/invite/abc?next=/x'],
    ] as const) {
      expect((await signUpWith(email, callbackURL)).statusCode).toBe(200);
      expect((await t.verify(email)).headers.location).toBe('/?verified=1');
    }
    const away = await signUpWith('away@example.com', '//evil.example/invite/abc');
    expect(away.statusCode).toBe(400);
  });

  it('answers sign-up of an existing e-mail exactly as a new one, and tells the owner by mail', async () => {
    const { email } = await t.createUser('existing@example.com');
    const fresh = await t.signUp('brand-new@example.com');
    const again = await t.signUp(email, 'another password');
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(sameAnswer(again)).toBe(sameAnswer(fresh));
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    const notice = await t.smtp.waitForMail(email, /already have a Foray account/);
    expect(notice.text).toContain('http://foray.test');
    // The existing account's password did not change.
    expect((await t.signIn(email, 'another password')).statusCode).toBe(401);
  });

  it('hashes passwords with argon2id at the OWASP minimum', async () => {
    await t.createUser('hash@example.com');
    const result = await t.query<{ password: string }>(
      sql`select a.password from account a join "user" u on u.id = a.user_id where u.email = 'hash@example.com'`,
    );
    expect(result.rows[0]!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses passwords shorter than 8 or longer than 128 characters', async () => {
    const short = await t.signUp('short@example.com', 'seven77');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('PASSWORD_TOO_SHORT');
    const long = await t.signUp('long@example.com', 'x'.repeat(129));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('PASSWORD_TOO_LONG');
    expect((await t.signUp('ok128@example.com', 'x'.repeat(128))).statusCode).toBe(200);
  });

  it('answers bad sign-in input with a 4xx in the API error shape', async () => {
    const wrong = await t.signIn('nobody@example.com', 'whatever-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: expect.any(String), request_id: expect.any(String) },
    });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('INVALID_JSON');
  });

  it('revokes the session on sign-out: the old cookie stops working at once', async () => {
    const { cookie } = await t.createUser();
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/v1/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('ends a session 30 days after sign-in however often it is used', async () => {
    const { cookie } = await t.createUser('old-session@example.com');
    await t.db.execute(
      sql`update "session" set created_at = now() - interval '31 days' where user_id = (select id from "user" where email = 'old-session@example.com')`,
    );
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('keeps a forager who uses Foray daily signed in: the session and its cookie slide, up to the 30-day cap', async () => {
    const { email, cookie } = await t.createUser('daily@example.com');
    const ofUser = sql`user_id = (select id from "user" where email = ${email})`;
    const maxAge = (setCookie: string) => Number(/Max-Age=(\d+)/.exec(setCookie)?.[1]);
    const expiry = async () =>
      new Date(
        (await t.query<{ expires_at: string }>(sql`select expires_at from "session" where ${ofUser}`)).rows[0]!
          .expires_at,
      ).getTime();

    // Used within the last day: nothing to extend, no cookie sent.
    const fresh = await t.app.inject({ url: '/api/v1/me', headers: { cookie } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['set-cookie']).toBeUndefined();

    // Signed in two days ago: the session is extended to 7 days from now and the browser told so.
    await t.db.execute(
      sql`update "session" set created_at = now() - interval '2 days', expires_at = now() + interval '5 days' where ${ofUser}`,
    );
    const slid = await t.app.inject({ url: '/api/v1/me', headers: { cookie } });
    expect(slid.statusCode).toBe(200);
    const sent = String(slid.headers['set-cookie']);
    expect(sent.startsWith(`${cookie};`)).toBe(true);
    expect(maxAge(sent)).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(maxAge(sent)).toBeLessThanOrEqual(7 * 24 * 3600);
    expect(sent).toMatch(/HttpOnly/);
    expect(sent).toMatch(/SameSite=Lax/);
    expect(Math.abs((await expiry()) - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);

    // Near the cap: extended only up to 30 days after sign-in.
    await t.db.execute(
      sql`update "session" set created_at = now() - interval '28 days', expires_at = now() + interval '1 day' where ${ofUser}`,
    );
    const capped = await t.app.inject({ url: '/api/v1/me', headers: { cookie } });
    expect(capped.statusCode).toBe(200);
    expect(maxAge(String(capped.headers['set-cookie']))).toBeGreaterThan(2 * 24 * 3600 - 60);
    expect(maxAge(String(capped.headers['set-cookie']))).toBeLessThanOrEqual(2 * 24 * 3600);
    expect(Math.abs((await expiry()) - (Date.now() + 2 * 24 * 3600 * 1000))).toBeLessThan(60_000);
  });

  it('does not extend a session signed in without "remember me"', async () => {
    const { email, password } = await t.createUser('forgetful@example.com');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password, rememberMe: false },
      remoteAddress: '192.0.2.40',
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieFrom(signedIn);
    expect(cookie).toMatch(/foray\.dont_remember=/);
    await t.db.execute(
      sql`update "session" set expires_at = now() + interval '5 days' where user_id = (select id from "user" where email = ${email})`,
    );
    const response = await t.app.inject({ url: '/api/v1/me', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired session, and one whose cookie signature was tampered with', async () => {
    const { email, cookie } = await t.createUser('expired@example.com');
    const [name, value] = cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf('.'));
    for (const forged of [
      `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`,
      `${name}=${token}`,
      `${name}=%E0%A4%A`,
    ]) {
      const response = await t.app.inject({ url: '/api/v1/me', headers: { cookie: forged } });
      expect(response.statusCode, forged).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(200);

    const ofUser = sql`user_id = (select id from "user" where email = ${email})`;
    await t.db.execute(sql`update "session" set expires_at = now() - interval '1 minute' where ${ofUser}`);
    const expired = await t.app.inject({ url: '/api/v1/locations', headers: { cookie } });
    expect(expired.statusCode).toBe(401);
    expect((await t.query(sql`select 1 from "session" where ${ofUser}`)).rows).toHaveLength(0);
  });

  it('resets a password by e-mail, once, and signs out every other session', async () => {
    const user = await t.createUser('reset@example.com', 'old password 1');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(answer.statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'nobody-here@example.com', redirectTo: '/reset-password' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(sameAnswer(unknown)).toBe(sameAnswer(answer));

    const mail = await t.smtp.waitForMail(user.email, /Reset your Foray password/);
    const link = new URL(t.smtp.linkIn(mail));
    const opened = await t.app.inject({ url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location!, 'http://foray.test');
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'new password 2', token },
    });
    expect(reset.statusCode).toBe(200);
    // The session signed in before the reset is gone; the old password too.
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } })).statusCode).toBe(401);
    expect((await t.signIn(user.email, 'old password 1')).statusCode).toBe(401);
    expect((await t.signIn(user.email, 'new password 2')).statusCode).toBe(200);
    // Single use.
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'third password 3', token },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_TOKEN');
  });

  it('expires a reset token within an hour', async () => {
    await t.createUser('expiring@example.com');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'expiring@example.com', redirectTo: '/reset-password' },
    });
    const mail = await t.smtp.waitForMail('expiring@example.com', /Reset your Foray password/);
    const token = new URL(t.smtp.linkIn(mail)).pathname.split('/').pop()!;
    const rows = await t.query<{ minutes: number }>(
      sql`select extract(epoch from (expires_at - now())) / 60 as minutes from verification where identifier = ${`reset-password:${token}`}`,
    );
    expect(Number(rows.rows[0]!.minutes)).toBeGreaterThan(55);
    expect(Number(rows.rows[0]!.minutes)).toBeLessThanOrEqual(60);
  });

  it('slows down guessing at one account from many addresses, without locking it for good', async () => {
    const user = await t.createUser('stuffed@example.com');
    for (let attempt = 0; attempt < 10; attempt++) {
      const guess = await t.signIn(user.email, `guess-${attempt}-wrong`, { 'x-forwarded-for': `203.0.113.${attempt}` });
      expect(guess.statusCode).toBe(401);
    }
    const blocked = await t.signIn(user.email, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other accounts are untouched; and when the window has passed, the owner gets in again.
    expect((await t.signIn((await t.createUser()).email)).statusCode).toBe(200);
    await t.db.execute(
      sql`update sign_in_failure set window_started_at = now() - interval '16 minutes', blocked_until = now() - interval '1 minute'`,
    );
    expect((await t.signIn(user.email, user.password)).statusCode).toBe(200);
  });
});

// better-auth keeps its per-address counters per process, so each test below comes from its own address.
describe('per-address rate limits', () => {
  it('counts every sign-in from one address, whatever X-Forwarded-For it claims when no proxy is trusted', async () => {
    const t = await createTestContext({ build: { authRateLimit: DEFAULT_AUTH_RATE_LIMIT } });
    try {
      const codes: number[] = [];
      for (let attempt = 0; attempt < DEFAULT_AUTH_RATE_LIMIT.signIn + 1; attempt++) {
        const response = await t.signIn(
          `nobody-${attempt}@example.com`,
          'wrong password',
          { 'x-forwarded-for': `198.51.100.${attempt}` },
          '192.0.2.10',
        );
        codes.push(response.statusCode);
      }
      expect(codes.slice(0, DEFAULT_AUTH_RATE_LIMIT.signIn)).toEqual(Array(DEFAULT_AUTH_RATE_LIMIT.signIn).fill(401));
      expect(codes.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('keys the limit on the forwarded client address when TRUST_PROXY says the proxy is trusted', async () => {
    const t = await createTestContext({
      env: { TRUST_PROXY: 'true' },
      build: { authRateLimit: DEFAULT_AUTH_RATE_LIMIT },
    });
    try {
      for (let attempt = 0; attempt < DEFAULT_AUTH_RATE_LIMIT.signIn + 2; attempt++) {
        const response = await t.signIn(
          `nobody-${attempt}@example.com`,
          'wrong password',
          { 'x-forwarded-for': `198.51.100.${attempt + 100}` },
          '192.0.2.11',
        );
        expect(response.statusCode).toBe(401);
      }
      // One client hammering through the proxy is still limited.
      const codes: number[] = [];
      for (let attempt = 0; attempt < DEFAULT_AUTH_RATE_LIMIT.signIn + 1; attempt++) {
        codes.push(
          (
            await t.signIn(
              `again-${attempt}@example.com`,
              'wrong password',
              { 'x-forwarded-for': '192.0.2.77' },
              '192.0.2.11',
            )
          ).statusCode,
        );
      }
      expect(codes.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('holds sign-up, sign-in and reset answers until a minimum time after they arrived, known e-mail or not', async () => {
    const floorMs = 400;
    // No SMTP server: its conversation runs on timers, and this test owns the timers. Mail goes to stdout, muted.
    const t = await createTestContext({ build: { authResponseFloorMs: floorMs }, env: { SMTP_URL: undefined } });
    const muted = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await t.signUp('timed@example.com');
      await t.query(sql`update "user" set email_verified = true where email = 'timed@example.com'`);
      // From here the clock Fastify measures an answer's time on and the timer the answer waits on are fake: an
      // answer must stay unsent until that clock has moved by the floor since the request arrived, and go out once
      // it has, however long the real work took.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
      vi.spyOn(nodePerformance, 'now').mockImplementation(() => globalThis.performance.now());
      const answers: Record<string, { status: number; body: string }> = {};
      for (const email of ['timed@example.com', 'unknown-timed@example.com']) {
        for (const [url, payload] of [
          ['/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }],
          ['/api/auth/sign-in/email', { email, password: 'a wrong password' }],
          ['/api/auth/sign-up/email', { email, password: 'some password 1' }],
        ] as const) {
          let sent = false;
          const answer = t.app
            .inject({ method: 'POST', url, payload, remoteAddress: '192.0.2.12' })
            .then((response) => {
              sent = true;
              return response;
            });
          // Until the work is done and the answer waits on the clock (its timer is set), or went out without waiting.
          while (!sent && vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
          await vi.advanceTimersByTimeAsync(floorMs - 1);
          expect(sent, `${url} ${email} answered before the floor`).toBe(false);
          await vi.advanceTimersByTimeAsync(1);
          const response = await answer;
          answers[`${url} ${email}`] = { status: response.statusCode, body: sameAnswer(response) };
        }
      }
      // The answers themselves do not tell a known e-mail from an unknown one either.
      for (const url of ['/api/auth/request-password-reset', '/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
        expect(answers[`${url} timed@example.com`], url).toEqual(answers[`${url} unknown-timed@example.com`]);
      }
      expect(answers['/api/auth/request-password-reset timed@example.com']!.status).toBe(200);
      expect(answers['/api/auth/sign-in/email timed@example.com']!.status).toBe(401);
      expect(answers['/api/auth/sign-up/email timed@example.com']!.status).toBe(200);

      // Other routes are not held: the health check answers while the clock stands still.
      const health = await t.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
      muted.mockRestore();
      await t.close();
    }
  });

  it('marks the session cookie Secure when Foray is served over https', async () => {
    const t = await createTestContext({ env: { PUBLIC_URL: 'https://foray.example' } });
    try {
      const user = await t.createUser('secure@example.com');
      expect(user.cookie).toMatch(/^__Secure-foray\.session_token=/);
      const signedIn = await t.signIn(user.email);
      expect(String(signedIn.headers['set-cookie'])).toMatch(/; Secure/i);
    } finally {
      await t.close();
    }
  });
});
