import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * How long the UI may take to show something after an action (a server round trip, a lazy chunk, an animation). A
 * bound, not a measure: `npm test` runs a browser file beside the API tests on two cores, two Chromiums and two
 * servers among them, and steps that take seconds alone have outlasted a tighter bound there (a dialog's chunk from
 * the service worker offline, a popup closing).
 */
export const UI_TIMEOUT_MS = 20_000;

/** Waits until the element is visible; fails with the locator's description if it never is. */
export async function expectVisible(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Waits until no element matches (or none is visible). */
export async function expectGone(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  await expect
    .poll(() => locator.count().then(async (count) => count === 0 || !(await locator.first().isVisible())), { timeout })
    .toBe(true);
}

/**
 * Waits for a notification. Success and news are announced in the polite `status` region, errors in the
 * `alert` region, so the role tells a destructive toast from an ordinary one.
 */
export async function expectToast(
  page: Page,
  toast: { title: string; description?: string; destructive?: boolean },
): Promise<void> {
  const region = page.getByRole(toast.destructive ? 'alert' : 'status').filter({ hasText: toast.title });
  await expectVisible(region);
  if (toast.description) {
    await expect.poll(() => region.first().innerText(), { timeout: UI_TIMEOUT_MS }).toContain(toast.description);
  }
}
