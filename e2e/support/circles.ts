import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Circle, Invite } from '../../common/schemas/circles.ts';
import { en, exactly } from './texts.ts';
import { expectVisible } from './ui.ts';

/** Circles are made and joined on phones (issue #20). */
export const PHONE = { width: 390, height: 844 };

/** POSTs and PATCHes from the page's context, with the Origin a browser would send. */
async function send(page: Page, method: 'POST' | 'PATCH', path: string, data: unknown, baseUrl: string) {
  const response = await page.request.fetch(path, { method, data, headers: { origin: baseUrl } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response;
}

export async function setDisplayName(page: Page, baseUrl: string, name: string) {
  await send(page, 'POST', '/api/auth/update-user', { name }, baseUrl);
}

/** A circle made through the API (the panel's own making is tested in circles.e2e.test.ts). */
export async function circleByApi(page: Page, baseUrl: string, name: string): Promise<Circle> {
  return (await (await send(page, 'POST', '/api/v1/circles', { name }, baseUrl)).json()) as Circle;
}

export async function inviteByApi(page: Page, baseUrl: string, circleId: string, body: object = {}): Promise<Invite> {
  return (await (await send(page, 'POST', `/api/v1/circles/${circleId}/invites`, body, baseUrl)).json()) as Invite;
}

/** `member` joins `owner`'s circle through a fresh link, as the join dialog would. */
export async function joinByApi(owner: Page, member: Page, baseUrl: string, circleId: string) {
  const invite = await inviteByApi(owner, baseUrl, circleId);
  await send(member, 'POST', `/api/v1/invites/${invite.token}/accept`, {}, baseUrl);
}

/** The account panel's Circles section. */
export async function openCircles(page: Page, words: typeof en = en) {
  await page.getByRole('button', { name: exactly(words('account.open')) }).click();
  const panel = page.getByRole('dialog', { name: exactly(words('account.title')) });
  await expectVisible(panel);
  const section = panel.getByRole('region', { name: exactly(words('circles.title')) });
  await expectVisible(section);
  return section;
}

/** Opens a circle from the account panel's list; its own dialog, named after it. */
export async function openCircle(page: Page, name: string, words: typeof en = en) {
  const list = await openCircles(page, words);
  await list.getByRole('button', { name: startingWith(name) }).click();
  const circle = page.getByRole('dialog', { name: exactly(name) });
  await expectVisible(circle);
  return circle;
}

export const memberRow = (circle: Locator, name: string) => circle.getByRole('listitem').filter({ hasText: name });

/** An accessible name that begins with `text` (a button named after its row: "Revoke the invitation: Valid until …"). */
export const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
