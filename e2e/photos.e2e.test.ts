import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Spot } from '../common/schemas/spots.ts';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { SYNC_TIMEOUT_MS } from './support/offline.ts';
import { cardOf, createSpotByApi, imageLoaded, markerOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

const foray = useForay();
const TITLE = 'Three-photo chanterelles';

/** Photos told apart by their shape, which re-encoding and thumbnails keep: wide, tall and square. */
const shapes = { wide: [600, 300], tall: [300, 600], square: [400, 400] } as const;
type Shape = keyof typeof shapes;
const photoOf = async (shape: Shape) => {
  const [width, height] = shapes[shape];
  return {
    name: `${shape}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width, height, channels: 3, background: '#8a6' } })
      .jpeg()
      .toBuffer(),
  };
};
const shapeOf = (width: number, height: number): Shape =>
  width > height ? 'wide' : width < height ? 'tall' : 'square';

async function serverSpot(page: Page, id: string): Promise<Spot> {
  const response = await page.request.get(`/api/v1/locations/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Spot;
}
async function storedShape(page: Page, url: string): Promise<Shape> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  const meta = await sharp(await response.body()).metadata();
  return shapeOf(meta.width!, meta.height!);
}
async function shownShape(image: Locator): Promise<Shape> {
  await expect.poll(() => imageLoaded(image), { timeout: UI_TIMEOUT_MS }).toBe(true);
  const [width, height] = await image.evaluate((element) => [
    (element as HTMLImageElement).naturalWidth,
    (element as HTMLImageElement).naturalHeight,
  ]);
  return shapeOf(width!, height!);
}

describe('several photos a spot', () => {
  it('adds three photos, moves one to the front, removes one; the card’s cover follows the first; the viewer pages with the arrow keys', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray, uniqueEmail('photos'));
    const spot = await createSpotByApi(page, foray.baseUrl, { mushroom_types: TITLE });
    await openTab(page, 'locations');
    const card = cardOf(page, TITLE);
    await expectVisible(card);

    await card.getByRole('button', { name: exactly(en('photos.manage', { n: 0 })) }).click();
    const manager = page.getByRole('dialog', { name: exactly(en('photos.managerTitle', { title: TITLE })) });
    await expectVisible(manager);
    await manager
      .getByLabel(en('form.uploadPhoto'))
      .setInputFiles([await photoOf('wide'), await photoOf('tall'), await photoOf('square')]);
    await expectVisible(manager.getByRole('img', { name: exactly(en('photos.photoAlt', { position: 3, total: 3 })) }));
    await expectVisible(manager.getByText(exactly(en('photos.total', { n: 3, max: 8 }))));

    // The square one, third, to the front: two moves with the keyboard-reachable buttons.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await manager.getByRole('button', { name: exactly(en('photos.moveEarlier', { position: 3 })) }).click();
    await expect.poll(focused, { timeout: UI_TIMEOUT_MS }).toBe(en('photos.moveEarlier', { position: 2 }));
    await page.keyboard.press('Enter');
    // The focus stays on the button that was pressed, with its photo now at the first place.
    await expect.poll(focused, { timeout: UI_TIMEOUT_MS }).toBe(en('photos.moveEarlier', { position: 1 }));
    // Then the wide one, now second, goes.
    await manager.getByRole('button', { name: exactly(en('photos.remove', { position: 2 })) }).click();
    await expectVisible(manager.getByText(exactly(en('photos.total', { n: 2, max: 8 }))));
    await expectNoSeriousA11yViolations(page, 'photo manager');
    const listed = manager.getByRole('listitem');
    expect(await listed.count()).toBe(2);
    expect(await shownShape(listed.nth(0).getByRole('img'))).toBe('square');
    expect(await shownShape(listed.nth(1).getByRole('img'))).toBe('tall');
    await manager.getByRole('button', { name: exactly(en('common.close')) }).click();
    await expectGone(manager);

    // The outbox sends it all, in order: the server has square then tall, and the square one is the cover.
    await expect
      .poll(async () => (await serverSpot(page, spot.id)).photos.length, { timeout: SYNC_TIMEOUT_MS })
      .toBe(2);
    await expect
      .poll(async () => storedShape(page, (await serverSpot(page, spot.id)).photo_url!), { timeout: SYNC_TIMEOUT_MS })
      .toBe('square');
    const stored = await serverSpot(page, spot.id);
    expect([await storedShape(page, stored.photos[0]!.url), await storedShape(page, stored.photos[1]!.url)]).toEqual([
      'square',
      'tall',
    ]);
    expect(stored.thumbnail_url).toBe(stored.photos[0]!.thumbnail_url);

    const cover = card.getByRole('button', { name: exactly(en('photos.view', { title: TITLE })) });
    await expectVisible(cover);
    expect(await shownShape(cover.getByRole('img'))).toBe('square');
    await expectVisible(card.getByRole('button', { name: exactly(en('photos.manage', { n: 2 })) }));

    // The viewer: "1 of 2", the arrow keys move, Escape closes.
    await cover.click();
    const viewer = page.getByRole('dialog', { name: exactly(en('photos.viewerTitle', { title: TITLE })) });
    await expectVisible(viewer);
    await expectVisible(viewer.getByText(exactly(en('photos.position', { position: 1, total: 2 }))));
    expect(
      await shownShape(viewer.getByRole('img', { name: exactly(en('photos.photoAlt', { position: 1, total: 2 })) })),
    ).toBe('square');
    await page.keyboard.press('ArrowRight');
    await expectVisible(viewer.getByText(exactly(en('photos.position', { position: 2, total: 2 }))));
    expect(
      await shownShape(viewer.getByRole('img', { name: exactly(en('photos.photoAlt', { position: 2, total: 2 })) })),
    ).toBe('tall');
    await page.keyboard.press('ArrowRight'); // already the last: stays
    await expectVisible(viewer.getByText(exactly(en('photos.position', { position: 2, total: 2 }))));
    await page.keyboard.press('ArrowLeft');
    await expectVisible(viewer.getByText(exactly(en('photos.position', { position: 1, total: 2 }))));
    await expectNoSeriousA11yViolations(page, 'photo viewer');
    // A swipe to the left brings the next photo, to the right the previous one (pointer events, as a finger).
    // The finger goes on the photo once it is shown: a photo still loading has no size to swipe across.
    const swipe = async (from: number, to: number) => {
      const shown = viewer.getByRole('img');
      await expect.poll(() => imageLoaded(shown), { timeout: UI_TIMEOUT_MS }).toBe(true);
      const box = (await shown.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width * from, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * to, y, { steps: 5 });
      await page.mouse.up();
    };
    await swipe(0.8, 0.2);
    await expectVisible(viewer.getByText(exactly(en('photos.position', { position: 2, total: 2 }))));
    await swipe(0.2, 0.8);
    await expectVisible(viewer.getByText(exactly(en('photos.position', { position: 1, total: 2 }))));
    await page.keyboard.press('Escape');
    await expectGone(viewer);

    // The map's popup offers the same: the cover opens the viewer, "Photos (2)" the manager.
    await openTab(page, 'map');
    await markerOf(page, 'mushroom_spot', TITLE).click();
    const popupCover = page.getByRole('button', { name: exactly(en('photos.view', { title: TITLE })) });
    await expectVisible(popupCover);
    await popupCover.click();
    await expectVisible(viewer.getByText(exactly(en('photos.position', { position: 1, total: 2 }))));
    await page.keyboard.press('Escape');
    await expectGone(viewer);
    await page.getByRole('button', { name: exactly(en('photos.manage', { n: 2 })) }).click();
    await expectVisible(manager.getByText(exactly(en('photos.total', { n: 2, max: 8 }))));
    await page.keyboard.press('Escape');
    await expectGone(manager);

    // Another forager: nothing of the private spot; once it is shared, its photos in the viewer, read only.
    const other = await foray.newPage();
    await signedInUser(other.page, foray, uniqueEmail('other'));
    for (const photo of stored.photos) expect((await other.page.request.get(photo.url)).status()).toBe(404);
    const shared = await page.request.patch(`/api/v1/locations/${spot.id}`, {
      headers: { origin: foray.baseUrl },
      data: { is_public: true },
    });
    expect(shared.status()).toBe(200);
    await openTab(other.page, 'locations');
    const theirCard = cardOf(other.page, TITLE);
    await expectVisible(theirCard);
    expect(await theirCard.getByRole('button', { name: exactly(en('photos.manage', { n: 2 })) }).count()).toBe(0);
    await theirCard.getByRole('button', { name: exactly(en('photos.view', { title: TITLE })) }).click();
    const theirViewer = other.page.getByRole('dialog', { name: exactly(en('photos.viewerTitle', { title: TITLE })) });
    await expectVisible(theirViewer.getByText(exactly(en('photos.position', { position: 1, total: 2 }))));
    await theirViewer.getByRole('button', { name: exactly(en('photos.next')) }).click();
    await expectVisible(theirViewer.getByText(exactly(en('photos.position', { position: 2, total: 2 }))));
  });
});
