import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outbox } from '../../mail/outbox.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createAuth } from './auth.ts';

// better-auth turns its own origin (CSRF) check off when NODE_ENV is test, which Vitest sets. Foray turns it on
// by name, so the tests run what production runs: better-auth's check behind Foray's own (plugins/cross-site.ts).

let t: TestContext;
let owner: { cookie: string; email: string; password: string };
beforeAll(async () => {
  t = await createTestContext();
  owner = await t.createUser('origin@example.com');
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';
const unusedOutbox = {
  enqueue: async () => {
    throw new Error('no mail is sent here');
  },
} as unknown as Outbox;

/** better-auth alone, as buildApp configures it, on the test's database: no Foray check in front of it. */
function betterAuthAlone() {
  return createAuth({
    db: t.db,
    outbox: unusedOutbox,
    secret: t.config.authSecret,
    publicUrl: t.config.publicUrl,
    secureCookies: false,
    log: { error: () => {}, warn: () => {} },
    rateLimit: { window: 60, max: 10_000, signIn: 10_000, signUp: 10_000, reset: 10_000, twoFactor: 10_000 },
    deleteAccount: async () => {},
  });
}

const signInRequest = (headers: Record<string, string>) =>
  new Request(`${t.config.publicUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1', ...headers },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });

describe('better-auth’s own origin check, under the test environment', () => {
  it('runs where Vitest sets NODE_ENV=test, as every API test does', () => {
    expect(process.env.NODE_ENV).toBe('test');
  });

  it('refuses a cross-origin sign-in by itself, and takes one from PUBLIC_URL', async () => {
    const auth = betterAuthAlone();
    const refused = await auth.handler(signInRequest({ origin: EVIL }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_ORIGIN' });
    expect(refused.headers.getSetCookie()).toEqual([]);
    const taken = await auth.handler(signInRequest({ origin: t.config.publicUrl }));
    expect(taken.status).toBe(200);
  });

  it('refuses a cross-origin sign-in through the app, with no session given', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: EVIL },
      payload: { email: owner.email, password: owner.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses what a browser sends from another site, with the session cookie too, and the session stays', async () => {
    for (const headers of [
      { origin: EVIL },
      { origin: 'null' },
      { referer: `${EVIL}/page` },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: owner.cookie, ...headers },
        payload: {},
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.headers['set-cookie'], JSON.stringify(headers)).toBeUndefined();
    }
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
  });
});

// A script (curl, Node's fetch, a generated client) sends no Origin or Referer: no browser does that on a POST, so
// it is no other site's page at work, and it needs the session cookie for anything of an account's (ADR 0075).
describe('a script without Origin', () => {
  // As Node's fetch sends a request: Sec-Fetch-Mode cors, no Origin, no Referer.
  const NODE_FETCH = { 'sec-fetch-mode': 'cors', 'user-agent': 'node', accept: '*/*' };

  it('signs up, which better-auth alone refuses when Sec-Fetch-Mode says cors', async () => {
    const alone = await betterAuthAlone().handler(
      new Request(`${t.config.publicUrl}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1', ...NODE_FETCH },
        body: JSON.stringify({ email: 'script@example.com', password: 'correct horse battery', name: 'Script' }),
      }),
    );
    expect(alone.status).toBe(403);
    expect(await alone.json()).toMatchObject({ code: 'MISSING_OR_NULL_ORIGIN' });

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: NODE_FETCH,
      payload: { email: 'script@example.com', password: 'correct horse battery' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('signs in and out with the session cookie, and the session then ends', async () => {
    const user = await t.createUser('script-out@example.com');
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...NODE_FETCH, cookie: user.cookie },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expect(signOut.json()).toEqual({ success: true });
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } })).statusCode).toBe(401);
  });
});
