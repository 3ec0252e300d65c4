import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { makeRegionFixture } from '../../server/test/pmtiles-fixture.ts';
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
  /** The region map file the server was given (MAP_REGION_FILE), when `regionMap` was asked for. */
  regionFile?: string;
  /**
   * A fresh browser profile with one page on it. Closed when the test ends; the test fails if the page
   * logged an error it did not `allow()`.
   */
  newPage: (options?: BrowserContextOptions) => Promise<{ page: Page; context: BrowserContext; errors: PageErrors }>;
};

export type ForayOptions = {
  env?: Record<string, string>;
  /**
   * Serve the tests' small region map (server/test/pmtiles-fixture.ts: a forest, a lake and a road near the
   * default view) as MAP_REGION_FILE under this name. `bytes` pads the file with zeros to that size (PMTiles
   * readers never read past the data they are pointed at), for tests about sizes and storage.
   */
  regionMap?: { name: string; bytes?: number };
  /** The migrated database the server starts from, read when it starts (a test's own, made in an earlier beforeAll). */
  databaseTemplate?: () => string;
};

/**
 * One Foray for the whole test file: an SMTP catcher, a tile server, the real server process and one
 * Chromium. Call at the top of a file; the fields are filled in before the first test runs.
 */
export function useForay(options: ForayOptions = {}): Foray {
  const foray = {} as Foray;
  let regionDir: string | undefined;

  beforeAll(async () => {
    const env = { ...options.env };
    if (options.regionMap) {
      regionDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-e2e-region-'));
      foray.regionFile = path.join(regionDir, 'region.pmtiles');
      const map = makeRegionFixture();
      const padding = Math.max(0, (options.regionMap.bytes ?? 0) - map.length);
      fs.writeFileSync(foray.regionFile, Buffer.concat([map, Buffer.alloc(padding)]));
      Object.assign(env, { MAP_REGION_FILE: foray.regionFile, MAP_REGION_NAME: options.regionMap.name });
    }
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
      env,
      databaseTemplate: options.databaseTemplate?.() ?? inject('e2eDatabaseTemplate'),
    });
    foray.baseUrl = foray.server.baseUrl;
    foray.browser = await launchBrowser();
  });

  afterAll(async () => {
    // Everything is stopped even when one step fails; the first failure is reported.
    const results = await Promise.allSettled([foray.browser?.close()]);
    results.push(...(await Promise.allSettled([foray.server?.stop()])));
    results.push(...(await Promise.allSettled([foray.tiles?.close(), foray.mail?.close()])));
    if (regionDir) fs.rmSync(regionDir, { recursive: true, force: true });
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
