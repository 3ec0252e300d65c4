// Foray with no signal, in Chromium at phone size against the real server: opening offline and recording
// spots. `context.setOffline(true)` also cuts the service worker's requests: a faithful offline. A recording
// proxy in front of the server counts what really reached it.
import { describe, expect, it } from 'vitest';
import { outboxOf, queuedPhotoOf } from './support/device.ts';
import { pendingMarker, recordSpot, serverSpots, SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { CAMERA_MAKE, cameraJpeg } from './support/photos.ts';
import { addForm, cardOf, markerOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

const offline = useOfflineForay();
const { forager } = offline;

describe('opening with no network', () => {
  it('shows the main screen with the Offline sign and the user’s spots after a reload offline', async () => {
    const { page, context } = await forager();
    await recordSpot(page, 'Kept chanterelles');
    await expectToast(page, { title: en('form.locationSavedTitle') });
    await expectVisible(markerOf(page, 'mushroom_spot', 'Kept chanterelles'));
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await expectVisible(page.getByRole('status').filter({ hasText: exactly(en('offline.offline')) }));
    await expectVisible(page.getByRole('tab', { name: exactly(en('tabs.map')) }));
    await expectVisible(markerOf(page, 'mushroom_spot', 'Kept chanterelles'));
    expect(await page.getByText(en('common.serverUnreachable')).count()).toBe(0);

    await openTab(page, 'locations');
    await expectVisible(cardOf(page, 'Kept chanterelles'));
    await context.setOffline(false);
    await expectGone(page.getByRole('status').filter({ hasText: exactly(en('offline.offline')) }));
  });
});

describe('recording with no signal', () => {
  it('keeps a spot with its shrunk photo on the device through reloads and a closed tab, then uploads it once', async () => {
    const { page, context } = await forager();
    const postsBefore = offline.proxy.count('POST', '/api/v1/locations');
    await context.setOffline(true);

    await recordSpot(page, 'Offline porcini', {
      dx: 40,
      dy: 30,
      photo: { name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg() },
    });
    await expectToast(page, {
      title: en('offline.savedOnDeviceTitle'),
      description: en('offline.savedOnDeviceDescription'),
    });
    await expectGone(addForm(page));

    // One entry, with the photo as a Blob, shrunk on the phone and stripped of its EXIF; nothing sent.
    const [entry, ...others] = await outboxOf(page);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ kind: 'create', status: 'waiting' });
    const photo = await queuedPhotoOf(page, CAMERA_MAKE);
    expect(photo.bytes).toBeLessThan(1024 * 1024);
    expect(Math.max(photo.width, photo.height)).toBe(2048);
    expect(photo.holdsMarker).toBe(false);
    expect(offline.proxy.count('POST', '/api/v1/locations')).toBe(postsBefore);

    // Drawn as waiting, on the map, in the status line and on its card.
    await expectVisible(pendingMarker(page, 'Offline porcini'));
    await expectVisible(page.getByText(en('offline.waitingCount_one', { count: 1 })));
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, 'Offline porcini').getByText(en('offline.waitingToUpload')));
    await expectVisible(
      cardOf(page, 'Offline porcini').getByRole('img', {
        name: exactly(en('locations.photoAlt', { title: 'Offline porcini' })),
      }),
    );

    // "On this device" tells what waits and that the browser was asked to keep it.
    await page.getByRole('button', { name: exactly(en('offline.deviceTitle')) }).click();
    const panel = page.getByRole('dialog', { name: exactly(en('offline.deviceTitle')) });
    await expectVisible(panel);
    await expect.poll(() => panel.innerText()).toMatch(new RegExp(`${en('offline.uploadsWaiting')}\\s+1`));
    expect(await panel.innerText()).toContain(en('offline.storageUsed'));
    expect(await panel.innerText()).toMatch(
      new RegExp(
        `${en('offline.storageKept')}\\s+(${en('offline.persistGranted')}|${en('offline.persistNotGranted')})`,
      ),
    );
    // This Foray has no MAP_REGION_FILE: nothing of the region map shows, here or among the layers.
    expect(await panel.getByText(/Offline map|Download map of/).count()).toBe(0);
    expect(await page.getByRole('option', { name: /^Offline map/ }).count()).toBe(0);
    await panel.getByRole('button', { name: exactly(en('common.close')) }).click();
    await expectGone(panel);

    // A reload, and then closing the tab, lose nothing.
    await page.reload();
    await expectVisible(pendingMarker(page, 'Offline porcini'));
    await page.close();
    const later = await context.newPage();
    await later.goto('/');
    await expectVisible(pendingMarker(later, 'Offline porcini'));
    expect(await outboxOf(later)).toEqual([entry]);

    await context.setOffline(false);
    await expectVisible(markerOf(later, 'mushroom_spot', 'Offline porcini'), SYNC_TIMEOUT_MS);
    await expect.poll(() => outboxOf(later), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    const stored = await serverSpots(later, 'Offline porcini');
    expect(stored.map((spot) => spot.id)).toEqual([entry!.spotId]);
    expect(stored[0]!.photo_url).not.toBeNull();
    expect(offline.proxy.count('POST', '/api/v1/locations')).toBe(postsBefore + 1);
    await expectToast(later, { title: en('offline.uploaded_one', { count: 1 }) });
  });

  it('sends again when the answer was lost, and the server still holds exactly one spot', async () => {
    const { page } = await forager();
    const postsBefore = offline.proxy.count('POST', '/api/v1/locations');
    // Two answers lost: Chromium itself may resend a request once when a kept-alive connection drops, so the
    // second loss makes sure Foray's own retry (after its backoff) is what finally gets the answer.
    offline.proxy.loseNextAnswers('POST', '/api/v1/locations', 2);
    await recordSpot(page, 'Lost answer boletes', { dx: -40, dy: 30 });

    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    expect(offline.proxy.lostAnswers()).toBe(2);
    expect(offline.proxy.count('POST', '/api/v1/locations')).toBe(postsBefore + 3);
    expect(await serverSpots(page, 'Lost answer boletes')).toHaveLength(1);
    await expectVisible(markerOf(page, 'mushroom_spot', 'Lost answer boletes'));
  });

  it('sends each waiting spot once when two tabs come back online together', async () => {
    const { page, context } = await forager();
    await context.setOffline(true);
    await recordSpot(page, 'Two tabs one', { dx: 30, dy: -40 });
    await expectToast(page, { title: en('offline.savedOnDeviceTitle') });
    await recordSpot(page, 'Two tabs two', { dx: -30, dy: -40 });
    await expect.poll(() => outboxOf(page).then((rows) => rows.length)).toBe(2);
    const second = await context.newPage();
    await second.goto('/');
    await expectVisible(pendingMarker(second, 'Two tabs two'));

    const postsBefore = offline.proxy.count('POST', '/api/v1/locations');
    await context.setOffline(false);
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    expect(offline.proxy.count('POST', '/api/v1/locations')).toBe(postsBefore + 2);
    expect(await serverSpots(page, 'Two tabs one')).toHaveLength(1);
    expect(await serverSpots(page, 'Two tabs two')).toHaveLength(1);
    await expectVisible(markerOf(second, 'mushroom_spot', 'Two tabs two'));
  });

  it('marks a spot the server refuses with the reason, never sends it by itself again, and lets the user retry or discard it', async () => {
    const { page } = await forager();
    const postsBefore = offline.proxy.count('POST', '/api/v1/locations');
    await recordSpot(page, 'Not a photo', {
      photo: { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('these are my notes, not a photo') },
    });

    await openTab(page, 'locations');
    const card = cardOf(page, 'Not a photo');
    await expectVisible(card.getByText(en('offline.notUploaded')), SYNC_TIMEOUT_MS);
    await expectVisible(card.getByText(en('errors.UNSUPPORTED_PHOTO')));
    expect(await outboxOf(page)).toMatchObject([{ kind: 'create', status: 'failed', errorCode: 'UNSUPPORTED_PHOTO' }]);
    expect(offline.proxy.count('POST', '/api/v1/locations')).toBe(postsBefore + 1);
    await expectVisible(page.getByText(en('offline.failedCount_one', { count: 1 })));

    // Every automatic trigger leaves it alone.
    await page.evaluate(() => {
      window.dispatchEvent(new Event('online'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForTimeout(1_000);
    expect(offline.proxy.count('POST', '/api/v1/locations')).toBe(postsBefore + 1);

    await card.getByRole('button', { name: exactly(en('common.retry')) }).click();
    await expect
      .poll(() => offline.proxy.count('POST', '/api/v1/locations'), { timeout: SYNC_TIMEOUT_MS })
      .toBe(postsBefore + 2);
    await expectVisible(card.getByText(en('offline.notUploaded')));
    await card.getByRole('button', { name: exactly(en('offline.discard')) }).click();
    await expectGone(card);
    expect(await outboxOf(page)).toEqual([]);
    expect(await serverSpots(page, 'Not a photo')).toEqual([]);
  });
});
