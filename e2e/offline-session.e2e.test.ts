// Foray with no signal, part three: what happens to unsent spots when the server no longer knows the
// session, and Background Sync sending them with no Foray page open.
import { describe, expect, it } from 'vitest';
import { PASSWORD } from './support/accounts.ts';
import { outboxOf } from './support/device.ts';
import { recordSpot, serverSpots, SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { markerOf } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectToast, expectVisible } from './support/ui.ts';

const offline = useOfflineForay();
const { forager } = offline;

describe('a session the server refuses', () => {
  it('sends the forager to sign in, keeps the unsent spot for them, and uploads it once they are back', async () => {
    const { page, context, email } = await forager();
    // The session ends on the server (signed out elsewhere) while this page still shows the map.
    const signedOut = await page.request.post('/api/auth/sign-out', {
      headers: { origin: offline.foray.baseUrl },
      data: {},
    });
    expect(signedOut.status()).toBe(200);

    await context.setOffline(true);
    await recordSpot(page, 'Waited for sign-in');
    await expectToast(page, { title: en('offline.savedOnDeviceTitle') });
    expect(await outboxOf(page)).toMatchObject([{ kind: 'create', status: 'waiting' }]);

    await context.setOffline(false);
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signInHeading')) }), SYNC_TIMEOUT_MS);
    expect(await outboxOf(page)).toMatchObject([{ kind: 'create', status: 'waiting' }]);

    await page.getByLabel(en('auth.email')).fill(email);
    await page.getByLabel(en('auth.password')).fill(PASSWORD);
    await page.getByRole('button', { name: exactly(en('auth.signIn')) }).click();
    await expectVisible(markerOf(page, 'mushroom_spot', 'Waited for sign-in'), SYNC_TIMEOUT_MS);
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    expect(await serverSpots(page, 'Waited for sign-in')).toHaveLength(1);
  });
});

describe('Background Sync', () => {
  it('uploads a spot recorded offline when the browser fires its sync event with no Foray page open', async () => {
    const { page, context } = await forager();
    const postsBefore = offline.proxy.count('POST', '/api/v1/locations');
    await context.setOffline(true);
    await recordSpot(page, 'Sent by the worker');
    await expectToast(page, { title: en('offline.savedOnDeviceTitle') });
    await page.close();

    // No page of Foray's is open: a blank one only lets the test reach the browser's service-worker controls.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const registration of updated) registrations.set(registration.scopeURL, registration.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.get(`${offline.proxy.url}/`)).toBeDefined();
    expect(offline.proxy.count('POST', '/api/v1/locations')).toBe(postsBefore);

    await context.setOffline(false);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: offline.proxy.url,
      registrationId: registrations.get(`${offline.proxy.url}/`)!,
      tag: 'foray-outbox',
      lastChance: false,
    });
    await expect
      .poll(
        async () => {
          const response = await context.request.get(`${offline.proxy.url}/api/v1/locations?owner=mine&limit=200`);
          return ((await response.json()) as { items: Array<{ mushroom_types: string }> }).items.filter(
            (spot) => spot.mushroom_types === 'Sent by the worker',
          ).length;
        },
        { timeout: SYNC_TIMEOUT_MS },
      )
      .toBe(1);
    expect(offline.proxy.count('POST', '/api/v1/locations')).toBe(postsBefore + 1);

    // The next time Foray opens, nothing waits and the spot is an ordinary pin.
    const later = await context.newPage();
    await later.goto('/');
    await expectVisible(markerOf(later, 'mushroom_spot', 'Sent by the worker'));
    expect(await outboxOf(later)).toEqual([]);
  });
});
