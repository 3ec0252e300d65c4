import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

// OWASP's device cookies: failures from elsewhere lock an account against unknown browsers only.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const deviceCookieOf = (response: LightMyRequestResponse) => {
  const header = [response.headers['set-cookie'] ?? []].flat().join('; ');
  const found = /foray\.device=[^;]+/.exec(header)?.[0];
  if (!found) throw new Error(`no device cookie in ${header}`);
  return found;
};

async function lockOutUnknownBrowsers(email: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const guess = await t.signIn(email, `wrong guess ${attempt}`, {}, `203.0.113.${attempt + 1}`);
    expect(guess.statusCode).toBe(401);
  }
}

describe('device cookies', () => {
  it('are given on sign-in: HttpOnly, SameSite=Strict, for /api/auth only', async () => {
    const user = await t.createUser('cookie-shape@example.com');
    const signedIn = await t.signIn(user.email, user.password);
    const header = [signedIn.headers['set-cookie']].flat().find((cookie) => cookie?.startsWith('foray.device='))!;
    expect(header).toMatch(/; Path=\/api\/auth/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Max-Age=\d{7,}/);
  });

  it('let the owner’s known browser sign in while an attacker has locked the account for everyone else', async () => {
    const owner = await t.createUser('known-browser@example.com');
    const knownBrowser = owner.deviceCookie;

    await lockOutUnknownBrowsers(owner.email);

    // A new browser, even with the right password, waits out the lock.
    const newBrowser = await t.signIn(owner.email, owner.password, {}, '198.51.100.7');
    expect(newBrowser.statusCode).toBe(429);
    expect(newBrowser.json().error.code).toBe('RATE_LIMITED');

    // The browser that signed in before gets in, and is given a fresh device cookie.
    const known = await t.signIn(owner.email, owner.password, { cookie: knownBrowser }, '198.51.100.8');
    expect(known.statusCode).toBe(200);
    const renewed = deviceCookieOf(known);
    expect(renewed).not.toBe(knownBrowser);
    expect((await t.signIn(owner.email, owner.password, { cookie: renewed }, '198.51.100.8')).statusCode).toBe(200);

    // Its success does not forgive the attacker: unknown browsers stay locked.
    expect((await t.signIn(owner.email, owner.password, {}, '198.51.100.9')).statusCode).toBe(429);
  });

  it('does not honour a forged device cookie, nor one issued for another account', async () => {
    const owner = await t.createUser('forged-target@example.com');
    const other = await t.createUser('forger@example.com');
    const genuine = owner.deviceCookie;
    await lockOutUnknownBrowsers(owner.email);

    const [id, signature] = genuine.slice('foray.device='.length).split('.') as [string, string];
    const forgeries = [
      `foray.device=${id}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `foray.device=${'x'.repeat(22)}.${signature}`,
      `foray.device=${id}`,
      `foray.device=${id}.`,
      other.deviceCookie,
    ];
    for (const cookie of forgeries) {
      const response = await t.signIn(owner.email, owner.password, { cookie }, '198.51.100.20');
      expect(response.statusCode, cookie).toBe(429);
    }
    expect((await t.signIn(owner.email, owner.password, { cookie: genuine }, '198.51.100.21')).statusCode).toBe(200);
  });

  it('keep their own limit: ten failures from a known browser lock that browser, not the account elsewhere', async () => {
    const owner = await t.createUser('careless@example.com');
    const knownBrowser = owner.deviceCookie;
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await t.signIn(owner.email, `typo ${attempt}`, { cookie: knownBrowser }, '192.0.2.60')).statusCode).toBe(
        401,
      );
    }
    expect((await t.signIn(owner.email, owner.password, { cookie: knownBrowser }, '192.0.2.60')).statusCode).toBe(429);
    // Those failures were the browser's, not the account's.
    expect((await t.signIn(owner.email, owner.password, {}, '192.0.2.61')).statusCode).toBe(200);
  });
});
