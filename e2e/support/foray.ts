import { afterAll, beforeAll, expect, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startSmtpCatcher, type SmtpCatcher } from '../../server/test/smtp-catcher.ts';
import { launchBrowser } from './browser.ts';
import { startForayServer, type ForayServer } from './foray-server.ts';
import { watchPageErrors, type PageErrors } from './page-errors.ts';
import { startTileStub, type TileStub } from './tile-stub.ts';
import { UI_TIMEOUT_MS } from './ui.ts';

export type Foray = {
  /** The running server's address, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  mail: SmtpCatcher;
  tiles: TileStub;
  server: ForayServer;
  browser: Browser;
  /**
   * A fresh browser profile with one page on it. Closed when the test ends; the test fails if the page
   * logged an error it did not `allow()`.
   */
  newPage: (options?: BrowserContextOptions) => Promise<{ page: Page; context: BrowserContext; errors: PageErrors }>;
};

/**
 * One Foray for the whole test file: an SMTP catcher, a tile server, the real server process and one
 * Chromium. Call at the top of a file; the fields are filled in before the first test runs.
 */
export function useForay(options: { env?: Record<string, string> } = {}): Foray {
  const foray = {} as Foray;

  beforeAll(async () => {
    foray.mail = await startSmtpCatcher();
    foray.tiles = await startTileStub();
    foray.server = await startForayServer({
      smtpUrl: foray.mail.url,
      tileUrls: {
        street: foray.tiles.template('street'),
        satellite: foray.tiles.template('satellite'),
        topo: foray.tiles.template('topo'),
        dark: foray.tiles.template('dark'),
      },
      env: options.env,
    });
    foray.baseUrl = foray.server.baseUrl;
    foray.browser = await launchBrowser();
  });

  afterAll(async () => {
    // Everything is stopped even when one step fails; the first failure is reported.
    const results = await Promise.allSettled([foray.browser?.close()]);
    results.push(...(await Promise.allSettled([foray.server?.stop()])));
    results.push(...(await Promise.allSettled([foray.tiles?.close(), foray.mail?.close()])));
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  });

  foray.newPage = async (contextOptions = {}) => {
    const context = await foray.browser.newContext({
      baseURL: foray.baseUrl,
      locale: 'en-GB',
      timezoneId: 'Europe/Vilnius',
      viewport: { width: 1280, height: 900 },
      ...contextOptions,
    });
    // A control that never appears should fail the test in seconds, not after Playwright's 30 s default.
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    onTestFinished(async () => {
      try {
        expect(errors.unexpected(), 'errors in the browser console').toEqual([]);
      } finally {
        await context.close();
      }
    });
    return { page, context, errors };
  };

  return foray;
}
