import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { hotp, secretOf, totp, wrongTotp } from '../../test/totp.ts';
import { DEFAULT_AUTH_RATE_LIMIT } from '../../app.ts';

/** What a browser keeps: cookies set by each answer, removed when an answer expires them. */
class Jar {
  private cookies = new Map<string, string>();
  constructor(header = '') {
    for (const pair of header.split('; ').filter(Boolean)) {
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  take(response: LightMyRequestResponse): this {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  names(): string[] {
    return [...this.cookies.keys()];
  }
  /** As sent to /api/v1 (the device cookie is for /api/auth only, but sending it does no harm). */
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const SESSION_COOKIE = /^(__Secure-)?foray\.session_token$/;

describe('two-step sign-in', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());
  // Some tests set the server's clock (Date only: timers keep running) to reach a given 30-second step.
  afterEach(() => {
    vi.useRealTimers();
  });

  const post = (url: string, jar: Jar, payload: object = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/api/auth${url}`, payload, headers: { cookie: jar.header }, remoteAddress });
  const me = (jar: Jar) => t.app.inject({ url: '/api/v1/me', headers: { cookie: jar.header } });
  const signInWith = async (email: string, password: string, jar = new Jar()) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      headers: { cookie: jar.header },
    });
    jar.take(response);
    return { response, jar };
  };
  const twoStepEnabled = async (email: string) =>
    (await t.query<{ on: boolean }>(sql`select two_factor_enabled as on from "user" where email = ${email}`)).rows[0]
      ?.on;

  /** A user who turned two-step sign-in on: returns the secret, the recovery codes and a signed-in jar. */
  async function userWithTwoStep(email: string) {
    const user = await t.createUser(email);
    const jar = new Jar(user.cookie);
    const enabled = await post('/two-factor/enable', jar, { password: user.password });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    const secret = secretOf(totpURI);
    const confirmed = await post('/two-factor/verify-totp', jar, { code: totp(secret) });
    expect(confirmed.statusCode).toBe(200);
    jar.take(confirmed);
    return { ...user, secret, backupCodes, jar };
  }

  it('computes codes the way RFC 4226 and RFC 6238 give them (the helper these tests rely on)', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 9].map((counter) => hotp(key, counter))).toEqual(['755224', '287082', '520489']);
    expect(hotp(key, Math.floor(1_111_111_109 / 30), 8)).toBe('07081804');
  });

  it('asks for the password to turn it on, and is not in effect until a first code from the app is right', async () => {
    const user = await t.createUser('enable@example.com');
    const jar = new Jar(user.cookie);

    const noPassword = await post('/two-factor/enable', jar, {});
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.code).toEqual(expect.any(String));
    const wrongPassword = await post('/two-factor/enable', jar, { password: 'not my password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('INVALID_PASSWORD');
    expect(await twoStepEnabled(user.email)).toBe(false);
    // Signed out, nobody can start it.
    expect((await post('/two-factor/enable', new Jar(), { password: user.password })).statusCode).toBe(401);

    const enabled = await post('/two-factor/enable', jar, {
      password: user.password,
      issuer: 'Elsewhere',
      method: 'otp',
    });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Foray:enable%40example\.com\?/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Foray');
    expect(backupCodes).toHaveLength(10);
    const secret = secretOf(totpURI);
    // The secret is stored encrypted, never as the app's base32 text.
    const stored = await t.query<{ secret: string; verified: boolean }>(
      sql`select tf.secret, tf.verified from two_factor tf join "user" u on u.id = tf.user_id where u.email = ${user.email}`,
    );
    expect(stored.rows[0]!.verified).toBe(false);
    expect(stored.rows[0]!.secret).not.toContain(secret);

    // Not yet in effect: the password alone still signs in.
    expect(await twoStepEnabled(user.email)).toBe(false);
    const before = await signInWith(user.email, user.password);
    expect(before.response.statusCode).toBe(200);
    expect(before.response.json()).not.toHaveProperty('twoFactorRedirect');
    expect((await me(before.jar)).statusCode).toBe(200);

    const wrong = await post('/two-factor/verify-totp', jar, { code: wrongTotp(secret) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CODE');
    expect(await twoStepEnabled(user.email)).toBe(false);

    const right = await post('/two-factor/verify-totp', jar, { code: totp(secret) });
    expect(right.statusCode).toBe(200);
    expect(await twoStepEnabled(user.email)).toBe(true);
    // The session was renewed with the new state; the renewed one works.
    expect((await me(jar.take(right))).statusCode).toBe(200);
    // Once on, starting again is refused (it would replace the secret in the user's app).
    expect((await post('/two-factor/enable', jar, { password: user.password })).json().error.code).toBe(
      'TOTP_ALREADY_ENABLED',
    );
  });

  it('signs in with the password only as far as the code step: no session until a right code', async () => {
    const user = await userWithTwoStep('twostep@example.com');
    const { response, jar } = await signInWith(user.email, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(jar.names().some((name) => SESSION_COOKIE.test(name))).toBe(false);
    // Nor is the browser yet one the account knows.
    expect(jar.names().some((name) => /foray\.device$/.test(name))).toBe(false);
    expect((await me(jar)).statusCode).toBe(401);
    const session = await t.app.inject({ url: '/api/v1/session', headers: { cookie: jar.header } });
    expect(session.json()).toEqual({ user: null });

    const wrong = await post('/two-factor/verify-totp', jar, { code: wrongTotp(user.secret) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'INVALID_CODE', message: expect.any(String), request_id: expect.any(String) },
    });
    expect((await me(jar.take(wrong))).statusCode).toBe(401);

    // A code typed with a space, as apps show it; the next step's, as the current one turned two-step sign-in on.
    const code = totp(user.secret, 1);
    const right = await post('/two-factor/verify-totp', jar, {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
      trustDevice: true,
    });
    expect(right.statusCode).toBe(200);
    jar.take(right);
    expect(jar.names().some((name) => SESSION_COOKIE.test(name))).toBe(true);
    expect(jar.names().some((name) => /foray\.device$/.test(name))).toBe(true);
    // No browser is trusted to skip the code step, whatever it asks.
    expect(jar.names().some((name) => /trust_device/.test(name))).toBe(false);
    expect((await me(jar)).json()).toMatchObject({ email: user.email });

    // The code step ends with the sign-in: the same pending cookie cannot open a second session.
    const again = await signInWith(user.email, user.password, new Jar(jar.header));
    expect(again.response.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('slows down guessing codes like guessing passwords: wrong codes count, a right password does not forgive them', async () => {
    const user = await userWithTwoStep('guessed@example.com');
    const guess = async (jar: Jar, seed: number) =>
      (await post('/two-factor/verify-totp', jar, { code: wrongTotp(user.secret, seed) })).statusCode;

    // Five wrong codes end one code step…
    const first = await signInWith(user.email, user.password);
    for (let attempt = 0; attempt < 5; attempt++) expect(await guess(first.jar, attempt)).toBe(401);
    const ended = await post('/two-factor/verify-totp', first.jar, { code: totp(user.secret, 1) });
    expect(ended.statusCode).toBe(400);
    expect(ended.json().error.code).toBe('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');

    // …and starting a new one with the right password does not reset the count.
    const second = await signInWith(user.email, user.password);
    expect(second.response.json()).toMatchObject({ twoFactorRedirect: true });
    for (let attempt = 5; attempt < 10; attempt++) expect(await guess(second.jar, attempt)).toBe(401);

    // Ten wrong codes: even the right code, and the right password, wait now.
    const blockedCode = await post('/two-factor/verify-totp', second.jar, { code: totp(user.secret, 1) });
    expect(blockedCode.statusCode).toBe(429);
    expect(blockedCode.json().error.code).toBe('RATE_LIMITED');
    expect(Number(blockedCode.headers['retry-after'])).toBeGreaterThan(0);
    const blockedPassword = await signInWith(user.email, user.password);
    expect(blockedPassword.response.statusCode).toBe(429);
    expect((await me(second.jar)).statusCode).toBe(401);

    // Another account is untouched.
    const other = await t.createUser('bystander@example.com');
    expect((await signInWith(other.email, other.password)).response.json()).not.toHaveProperty('twoFactorRedirect');

    // When the window has passed, the owner gets in with password and a new code. The server's clock moves on 16
    // minutes (a right code refused above was spent all the same); the database's counters are moved back as much.
    await t.query(
      sql`update sign_in_failure set window_started_at = now() - interval '16 minutes', blocked_until = now() - interval '1 minute'`,
    );
    await t.query(sql`update two_factor set locked_until = now() - interval '1 minute'`);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    const later = await signInWith(user.email, user.password);
    expect(later.response.json()).toMatchObject({ twoFactorRedirect: true });
    const right = await post('/two-factor/verify-totp', later.jar, { code: totp(user.secret) });
    expect(right.statusCode).toBe(200);
    expect((await me(later.jar.take(right))).statusCode).toBe(200);
    // A full sign-in clears the count.
    expect(
      (await t.query<{ n: number }>(sql`select count(*)::int as n from sign_in_failure where email = ${user.email}`))
        .rows[0]!.n,
    ).toBe(0);
  });

  it('takes each recovery code once and only once, in place of a code from the app', async () => {
    const user = await userWithTwoStep('recovery@example.com');
    const [code, next] = user.backupCodes as [string, string];

    const first = await signInWith(user.email, user.password);
    const used = await post('/two-factor/verify-backup-code', first.jar, { code, disableSession: true });
    expect(used.statusCode).toBe(200);
    expect((await me(first.jar.take(used))).statusCode).toBe(200);

    const second = await signInWith(user.email, user.password);
    const reused = await post('/two-factor/verify-backup-code', second.jar, { code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('INVALID_BACKUP_CODE');
    expect((await me(second.jar.take(reused))).statusCode).toBe(401);
    // Typed without the dash, the next one works.
    const other = await post('/two-factor/verify-backup-code', second.jar, { code: next.replace('-', '') });
    expect(other.statusCode).toBe(200);
    expect((await me(second.jar.take(other))).statusCode).toBe(200);
  });

  it('makes new recovery codes only with the password, and the old ones stop working', async () => {
    const user = await userWithTwoStep('newcodes@example.com');
    expect(
      (await post('/two-factor/generate-backup-codes', user.jar, { password: 'wrong password' })).json().error.code,
    ).toBe('INVALID_PASSWORD');
    const fresh = await post('/two-factor/generate-backup-codes', user.jar, { password: user.password });
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json<{ backupCodes: string[] }>().backupCodes;
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(user.backupCodes[0]);

    const pending = await signInWith(user.email, user.password);
    expect((await post('/two-factor/verify-backup-code', pending.jar, { code: user.backupCodes[0]! })).statusCode).toBe(
      401,
    );
    expect((await post('/two-factor/verify-backup-code', pending.jar, { code: codes[0]! })).statusCode).toBe(200);
  });

  it('asks for the password to turn it off; then the password alone signs in again', async () => {
    const user = await userWithTwoStep('disable@example.com');
    const other = await userWithTwoStep('keeps-it@example.com');

    const noPassword = await post('/two-factor/disable', user.jar, {});
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await post('/two-factor/disable', user.jar, { password: 'not my password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('INVALID_PASSWORD');
    expect(await twoStepEnabled(user.email)).toBe(true);
    // A pending sign-in (password only) cannot turn it off.
    const pending = await signInWith(user.email, user.password);
    expect((await post('/two-factor/disable', pending.jar, { password: user.password })).statusCode).toBe(401);

    const off = await post('/two-factor/disable', user.jar, { password: user.password });
    expect(off.statusCode).toBe(200);
    expect(await twoStepEnabled(user.email)).toBe(false);
    const plain = await signInWith(user.email, user.password);
    expect(plain.response.json()).not.toHaveProperty('twoFactorRedirect');
    expect((await me(plain.jar)).statusCode).toBe(200);

    // The other account still asks for its code.
    expect(await twoStepEnabled(other.email)).toBe(true);
    expect((await signInWith(other.email, other.password)).response.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('counts wrong passwords given to turn it off like wrong passwords at sign-in', async () => {
    const user = await userWithTwoStep('takenover@example.com');
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await post('/two-factor/disable', user.jar, { password: `guess ${attempt}` })).statusCode).toBe(400);
    }
    const blocked = await post('/two-factor/disable', user.jar, { password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(await twoStepEnabled(user.email)).toBe(true);
  });

  describe('a code from the app works once (RFC 6238 §5.2)', () => {
    const STEP_MS = 30_000;
    /** Sets the server's clock to the middle of a 30-second step, so a test's steps never change under it. */
    const midStep = () => {
      const now = (Math.floor(Date.now() / STEP_MS) + 1) * STEP_MS + STEP_MS / 2;
      vi.useFakeTimers({ toFake: ['Date'], now });
      return now;
    };
    const failuresOf = async (email: string) =>
      (await t.query<{ failures: number }>(sql`select failures from sign_in_failure where email = ${email}`)).rows[0]
        ?.failures ?? 0;

    it('refuses the code that just signed in, counts it like a wrong code, and takes the next step’s code', async () => {
      const start = midStep();
      const user = await userWithTwoStep('replayed@example.com');
      // The next step's code (the current one turned two-step sign-in on): a fresh code, accepted once.
      const code = totp(user.secret, 1);
      const first = await signInWith(user.email, user.password);
      const signedIn = await post('/two-factor/verify-totp', first.jar, { code });
      expect(signedIn.statusCode).toBe(200);
      expect((await me(first.jar.take(signedIn))).json()).toMatchObject({ email: user.email });

      // Someone who saw the password and the code, a few seconds later: better-auth alone would still take it.
      vi.setSystemTime(start + 5_000);
      const other = await signInWith(user.email, user.password);
      expect(other.response.json()).toMatchObject({ twoFactorRedirect: true });
      const replayed = await post('/two-factor/verify-totp', other.jar, { code });
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toEqual({
        error: {
          code: 'TOTP_CODE_USED',
          message: expect.stringMatching(/used already/),
          request_id: expect.any(String),
        },
      });
      expect(
        other.jar
          .take(replayed)
          .names()
          .some((name) => SESSION_COOKIE.test(name)),
      ).toBe(false);
      expect((await me(other.jar)).statusCode).toBe(401);
      // It counts against the account like a wrong code.
      expect(await failuresOf(user.email)).toBe(1);
      // So is a code older than the one used (the current step's, which turned it on).
      expect((await post('/two-factor/verify-totp', other.jar, { code: totp(user.secret) })).json().error.code).toBe(
        'TOTP_CODE_USED',
      );
      expect(await failuresOf(user.email)).toBe(2);

      // Thirty seconds on, the app shows the next code: that one works, on the same code step.
      vi.setSystemTime(start + 30_000);
      const next = totp(user.secret, 1);
      expect(next).not.toBe(code);
      const later = await post('/two-factor/verify-totp', other.jar, { code: next });
      expect(later.statusCode).toBe(200);
      expect((await me(other.jar.take(later))).json()).toMatchObject({ email: user.email });
      // And the first session is untouched.
      expect((await me(first.jar)).statusCode).toBe(200);
    });

    it('lets exactly one of two sign-ins sent at once with the same code through', async () => {
      midStep();
      const user = await userWithTwoStep('raced@example.com');
      const code = totp(user.secret, 1);
      const jars = [
        (await signInWith(user.email, user.password)).jar,
        (await signInWith(user.email, user.password)).jar,
      ];
      const answers = await Promise.all(jars.map((jar) => post('/two-factor/verify-totp', jar, { code })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
      expect(answers.find((answer) => answer.statusCode === 401)!.json().error.code).toBe('TOTP_CODE_USED');
      const sessions = await Promise.all(
        jars.map(async (jar, index) => (await me(jar.take(answers[index]!))).statusCode),
      );
      expect(sessions.sort()).toEqual([200, 401]);
    });

    it('does not take the code that turned two-step sign-in on for a sign-in', async () => {
      midStep();
      const user = await t.createUser('turned-on@example.com');
      const jar = new Jar(user.cookie);
      const enabled = await post('/two-factor/enable', jar, { password: user.password });
      const secret = secretOf(enabled.json<{ totpURI: string }>().totpURI);
      const code = totp(secret);
      expect((await post('/two-factor/verify-totp', jar, { code })).statusCode).toBe(200);
      expect(await twoStepEnabled(user.email)).toBe(true);

      const pending = await signInWith(user.email, user.password);
      const reused = await post('/two-factor/verify-totp', pending.jar, { code });
      expect(reused.statusCode).toBe(401);
      expect(reused.json().error.code).toBe('TOTP_CODE_USED');
      expect((await me(pending.jar.take(reused))).statusCode).toBe(401);
      const fresh = await post('/two-factor/verify-totp', pending.jar, { code: totp(secret, 1) });
      expect(fresh.statusCode).toBe(200);
    });

    it('leaves recovery codes as they were: each works once, beside codes from the app', async () => {
      midStep();
      const user = await userWithTwoStep('recovery-beside@example.com');
      const [first, second] = user.backupCodes as [string, string];

      // A recovery code takes no step: the next code from the app still works after it…
      const byRecovery = await signInWith(user.email, user.password);
      expect((await post('/two-factor/verify-backup-code', byRecovery.jar, { code: first })).statusCode).toBe(200);
      const byApp = await signInWith(user.email, user.password);
      expect((await post('/two-factor/verify-totp', byApp.jar, { code: totp(user.secret, 1) })).statusCode).toBe(200);

      // …and a used code from the app takes no recovery code away: the next one works, the used one does not.
      const again = await signInWith(user.email, user.password);
      expect((await post('/two-factor/verify-totp', again.jar, { code: totp(user.secret, 1) })).json().error.code).toBe(
        'TOTP_CODE_USED',
      );
      const reused = await post('/two-factor/verify-backup-code', again.jar, { code: first });
      expect(reused.statusCode).toBe(401);
      expect(reused.json().error.code).toBe('INVALID_BACKUP_CODE');
      const other = await post('/two-factor/verify-backup-code', again.jar, { code: second });
      expect(other.statusCode).toBe(200);
      expect((await me(again.jar.take(other))).statusCode).toBe(200);
    });
  });

  it('leaves a user without two-step sign-in as before: password, session, device cookie', async () => {
    const user = await t.createUser('plain@example.com');
    const { response, jar } = await signInWith(user.email, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: user.email } });
    expect(jar.names().some((name) => SESSION_COOKIE.test(name))).toBe(true);
    expect(jar.names().some((name) => /foray\.device$/.test(name))).toBe(true);
    // A code step it never started is refused, and says nothing about the account.
    const stray = await post('/two-factor/verify-totp', jar.take(response), { code: '123456' });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().error.code).toBe('TOTP_NOT_ENABLED');
    expect((await post('/two-factor/verify-totp', new Jar(), { code: '123456' })).statusCode).toBe(401);
    // Codes by e-mail or text message are not offered.
    for (const path of ['/two-factor/send-otp', '/two-factor/verify-otp']) {
      const unused = await post(path, jar, { code: '123456' });
      expect(unused.statusCode).toBe(404);
      expect(unused.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('two-step per-address limit', () => {
  it('limits code attempts from one address like sign-in attempts', async () => {
    const t = await createTestContext({ build: { authRateLimit: DEFAULT_AUTH_RATE_LIMIT } });
    try {
      const codes: number[] = [];
      for (let attempt = 0; attempt < DEFAULT_AUTH_RATE_LIMIT.twoFactor + 1; attempt++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/two-factor/verify-totp',
          payload: { code: '123456' },
          remoteAddress: '192.0.2.30',
        });
        codes.push(response.statusCode);
      }
      expect(codes.slice(0, DEFAULT_AUTH_RATE_LIMIT.twoFactor)).toEqual(
        Array(DEFAULT_AUTH_RATE_LIMIT.twoFactor).fill(401),
      );
      expect(codes.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });
});
