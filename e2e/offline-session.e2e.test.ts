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
    const signedOut = await page.request.post('/api/auth/sign-out', { headers: { origin: offline.foray.baseUrl }, data: {} });
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
