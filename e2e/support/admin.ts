import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD, uniqueEmail, verificationLink } from './accounts.ts';
import type { Foray } from './foray.ts';

let addresses = 0;

/**
 * The first account of a new server, its administrator whatever the policy (ADR 0079), made from Node: `request`
 * sends Node's own requests as them, `signIn` gives a browser page their session.
 */
export async function firstAdministrator(foray: Foray) {
  const email = uniqueEmail('admin');
  const from = `10.78.${process.pid % 250}.${++addresses}`;
  const post = (path: string, body: object) =>
    fetch(new URL(path, foray.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: foray.baseUrl, 'x-forwarded-for': from },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/sign-up/email', { email, password: PASSWORD })).status).toBe(200);
  expect((await fetch(await verificationLink(foray.mail, email), { redirect: 'manual' })).status).toBeLessThan(400);
  const signedIn = await post('/api/auth/sign-in/email', { email, password: PASSWORD });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((pair) => pair.split(';')[0])
    .join('; ');

  async function request(method: string, path: string, body?: object) {
    const response = await fetch(new URL(path, foray.baseUrl), {
      method,
      headers: { cookie, origin: foray.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return (response.status === 204 ? {} : response.json()) as Promise<Record<string, unknown>>;
  }

  async function signIn(page: Page) {
    await page.context().addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: foray.baseUrl };
      }),
    );
  }

  expect((await request('GET', '/api/v1/me')).role).toBe('admin');
  return { email, request, signIn };
}
