// The photo quota on the phone (ADR 0081): a spot recorded with no signal whose photo the server later refuses over
// the quota is not lost — it shows as refused with how much is used, is not sent again by itself, and can be saved
// without its photo. The server here gives every account a quota of 0 MB.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { outboxOf } from './support/device.ts';
import { recordSpot, serverSpots, SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { cardOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectToast, expectVisible } from './support/ui.ts';

const offline = useOfflineForay({ env: { PHOTO_QUOTA_MB: '0' } });
const TITLE = 'Over the quota';

describe('the photo quota on the phone', () => {
  it('shows a spot refused for its photo as refused, with how much is used, and saves it without the photo', async () => {
    const { page, context } = await offline.forager();
    await context.setOffline(true);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a86' } })
      .jpeg()
      .toBuffer();
    await recordSpot(page, TITLE, { photo: { name: 'glade.jpg', mimeType: 'image/jpeg', buffer: photo } });
    await expectToast(page, { title: en('offline.savedOnDeviceTitle') });

    // The signal returns: the upload is refused, said so at once, and stays on the phone.
    const reason = en('errors.photoQuotaUsed', { used: '0 MB', quota: '0 MB' });
    await context.setOffline(false);
    await expectToast(page, { title: en('offline.photoRefused'), description: reason, destructive: true });
    await expect
      .poll(async () => (await outboxOf(page)).map((entry) => entry.status), { timeout: SYNC_TIMEOUT_MS })
      .toEqual(['failed']);
    expect(await serverSpots(page, TITLE)).toEqual([]);
    const sent = offline.proxy.count('POST', /^\/api\/v1\/locations$/);

    await openTab(page, 'locations');
    const card = cardOf(page, TITLE);
    await expectVisible(card.getByText(exactly(en('offline.notUploaded'))));
    await expectVisible(card.getByText(exactly(reason)));
    // Not sent again by itself, even when the app is asked to upload.
    await page.reload();
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, TITLE).getByText(exactly(reason)));
    expect(offline.proxy.count('POST', /^\/api\/v1\/locations$/)).toBe(sent);

    // Saved without its photo: the spot reaches the server, and nothing of the photo does.
    await cardOf(page, TITLE)
      .getByRole('button', { name: exactly(en('offline.saveWithoutPhoto')) })
      .click();
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    const [spot] = await serverSpots(page, TITLE);
    expect(spot!.photos).toEqual([]);
  });
});
