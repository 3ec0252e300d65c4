import { expect } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import type { SmtpCatcher } from '../../server/test/smtp-catcher.ts';

export const PASSWORD = 'chanterelle-autumn-42';

let counter = 0;
/** An address no other test uses, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = 'forager'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * Requests made from the page's context share its cookies. Browsers send Origin on every POST; the API
 * client does not, and Foray's auth refuses cookie-bearing POSTs without it, so it is set here.
 */
function post(request: APIRequestContext, baseUrl: string, path: string, data: unknown, from?: string) {
  return request.post(path, { data, headers: { origin: baseUrl, ...(from && { 'x-forwarded-for': from }) } });
}

let addresses = 0;
/**
 * A client address no other account of this run uses. The browser tests' server trusts its loopback proxy
 * (`startForayServer`), so an account made through the API counts against the sign-up and sign-in limits of an
 * address of its own, as foragers on their own phones do: a retried test then never meets the limit that earlier
 * tries used up. The limits themselves are tested in the API tests (auth.api.test.ts).
 */
function ownAddress(): string {
  addresses += 1;
  return `10.${process.pid % 250}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

export async function signUpByApi(
  request: APIRequestContext,
  baseUrl: string,
  email: string,
  password = PASSWORD,
  from = ownAddress(),
  name?: string,
) {
  const body = name === undefined ? { email, password } : { email, password, name };
  const response = await post(request, baseUrl, '/api/auth/sign-up/email', body, from);
  expect(response.status(), await response.text()).toBe(200);
}

/** Waits for the verification mail and returns its link (which points at /api/auth/verify-email). */
export async function verificationLink(mail: SmtpCatcher, email: string): Promise<string> {
  const message = await mail.waitForMail(email, /confirm your e-mail/i);
  const link = mail.linkIn(message);
  expect(new URL(link).pathname).toBe('/api/auth/verify-email');
  return link;
}

export async function signInByApi(
  request: APIRequestContext,
  baseUrl: string,
  email: string,
  password = PASSWORD,
  from?: string,
) {
  const response = await post(request, baseUrl, '/api/auth/sign-in/email', { email, password }, from);
  expect(response.status(), await response.text()).toBe(200);
}

/** The display name the browser tests' foragers choose at sign-up, as most foragers do (ADR 0072). */
export const CHOSEN_NAME = 'Forager';

/**
 * A verified, signed-in user on `page`, made through the API to save time (the sign-up screen itself is
 * tested through the UI in auth.e2e.test.ts). The page ends on the main screen. `name` is the display name chosen
 * at sign-up; null signs up without one, so the main screen asks for it (account.e2e.test.ts).
 */
export async function signedInUser(
  page: Page,
  foray: { baseUrl: string; mail: SmtpCatcher },
  email = uniqueEmail(),
  name: string | null = CHOSEN_NAME,
): Promise<{ email: string }> {
  const from = ownAddress();
  await signUpByApi(page.request, foray.baseUrl, email, PASSWORD, from, name ?? undefined);
  const link = await verificationLink(foray.mail, email);
  const verified = await page.request.get(link);
  expect(verified.ok(), `verification link answered ${verified.status()}`).toBe(true);
  await signInByApi(page.request, foray.baseUrl, email, PASSWORD, from);
  await page.goto('/');
  return { email };
}
