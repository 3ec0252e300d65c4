import type { Page } from 'playwright-core';

/**
 * Collects every console.error and uncaught exception in a page. A browser test fails on any that the
 * test did not announce with `allow()`: an error in the console is a bug a user may never report.
 */
export function watchPageErrors(page: Page) {
  const seen: string[] = [];
  const allowed: RegExp[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs failed requests without their address in the text: add it, so allow() can name it.
    const where = message.location().url;
    seen.push(where ? `${message.text()} (at ${where})` : message.text());
  });
  page.on('pageerror', (error) => seen.push(`Uncaught ${error.name}: ${error.message}`));

  return {
    /** Declares an error this test expects, such as the 401 a wrong password gets from sign-in. */
    allow(pattern: RegExp) {
      allowed.push(pattern);
    },
    unexpected(): string[] {
      return seen.filter((line) => !allowed.some((pattern) => pattern.test(line)));
    },
  };
}
export type PageErrors = ReturnType<typeof watchPageErrors>;
