import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CreateSpotInput, Spot } from '../../common/schemas/spots.ts';
import { en, exactly } from './texts.ts';
import { expectVisible } from './ui.ts';

/** The Leaflet map, found by its accessible name. */
export const mapOf = (page: Page) => page.getByLabel(en('map.mapLabel'), { exact: true });

/** The add-location form: a region named by its heading. */
export const addForm = (page: Page) => page.getByRole('region', { name: exactly(en('form.title')) });

/**
 * Clicks the map `dx`, `dy` pixels from its centre and returns the coordinates the form then shows
 * (6 decimals, as the user sees them).
 */
export async function clickMap(page: Page, dx = 0, dy = 0): Promise<{ lat: string; lng: string }> {
  const map = mapOf(page);
  await expectVisible(map);
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
  const form = addForm(page);
  await expectVisible(form);
  const match = /(-?\d+\.\d{6}), (-?\d+\.\d{6})/.exec(await form.innerText());
  expect(match, 'the form shows the clicked coordinates to 6 decimals').not.toBeNull();
  return { lat: match![1]!, lng: match![2]! };
}

/** A saved spot's marker: Foray names each one "<type>: <title>". */
export const markerOf = (page: Page, type: 'mushroom_spot' | 'car_park', title: string): Locator =>
  page.getByRole('button', { name: exactly(`${en(`locationTypes.${type}`)}: ${title}`) });

/** A card on the Locations tab, named by its title. */
export const cardOf = (page: Page, title: string): Locator => page.getByRole('article', { name: exactly(title) });

export async function openTab(page: Page, tab: 'map' | 'locations') {
  await page.getByRole('tab', { name: exactly(en(`tabs.${tab}`)) }).click();
}

/** Creates a spot through the API (for tests about something else than the form). */
export async function createSpotByApi(
  page: Page,
  baseUrl: string,
  spot: Partial<CreateSpotInput> & { mushroom_types: string },
) {
  const response = await page.request.post('/api/v1/locations', {
    headers: { origin: baseUrl },
    data: { type: 'mushroom_spot', finder: 'Ona', date_found: '2025-09-14', latitude: 55.2, longitude: 23.9, ...spot },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Spot;
}

/** What the API lists for the page's signed-in user. */
export async function listedTitles(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/v1/locations');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Spot[] }).items.map((item) => item.mushroom_types);
}

/** Whether an <img> has really loaded its picture (not a broken-image icon). */
export async function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate(
    (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
  );
}
