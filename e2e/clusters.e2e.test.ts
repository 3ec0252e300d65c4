import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { createSpotByApi, mapOf, markerOf } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectVisible } from './support/ui.ts';

const foray = useForay();

const SPOTS = 600;

/** Many spots in one forest near the map's default centre, made through the API a few at a time. */
async function createManySpots(page: Page) {
  const positions = Array.from({ length: SPOTS }, (_, i) => ({
    latitude: 55.1 + ((i * 37) % 100) / 1000,
    longitude: 23.8 + ((i * 61) % 150) / 1000,
  }));
  for (let start = 0; start < positions.length; start += 10) {
    const statuses = await Promise.all(
      positions.slice(start, start + 10).map(async ({ latitude, longitude }, offset) => {
        const response = await page.request.post('/api/v1/locations', {
          headers: { origin: foray.baseUrl },
          data: {
            type: 'mushroom_spot',
            mushroom_types: `Boletus ${start + offset}`,
            finder: 'Ona',
            date_found: '2026-09-14',
            latitude,
            longitude,
          },
        });
        return response.status();
      }),
    );
    expect(statuses.every((status) => status === 201)).toBe(true);
  }
}

const pinsOnMap = (page: Page) => mapOf(page).locator('.foray-marker, .foray-cluster').count();

describe('many spots on the map', () => {
  it('groups them into numbered clusters that a click or the keyboard opens up', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray, uniqueEmail('clusters'));
    await createManySpots(page);
    await page.reload();

    // All of them are counted, but drawn as a handful of bubbles, not 600 pins.
    await expectVisible(page.getByText(exactly(en('map.locationCount_other', { count: SPOTS }))));
    const whole = page.getByRole('button', { name: exactly(en('map.clusterLabel_other', { count: SPOTS })) });
    await expectVisible(whole);
    expect(await whole.innerText()).toBe(String(SPOTS));
    expect(await pinsOnMap(page)).toBe(1);

    // Enter on the focused cluster zooms in: it splits into smaller groups and single pins.
    await whole.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pinsOnMap(page), { timeout: 10_000 }).toBeGreaterThan(1);
    expect(await whole.count()).toBe(0);
    const clusters = mapOf(page).locator('.foray-cluster');
    const counts = (await clusters.allInnerTexts()).map(Number);
    expect(counts.every((count) => count > 1 && count < SPOTS)).toBe(true);

    // A click on one of the new clusters zooms in further still. Leaflet stacks pins lower on the screen
    // above higher ones, so the lowest cluster is the one surely not covered by another.
    const tops = await clusters.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().top),
    );
    const lowest = tops.indexOf(Math.max(...tops));
    await clusters.nth(lowest).click();
    await expect
      .poll(() => mapOf(page).locator('.foray-cluster').allInnerTexts(), { timeout: 10_000 })
      .not.toContain(String(counts[lowest]));
    expect(await pinsOnMap(page)).toBeGreaterThan(0);
  });

  it('keeps an open popup open, the same element, while the map is dragged and its spots drawn again', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray, uniqueEmail('popup'));
    await createSpotByApi(page, foray.baseUrl, {
      mushroom_types: 'Popup chanterelles',
      latitude: 55.2,
      longitude: 23.9,
    });
    await page.reload();
    await markerOf(page, 'mushroom_spot', 'Popup chanterelles').click();
    const heading = page.getByRole('heading', { name: exactly('Popup chanterelles') });
    await expectVisible(heading);
    const shown = await heading.elementHandle();

    // A drag ends in a redraw of the pins in view; the pin under the open popup is kept, popup and all.
    const box = (await mapOf(page).boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height - 30);
    await page.mouse.down();
    await page.mouse.move(box.x + 110, box.y + box.height - 50, { steps: 8 });
    // Held still before letting go: no inertia, so the map's moveend (and its redraw) come with the mouse-up.
    await page.waitForTimeout(100);
    await page.mouse.move(box.x + 110, box.y + box.height - 50);
    await page.mouse.move(box.x + 110, box.y + box.height - 50);
    await page.mouse.up();
    await expectVisible(heading);
    expect(await shown!.evaluate((element) => element.isConnected)).toBe(true);
  });
});
