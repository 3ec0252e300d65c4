import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { createSpotByApi, mapOf } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectVisible } from './support/ui.ts';

// Past 40 spots in view the map shows the server's counted cells (ADR 0034); the default is 2,000.
const foray = useForay({ env: { MAP_OVERVIEW_FROM: '40' } });

const KAUNAS = { latitude: 54.9, longitude: 23.9 };
const VILNIUS = { latitude: 54.69, longitude: 25.28 };

async function spotsAround(page: Page, centre: typeof KAUNAS, count: number, title: string, isPublic = false) {
  for (let start = 0; start < count; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, (_, k) => start + k).map((i) =>
        createSpotByApi(page, foray.baseUrl, {
          mushroom_types: `${title} ${i}`,
          latitude: centre.latitude + ((i * 7) % 10) / 200,
          longitude: centre.longitude + ((i * 3) % 10) / 200,
          is_public: isPublic,
        }),
      ),
    );
  }
}

/** What the map's bubbles and pins add up to. */
type Box = [number, number, number, number];

async function drawnTotal(page: Page): Promise<number> {
  const bubbles = (await mapOf(page).locator('.foray-cluster').allInnerTexts()).map(Number);
  const pins = await mapOf(page).locator('.foray-marker').count();
  return bubbles.reduce((sum, count) => sum + count, 0) + pins;
}

describe('the map with many spots in view', () => {
  it('shows the true count from the counted cells, asks for no spots, loads their pins once zoomed in to fewer, and asks nothing on a pan among them', async () => {
    // Another forager's spots near Kaunas: two public ones are counted, the private one never is.
    const other = await foray.newPage();
    await signedInUser(other.page, foray, uniqueEmail('neighbour'));
    await spotsAround(other.page, KAUNAS, 2, 'Shared', true);
    await createSpotByApi(other.page, foray.baseUrl, { mushroom_types: 'Hidden', ...KAUNAS });

    const { page } = await foray.newPage();
    await signedInUser(page, foray, uniqueEmail('many'));
    await spotsAround(page, KAUNAS, 30, 'Kaunas');
    await spotsAround(page, VILNIUS, 30, 'Vilnius');
    const spotRequests: string[] = [];
    const countRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/map/count?')) countRequests.push(request.url());
      if (request.url().includes('/api/v1/map/pins?') || request.url().includes('/api/v1/locations?bbox='))
        spotRequests.push(request.url());
    });
    await page.reload();

    // Lithuania at zoom 7: 62 in view, drawn as two bubbles that add up to it, and not one spot was downloaded.
    await expectVisible(page.getByText(exactly(en('map.locationCount_other', { count: 62 }))));
    const kaunas = page.getByRole('button', { name: exactly(en('map.clusterLabel_other', { count: 32 })) });
    await expectVisible(kaunas);
    await expectVisible(page.getByRole('button', { name: exactly(en('map.clusterLabel_other', { count: 30 })) }));
    expect(await drawnTotal(page)).toBe(62);
    expect(spotRequests).toEqual([]);

    // Into Kaunas: 32 in view, under the threshold, so the spots themselves load and their pins open.
    await kaunas.click();
    await expectVisible(page.getByText(exactly(en('map.locationCount_other', { count: 32 }))));
    await expect.poll(() => spotRequests.length).toBeGreaterThan(0);
    await expect.poll(() => drawnTotal(page)).toBe(32);
    // The pins asked for are the view's (as the header's count names it) and a quarter of it on every side, no more
    // (the area is rounded to 1e-4 degrees, the count's view outwards to 1e-5).
    const boxOf = (url: string) => new URL(url).searchParams.get('bbox')!.split(',').map(Number) as Box;
    const view = boxOf(countRequests.at(-1)!);
    const pinsBox = boxOf(spotRequests.at(-1)!);
    const [width, height] = [view[2] - view[0], view[3] - view[1]];
    expect(pinsBox[0]).toBeLessThanOrEqual(view[0]);
    expect(pinsBox[1]).toBeLessThanOrEqual(view[1]);
    expect(pinsBox[2]).toBeGreaterThanOrEqual(view[2]);
    expect(pinsBox[3]).toBeGreaterThanOrEqual(view[3]);
    expect(pinsBox[2] - pinsBox[0]).toBeLessThanOrEqual(width * 1.5 + 2e-4);
    expect(pinsBox[3] - pinsBox[1]).toBeLessThanOrEqual(height * 1.5 + 2e-4);

    // A small pan among the loaded spots asks the server nothing: the view is counted from the spots loaded.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/')) asked.push(request.url());
    });
    const pane = mapOf(page).locator('.leaflet-map-pane');
    const before = await pane.getAttribute('style');
    await mapOf(page).focus();
    await page.keyboard.press('ArrowRight');
    let last: string | null = null;
    await expect
      .poll(async () => {
        const now = await pane.getAttribute('style');
        const resting = now !== before && now === last;
        last = now;
        return resting;
      })
      .toBe(true);
    await expectVisible(page.getByText(exactly(en('map.locationCount_other', { count: 32 }))));
    // Past the area watcher's 300 ms rest: a request the pan caused would have gone by now.
    await page.waitForTimeout(1_000);
    expect(asked).toEqual([]);

    // Out again: the counted cells, and none of the pins loaded for Kaunas drawn or counted on top of them.
    const zoomOut = mapOf(page).getByRole('button', { name: exactly(en('map.zoomOut')) });
    await zoomOut.click();
    // Zoom 9 is new to this page: leaving the loaded area asks for its tiles, and for no spots before them.
    await expect.poll(() => asked.some((url) => url.includes('/api/v1/map/tiles/'))).toBe(true);
    const beforeTiles = asked.slice(
      0,
      asked.findIndex((url) => url.includes('/api/v1/map/tiles/')),
    );
    expect(beforeTiles.filter((url) => !url.includes('/api/v1/map/count?'))).toEqual([]);
    for (let step = 0; step < 2; step++) await zoomOut.click();
    await expectVisible(page.getByText(exactly(en('map.locationCount_other', { count: 62 }))));
    await expect.poll(() => drawnTotal(page)).toBe(62);
  });
});
