import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** Playwright's own browser download does not work on our machines: we drive the system Chromium. */
export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

// These flags let Chromium run as root in a container and keep it from calling home during tests.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** An ordinary browser: each `newContext()` is a fresh, incognito-like profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

/**
 * A browser on a real (non-incognito) profile in a fresh temporary folder. Chrome's installability check
 * answers `in-incognito` for ordinary contexts, so the install test needs this one.
 */
export async function launchPersistentContext(
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...options,
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
