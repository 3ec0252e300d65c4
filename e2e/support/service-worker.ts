import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { UI_TIMEOUT_MS } from './ui.ts';

/** Resolves when a service worker controls the page, i.e. its requests go through the worker. */
export async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: UI_TIMEOUT_MS })
    .toBe(true);
}

/** The URLs kept in one of the page's Cache Storage caches (none if it does not exist). */
export function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => request.url);
  }, cacheName);
}
