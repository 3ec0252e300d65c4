import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts.ts';
import { launchPersistentContext } from './support/browser.ts';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { useForay } from './support/foray.ts';
import { watchPageErrors } from './support/page-errors.ts';
import { en, exactly } from './support/texts.ts';
import { expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const foray = useForay();

describe('installable web app', () => {
  it('registers its service worker at /sw.js and passes Chrome’s installability check', async () => {
    // An ordinary context is incognito, which Chrome never offers to install from: use a real profile.
    const { context, close } = await launchPersistentContext({ baseURL: foray.baseUrl });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const errors = watchPageErrors(page);
      await page.goto('/');
      await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signInHeading')) }));

      const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      expect(scriptUrl).toBe(`${foray.baseUrl}/sw.js`);

      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
          timeout: UI_TIMEOUT_MS,
        })
        .toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(errors.unexpected()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('opens the app, not the browser’s offline page, when the network is gone after a first visit', async () => {
    const { page, context, errors } = await foray.newPage();
    // Offline, every request that misses the cache fails, and Chromium logs each.
    // Tiles still loading when the network goes fail through the service worker as ERR_FAILED.
    errors.allow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|Could not load the/);
    const { email } = await signedInUser(page, foray);
    await expectVisible(page.getByText(en('app.welcome', { email })));
    await waitForServiceWorkerControl(page);

    await context.setOffline(true);
    await page.reload();
    // The app itself answers from the service worker's cache: its document, its script running and saying
    // that the server is out of reach, or showing what it kept (Chromium's own offline page does neither).
    expect(await page.title()).toBe(en('app.title'));
    await expectVisible(
      page.getByText(en('common.serverUnreachable')).or(page.getByText(en('app.welcome', { email }))),
    );
    await context.setOffline(false);
  });
});
