// A visit's photos (ADR 0025): chosen in the visit form with no signal, shown at once from the device, sent once
// with the visit when the signal is back, stored without their metadata, opened large; and a visit deleted with
// no signal, gone from the server once it returns.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Visit } from '../common/schemas/visits.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { outboxOf } from './support/device.ts';
import { recordSpot, serverSpots, SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { CAMERA_MAKE, geotaggedJpeg, jpegPhoto } from './support/photos.ts';
import { cardOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

const offline = useOfflineForay();
const { forager } = offline;

async function uploadedSpot(page: Page, title: string) {
  await recordSpot(page, title);
  await expectToast(page, { title: en('form.locationSavedTitle') });
  await expect.poll(async () => (await serverSpots(page, title)).length, { timeout: SYNC_TIMEOUT_MS }).toBe(1);
  return (await serverSpots(page, title))[0]!;
}

/** How many photos each outbox entry of the page carries (read as the app stores them). */
function queuedVisitPhotos(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('foray');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve((request.result as Array<{ photos?: unknown[] }>).map((entry) => entry.photos?.length ?? 0));
          };
        };
      }),
  );
}

describe('photos on a visit', () => {
  it('records a visit with a photo and no signal; it is sent once, stored without metadata and opens large', async () => {
    const { page, context } = await forager();
    const spot = await uploadedSpot(page, 'Birch boletes');
    await openTab(page, 'locations');
    const card = cardOf(page, 'Birch boletes');
    await expectVisible(card);
    const visitsPath = `/api/v1/locations/${spot.id}/visits`;

    await context.setOffline(true);
    await card.getByRole('button', { name: exactly(en('visits.record')) }).click();
    const form = page.getByRole('dialog', { name: exactly(en('visits.recordTitle')) });
    await expectVisible(form);
    await form.getByLabel(en('visits.date')).fill('2026-10-04');
    await form.getByRole('radio', { name: exactly(en('visits.found')) }).check();
    // Two photos chosen at once; the second is taken back before saving.
    await form.getByLabel(en('form.uploadPhoto')).setInputFiles([
      {
        name: 'boletes.jpg',
        mimeType: 'image/jpeg',
        buffer: await geotaggedJpeg({ latitude: 54.9, longitude: 25.3, taken: '2026-10-04' }),
      },
      { name: 'other.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() },
    ]);
    await expectVisible(form.getByRole('img', { name: exactly(en('photos.photoAlt', { position: 2, total: 2 })) }));
    await expectNoSeriousA11yViolations(page, 'visit form with photos');
    await form.getByRole('button', { name: exactly(en('photos.remove', { position: 2 })) }).click();
    await expectVisible(form.getByRole('img', { name: exactly(en('photos.photoAlt', { position: 1, total: 1 })) }));
    await form.getByRole('button', { name: exactly(en('visits.save')) }).click();
    await expectGone(form);
    await expectToast(page, { title: en('visits.saved'), description: en('offline.changeWaitsDescription') });
    expect(await outboxOf(page)).toMatchObject([{ kind: 'visit' }]);
    expect(await queuedVisitPhotos(page)).toEqual([1]);

    // Shown at once from the device, photo included.
    await card.getByRole('button', { name: exactly(en('visits.list')) }).click();
    const list = page.getByRole('dialog', { name: exactly(en('visits.listTitle')) });
    const thumbnail = list.getByRole('button', {
      name: exactly(en('visits.viewPhoto', { position: 1, date: 'October 4, 2026' })),
    });
    await expectVisible(thumbnail);
    await expectVisible(list.getByText(en('offline.waitingToUpload')));
    expect(offline.proxy.count('POST', visitsPath)).toBe(0);

    await context.setOffline(false);
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    expect(offline.proxy.count('POST', visitsPath)).toBe(1);
    expect(offline.proxy.count('POST', new RegExp(`^${visitsPath}/[^/]+/photos$`))).toBe(1);
    const stored = ((await (await page.request.get(visitsPath)).json()) as { items: Visit[] }).items;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.photos).toHaveLength(1);
    // What the server keeps carries no camera name and no position: the device shrank it and the server re-encoded it.
    for (const url of [stored[0]!.photos[0]!.url, stored[0]!.photos[0]!.thumbnail_url]) {
      const bytes = await (await page.request.get(url)).body();
      expect(bytes.includes(Buffer.from(CAMERA_MAKE))).toBe(false);
      expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    }

    // The list now shows the server's copy; it opens large.
    await expectGone(list.getByText(en('offline.waitingToUpload')));
    await expect
      .poll(() => thumbnail.locator('img').getAttribute('src'), { timeout: SYNC_TIMEOUT_MS })
      .toMatch(/^\/api\/v1\/photos\//);
    await thumbnail.click();
    const viewer = page.getByRole('dialog', { name: exactly(en('photos.viewerTitle', { title: 'Birch boletes' })) });
    await expectVisible(viewer);
    await expectVisible(viewer.getByRole('img', { name: exactly(en('photos.photoAlt', { position: 1, total: 1 })) }));
    expect(
      await viewer.getByRole('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expectGone(viewer);

    // Deleted with no signal: gone from the list at once, from the server when the signal is back.
    await context.setOffline(true);
    await list.getByRole('button', { name: exactly(en('visits.deleteVisit', { date: 'October 4, 2026' })) }).click();
    await expectToast(page, { title: en('visits.deleted'), description: en('visits.deleteWaits') });
    await expectVisible(list.getByText(en('visits.none')));
    expect(await outboxOf(page)).toMatchObject([{ kind: 'delete-visit' }]);
    await context.setOffline(false);
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    expect(((await (await page.request.get(visitsPath)).json()) as { items: Visit[] }).items).toEqual([]);
    expect((await page.request.get(stored[0]!.photos[0]!.url)).status()).toBe(404);
  });
});
