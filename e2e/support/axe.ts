import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, listing each with the
 * elements it found, so the message says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string) {
  // Cards and toasts fade in; mid-fade their text has too little contrast. Check the settled screen
  // (endless animations such as spinners and the selection ring never settle and are left alone).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `accessibility violations on the ${screen}`).toEqual([]);
}
