// A spot's photos changed with no signal (ADR 0024): the photo manager works offline (its chunk is kept by the
// service worker), the changes wait in the outbox and show at once, then reach the server once each, in order,
// even when an answer is lost on the way.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { outboxOf } from './support/device.ts';
import { recordSpot, serverSpots, SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { cardOf, imageLoaded, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const offline = useOfflineForay();
const TITLE = 'Offline photo glade';

const shapes = { wide: [600, 300], tall: [300, 600], square: [400, 400] } as const;
type Shape = keyof typeof shapes;
const photoOf = async (shape: Shape) => {
  const [width, height] = shapes[shape];
  return {
    name: `${shape}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width, height, channels: 3, background: '#a86' } })
      .jpeg()
      .toBuffer(),
  };
};
const shapeOf = (width: number, height: number): Shape =>
  width > height ? 'wide' : width < height ? 'tall' : 'square';
async function shownShape(image: Locator): Promise<Shape> {
  await expect.poll(() => imageLoaded(image), { timeout: UI_TIMEOUT_MS }).toBe(true);
  const [width, height] = await image.evaluate((element) => [
    (element as HTMLImageElement).naturalWidth,
    (element as HTMLImageElement).naturalHeight,
  ]);
  return shapeOf(width!, height!);
}

describe('photos with no signal', () => {
  it('adds and reorders photos of a spot still on the phone, shows them at once, and uploads each once when the signal returns', async () => {
    const { page, context } = await offline.forager();
    await context.setOffline(true);
    await recordSpot(page, TITLE, { photo: await photoOf('wide') });
    await expectToast(page, { title: en('offline.savedOnDeviceTitle') });

    await openTab(page, 'locations');
    const card = cardOf(page, TITLE);
    await card.getByRole('button', { name: exactly(en('photos.manage', { n: 1 })) }).click();
    const manager = page.getByRole('dialog', { name: exactly(en('photos.managerTitle', { title: TITLE })) });
    await expectVisible(manager);
    await manager.getByLabel(en('form.uploadPhoto')).setInputFiles([await photoOf('tall'), await photoOf('square')]);
    await expectVisible(manager.getByText(exactly(en('photos.total', { n: 3, max: 8 }))));
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await manager.getByRole('button', { name: exactly(en('photos.moveEarlier', { position: 3 })) }).click();
    await expect.poll(focused, { timeout: UI_TIMEOUT_MS }).toBe(en('photos.moveEarlier', { position: 2 }));
    await page.keyboard.press('Enter');
    await expect.poll(focused, { timeout: UI_TIMEOUT_MS }).toBe(en('photos.moveEarlier', { position: 1 }));
    await page.keyboard.press('Escape');
    await expectGone(manager);

    // On the device only: the spot (with its first photo), two photos and one order. The card's cover is already
    // the square one, from the phone's own copy.
    const queued = await outboxOf(page);
    expect(queued.map((entry) => entry.kind)).toEqual(['create', 'add-photo', 'add-photo', 'order-photos']);
    expect(offline.proxy.count('POST', /^\/api\/v1\/locations/)).toBe(0);
    expect(
      await shownShape(
        card.getByRole('button', { name: exactly(en('photos.view', { title: TITLE })) }).getByRole('img'),
      ),
    ).toBe('square');

    // The signal returns; the answer to the first photo upload is lost on the way, so that upload is sent again.
    const spotId = queued[0]!.spotId;
    const photosPath = `/api/v1/locations/${spotId}/photos`;
    offline.proxy.loseNextAnswers('POST', photosPath, 1);
    await context.setOffline(false);
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);

    const [spot] = await serverSpots(page, TITLE);
    expect(spot!.photos).toHaveLength(3);
    const stored: Shape[] = [];
    for (const photo of spot!.photos) {
      const meta = await sharp(await (await page.request.get(photo.url)).body()).metadata();
      stored.push(shapeOf(meta.width!, meta.height!));
    }
    expect(stored).toEqual(['square', 'wide', 'tall']);
    expect(spot!.photo_url).toBe(spot!.photos[0]!.url);
    expect(offline.proxy.lostAnswers()).toBe(1);
    expect(offline.proxy.count('POST', '/api/v1/locations')).toBe(1);
    expect(offline.proxy.count('POST', photosPath)).toBe(3);
    expect(offline.proxy.count('PUT', `${photosPath}/order`)).toBe(1);
    await expect
      .poll(
        () =>
          shownShape(card.getByRole('button', { name: exactly(en('photos.view', { title: TITLE })) }).getByRole('img')),
        { timeout: UI_TIMEOUT_MS },
      )
      .toBe('square');
  });
});
