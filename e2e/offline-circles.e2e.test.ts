// A forager's circles with no signal (issue #20): the device keeps the list of their circles, so after a reload
// offline the share dialog still names them and a spot can be shared with one; the share is sent once the signal
// returns. Sign-out leaves nothing of the list behind.
import { describe, expect, it } from 'vitest';
import { everythingStoredIn, outboxOf } from './support/device.ts';
import { recordSpot, serverSpots, SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { cardOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectToast, expectVisible } from './support/ui.ts';

const offline = useOfflineForay();

describe('circles with no signal', () => {
  it('names the forager’s circles in the share dialog after a reload offline, and shares once back online', async () => {
    const { page, context } = await offline.forager();
    const created = await page.request.post('/api/v1/circles', {
      headers: { origin: offline.proxy.url },
      data: { name: 'Forest friends' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const circle = (await created.json()) as { id: string };
    await recordSpot(page, 'Shared from the forest');
    await expectToast(page, { title: en('form.locationSavedTitle') });
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    // Opening the app lists the circles (for the popups' badges), and the device keeps the list.
    await page.reload();
    await expect
      .poll(async () => (await everythingStoredIn(page)).indexedDb.some((row) => row.includes('Forest friends')), {
        timeout: SYNC_TIMEOUT_MS,
      })
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expectVisible(page.getByRole('status').filter({ hasText: exactly(en('offline.offline')) }));
    await openTab(page, 'locations');
    const card = cardOf(page, 'Shared from the forest');
    await expectVisible(card);
    await card.getByRole('button', { name: exactly(en('locations.share')) }).click();
    const dialog = page.getByRole('dialog', { name: exactly(en('sharing.dialogTitle')) });
    await expectVisible(dialog);
    await dialog
      .getByRole('group', { name: exactly(en('form.sharing')) })
      .getByRole('radio', { name: exactly(en('sharing.circles')) })
      .check();
    const circles = dialog.getByRole('group', { name: exactly(en('sharing.chooseCircles')) });
    await circles.getByRole('checkbox', { name: exactly('Forest friends') }).check();
    await dialog.getByRole('button', { name: exactly(en('sharing.update')) }).click();

    await context.setOffline(false);
    await expect
      .poll(async () => (await serverSpots(page, 'Shared from the forest')).map((spot) => spot.circle_ids), {
        timeout: SYNC_TIMEOUT_MS,
      })
      .toEqual([[circle.id]]);

    await page.getByRole('button', { name: exactly(en('auth.signOut')) }).click();
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signInHeading')) }));
    const stored = await everythingStoredIn(page);
    expect(stored.indexedDb.filter((row) => row.includes('Forest friends') || row.includes(circle.id))).toEqual([]);
  });
});
