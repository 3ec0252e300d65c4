// A spot's details open whole and stay open until the forager closes them (issue #36): on a phone as a sheet over the
// lower part of the map, the pin kept in sight above it; on a wide screen as a popup over the pin, in view once its
// photo has loaded. In both languages.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signedInUser } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { jpegPhoto } from './support/photos.ts';
import { createSpotByApi, imageLoaded } from './support/spots.ts';
import { en, exactly, lt } from './support/texts.ts';
import { expectGone, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const foray = useForay();
const NEAR = { latitude: 55.2, longitude: 23.9 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const TITLE = 'Ceps under the spruces';

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;

/** A signed-in forager on the map near their spot with a photo, in `language`. */
async function foragerWithSpot(options: typeof PHONE | typeof DESKTOP, language: 'en' | 'lt') {
  const { page } = await foray.newPage({ ...options, permissions: ['geolocation'], geolocation: NEAR });
  await signedInUser(page, foray);
  const created = await createSpotByApi(page, foray.baseUrl, {
    mushroom_types: TITLE,
    notes: 'Along the ditch, past the fallen birch, then left at the ant hill.',
    latitude: NEAR.latitude + 0.002,
    longitude: NEAR.longitude,
  });
  const uploaded = await page.request.post(`/api/v1/locations/${created.id}/photos`, {
    headers: { origin: foray.baseUrl },
    multipart: { photo: { name: 'cep.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  await page.reload();
  if (language === 'lt') {
    await page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    await expectVisible(page.getByRole('region', { name: exactly(lt('map.mapLabel')) }));
  }
  return page;
}

const words = (language: 'en' | 'lt') => (language === 'en' ? en : lt);
const mapRegion = (page: Page, language: 'en' | 'lt') =>
  page.getByRole('region', { name: exactly(words(language)('map.mapLabel')) });
const pinOf = (page: Page, language: 'en' | 'lt') =>
  page.getByRole('button', { name: exactly(`${words(language)('locationTypes.mushroom_spot')}: ${TITLE}`) });

/** The details, named by the spot's title, with their photo loaded and the map at rest. */
async function openDetails(page: Page, language: 'en' | 'lt', tap: boolean): Promise<Locator> {
  const pin = pinOf(page, language);
  await expectVisible(pin);
  if (tap) await pin.tap();
  else await pin.click();
  const details = mapRegion(page, language).getByRole('dialog', { name: exactly(TITLE) });
  await expectVisible(details);
  await expect.poll(() => imageLoaded(details.getByRole('img')), { timeout: UI_TIMEOUT_MS }).toBe(true);
  // As the brief of issue #36 measures it: a second after the tap, and again five seconds after.
  await page.waitForTimeout(1000);
  return details;
}

async function expectWholeInView(page: Page, details: Locator, language: 'en' | 'lt') {
  const viewport = { x: 0, y: 0, ...page.viewportSize()! };
  const map = await box(mapRegion(page, language));
  const shown = await box(details);
  expect(inside(shown, viewport), `details ${JSON.stringify(shown)} inside the window`).toBe(true);
  expect(inside(shown, map), `details ${JSON.stringify(shown)} inside the map ${JSON.stringify(map)}`).toBe(true);
  const close = details.getByRole('button', { name: exactly(words(language)('map.closePopup')) });
  expect(inside(await box(close), shown)).toBe(true);
  await expectVisible(details.getByRole('heading', { name: exactly(TITLE) }));
  // The pin stays in sight, not under the details.
  const pin = await box(pinOf(page, language));
  expect(inside(pin, map), `the pin ${JSON.stringify(pin)} inside the map ${JSON.stringify(map)}`).toBe(true);
  return { shown, pin, map };
}

describe.each(['en', 'lt'] as const)('a spot’s details (%s)', (language) => {
  it('open on a phone as a sheet over the map, stay open, scroll, leave the map movable and close with Escape', async () => {
    const page = await foragerWithSpot(PHONE, language);
    const details = await openDetails(page, language, true);
    const { shown, pin, map } = await expectWholeInView(page, details, language);
    // A sheet: the map's whole width, at its bottom, with the pin above it.
    expect(Math.round(shown.width)).toBe(Math.round(map.width));
    expect(Math.round(shown.y + shown.height)).toBe(Math.round(map.y + map.height));
    expect(pin.y + pin.height).toBeLessThanOrEqual(shown.y);
    // The map's credits (OpenStreetMap's licence asks for them) stay readable, just above the sheet.
    const credits = await box(page.locator('.leaflet-control-attribution'));
    expect(credits.y + credits.height, `credits ${JSON.stringify(credits)} above the sheet`).toBeLessThanOrEqual(
      Math.ceil(shown.y),
    );
    expect(credits.y).toBeGreaterThanOrEqual(map.y);
    // The focus is in the sheet; Escape closes it and gives the focus back to the pin.
    expect(await details.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expectGone(details);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `${words(language)('locationTypes.mushroom_spot')}: ${TITLE}`,
    );

    await openDetails(page, language, true);
    await expectWholeInView(page, details, language);
    // Long details scroll inside the sheet.
    const scrolled = await details
      .locator('.leaflet-popup-content-wrapper')
      .evaluate((element) => ((element.scrollTop = 120), element.scrollTop));
    expect(scrolled).toBeGreaterThan(0);

    // The map moves above the sheet, which stays open.
    const before = await box(pinOf(page, language));
    await page.mouse.move(map.x + map.width / 2, map.y + 60);
    await page.mouse.down();
    await page.mouse.move(map.x + map.width / 2 - 40, map.y + 90, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await box(pinOf(page, language))).x, { timeout: UI_TIMEOUT_MS }).not.toBe(before.x);

    await page.waitForTimeout(4000);
    await expectVisible(details);
    await expectWholeInView(page, details, language);

    // Turned to a wide window, the sheet opens again as a popup over the pin.
    await page.setViewportSize(DESKTOP.viewport);
    await expect
      .poll(async () => (await box(details)).width < (await box(mapRegion(page, language))).width / 2, {
        timeout: UI_TIMEOUT_MS,
      })
      .toBe(true);
    // The close button closes it.
    await details.getByRole('button', { name: exactly(words(language)('map.closePopup')) }).tap();
    await expectGone(details);
  });

  it('open on a wide screen as a popup over the pin, in view once the photo is in, and stay open', async () => {
    const page = await foragerWithSpot(DESKTOP, language);
    const details = await openDetails(page, language, false);
    const { shown, pin } = await expectWholeInView(page, details, language);
    expect(shown.width).toBeGreaterThanOrEqual(200);
    // Over the pin, not a sheet.
    expect(shown.y + shown.height).toBeLessThanOrEqual(pin.y + 1);
    await page.waitForTimeout(4000);
    await expectWholeInView(page, details, language);

    // Closed and opened again with the photo already loaded: still whole, still open.
    await details.getByRole('button', { name: exactly(words(language)('map.closePopup')) }).click();
    await expectGone(details);
    const again = await openDetails(page, language, false);
    await expectWholeInView(page, again, language);
    await page.waitForTimeout(4000);
    await expectWholeInView(page, again, language);
    await page.keyboard.press('Escape');
    await expectGone(again);
  });
});
