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
async function drawnTotal(page: Page): Promise<number> {
  const bubbles = (await mapOf(page).locator('.foray-cluster').allInnerTexts()).map(Number);
  const pins = await mapOf(page).locator('.foray-marker').count();
  return bubbles.reduce((sum, count) => sum + count, 0) + pins;
}

describe('the map with many spots in view', () => {
  it('shows the true count from the counted cells, asks for no spots, and loads them whole once zoomed in to fewer', async () => {
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
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/locations?bbox=')) spotRequests.push(request.url());
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

    // Out again: the counted cells, and none of the pins loaded for Kaunas drawn or counted on top of them.
    const zoomOut = mapOf(page).getByRole('button', { name: exactly(en('map.zoomOut')) });
    for (let step = 0; step < 3; step++) await zoomOut.click();
    await expectVisible(page.getByText(exactly(en('map.locationCount_other', { count: 62 }))));
    await expect.poll(() => drawnTotal(page)).toBe(62);
  });
});
