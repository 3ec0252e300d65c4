import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { FORAY_ROOT } from './support/foray-server.ts';
import { addForm, clickMap, mapOf } from './support/spots.ts';
import { en, exactly, lt } from './support/texts.ts';
import { expectGone, expectToast, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const foray = useForay();

const VILNIUS = { latitude: 54.6872, longitude: 25.2797 };
const KAUNAS = { latitude: 54.8985, longitude: 23.9036 };
const DEFAULT_CENTRE = { latitude: 55.1694, longitude: 23.8813 };

/** The map's zoom and centre, read from the tiles it asked for: the tile at the point, at that zoom. */
const expectFetchedTile = (
  zoom: number,
  at: { latitude: number; longitude: number },
  layer: 'street' | 'satellite' = 'street',
) =>
  expect
    .poll(() => foray.tiles.fetchedTileAt(layer, zoom, at.latitude, at.longitude), { timeout: UI_TIMEOUT_MS })
    .toBe(true);

describe('the map', () => {
  it('centres on the forager at zoom 14 when location is allowed, and says so; fetches code kept for later after the tiles', async () => {
    const { page, context } = await foray.newPage({ permissions: ['geolocation'], geolocation: VILNIUS });
    // One bar of signal: each map tile takes a second and a half to come.
    await context.route(`${foray.tiles.origin}/**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/v1/session' || pathname === '/api/v1/config') asked.push(pathname);
    });
    foray.tiles.reset();
    await signedInUser(page, foray);
    await expectToast(page, { title: en('map.mapLocationFound') });
    await expectFetchedTile(14, VILNIUS);
    // Who is signed in and the server's settings were asked once, by index.html's preloads while the scripts
    // loaded: the app's own requests took those answers.
    expect(asked.sort()).toEqual(['/api/v1/config', '/api/v1/session']);
    const initiators = await page.evaluate(() =>
      ['/api/v1/config', '/api/v1/session'].map(
        (path) => (performance.getEntriesByName(location.origin + path)[0] as PerformanceResourceTiming).initiatorType,
      ),
    );
    expect(initiators).toEqual(['link', 'link']);

    // The code kept for use with no signal (the add form, the position fixer, visits, guidance, as the build named
    // them) is fetched only once the map's first tiles are in, however long they take: not while they are on the way.
    const manifest = JSON.parse(
      fs.readFileSync(path.join(FORAY_ROOT, 'dist/client/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const putOff = [
      'client/features/map/add-spot-form.tsx',
      'client/features/map/position-fixer.tsx',
      'client/features/visits/visits-view.tsx',
      'client/features/guidance/guidance-view.tsx',
    ].map((source) => `/${manifest[source]!.file}`);
    const timings = () =>
      page.evaluate(
        ({ files, tiles }) => {
          const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          return {
            chunks: entries.filter((entry) => files.includes(new URL(entry.name).pathname)).map((e) => e.startTime),
            tiles: entries.filter((entry) => entry.name.startsWith(tiles)).map((e) => e.responseEnd),
          };
        },
        { files: putOff, tiles: foray.tiles.origin },
      );
    await expect.poll(async () => (await timings()).chunks.length, { timeout: UI_TIMEOUT_MS }).toBe(putOff.length);
    const { chunks, tiles } = await timings();
    expect(tiles.length).toBeGreaterThan(0);
    expect(Math.min(...chunks)).toBeGreaterThan(Math.min(...tiles));
  });

  it('stays on Lithuania at zoom 7 and explains, when location is refused; locate-me then fails clearly', async () => {
    const { page, context } = await foray.newPage();
    await context.clearPermissions();
    foray.tiles.reset();
    await signedInUser(page, foray);
    await expectToast(page, {
      destructive: true,
      title: en('map.mapLocationDenied'),
      description: en('map.mapLocationDeniedDescription'),
    });
    await expectFetchedTile(7, DEFAULT_CENTRE);
    expect(foray.tiles.requests.street.some((tile) => tile.z > 7)).toBe(false);

    await page.getByRole('button', { name: exactly(en('map.locateMe')) }).click();
    await expectToast(page, {
      destructive: true,
      title: en('map.locateFailed'),
      description: en('map.mapLocationDeniedDescription'),
    });

    // Said once: the next visits start quietly; only locate-me explains again.
    await page.addInitScript(() => {
      const heard: string[] = [];
      (window as unknown as { heardAlerts: string[] }).heardAlerts = heard;
      new MutationObserver(() => {
        for (const alert of document.querySelectorAll('[role="alert"]'))
          if (alert.textContent) heard.push(alert.textContent);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    await expectVisible(mapOf(page));
    const locateMe = page.getByRole('button', { name: exactly(en('map.locateMe')) });
    await expect.poll(() => locateMe.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await locateMe.click();
    await expectToast(page, { destructive: true, title: en('map.locateFailed') });
    const heard = await page.evaluate(() => (window as unknown as { heardAlerts: string[] }).heardAlerts);
    expect(heard.some((text) => text.includes(en('map.locateFailed')))).toBe(true);
    expect(heard.filter((text) => text.includes(en('map.mapLocationDenied')))).toEqual([]);
  });

  it('locate-me flies to the forager at zoom 16 and marks "you are here"', async () => {
    const { page } = await foray.newPage({ permissions: ['geolocation'], geolocation: KAUNAS });
    await signedInUser(page, foray);
    await expectToast(page, { title: en('map.mapLocationFound') });
    await expectFetchedTile(14, KAUNAS);
    // (The app accepts a position fix up to 30 s old, so the forager stays put here.)
    foray.tiles.reset();
    await page.getByRole('button', { name: exactly(en('map.locateMe')) }).click();
    await expectToast(page, { title: en('map.locateSuccess') });
    // A permanent label on the marker, inside the map (the toast above says the same, outside it).
    await expectVisible(mapOf(page).getByText(en('map.youAreHere'), { exact: true }));
    await expectFetchedTile(16, KAUNAS);
  });

  it('on a phone: the map fills the screen under the tabs, toasts cover neither header nor tabs, the layer label stays with its select', async () => {
    const phone = { width: 390, height: 844 };
    const { page } = await foray.newPage({
      viewport: phone,
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: VILNIUS,
    });
    const { email } = await signedInUser(page, foray);

    const toast = page.getByRole('status').filter({ hasText: en('map.mapLocationFound') });
    await expectToast(page, { title: en('map.mapLocationFound') });
    const toastBox = (await toast.boundingBox())!;
    for (const [what, locator] of [
      ['header', page.getByRole('banner')],
      ['tabs', page.getByRole('tablist', { name: exactly(en('app.sections')) })],
    ] as const) {
      const box = (await locator.boundingBox())!;
      const overlaps = toastBox.y < box.y + box.height && box.y < toastBox.y + toastBox.height;
      expect(overlaps, `the toast covers the ${what}`).toBe(false);
    }
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(phone.height);
    await toast.getByRole('button', { name: exactly(en('common.closeNotification')) }).click();
    await expectGone(toast);

    // The map reaches down to the hint line at the bottom of the screen, as map apps do.
    const map = mapOf(page);
    const tabsBottom = await page.getByRole('tablist').evaluate((element) => element.getBoundingClientRect().bottom);
    const hint = page.getByText(en('map.clickHint'), { exact: true });
    const fillsTheScreen = async () => {
      const box = (await map.boundingBox())!;
      const hintBox = (await hint.boundingBox())!;
      return (
        box.y >= tabsBottom &&
        box.height > 384 &&
        hintBox.y + hintBox.height <= phone.height &&
        hintBox.y + hintBox.height > phone.height - 40
      );
    };
    await expect.poll(fillsTheScreen, { timeout: UI_TIMEOUT_MS }).toBe(true);
    const mapHeight = (await map.boundingBox())!.height;

    // The add form opens below the map and is brought into sight; the map keeps its size.
    await clickMap(page, 0, 60);
    const form = addForm(page);
    await expect
      .poll(() => form.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight), {
        timeout: UI_TIMEOUT_MS,
      })
      .toBe(true);
    expect((await map.boundingBox())!.height).toBe(mapHeight);
    await form.getByRole('button', { name: exactly(en('common.cancel')) }).click();
    await expectGone(form);

    // In Lithuanian the longer label and its select still sit on one row, and the map still fills the screen.
    await page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    await expectVisible(page.getByText(lt('app.welcome', { email })));
    const select = page.getByLabel(lt('map.baseLayer'));
    const label = page.getByText(lt('map.baseLayer'), { exact: true });
    const labelBox = (await label.boundingBox())!;
    const selectBox = (await select.boundingBox())!;
    const labelMiddle = labelBox.y + labelBox.height / 2;
    expect(labelMiddle).toBeGreaterThan(selectBox.y);
    expect(labelMiddle).toBeLessThan(selectBox.y + selectBox.height);
    expect(labelBox.x).toBeLessThan(selectBox.x);
    await page.evaluate(() => window.scrollTo(0, 0));
    const ltHint = page.getByText(lt('map.clickHint'), { exact: true });
    await expect
      .poll(
        async () => {
          const hintBox = (await ltHint.boundingBox())!;
          return hintBox.y + hintBox.height <= phone.height && hintBox.y + hintBox.height > phone.height - 40;
        },
        { timeout: UI_TIMEOUT_MS },
      )
      .toBe(true);
  });

  it('switches the base layer, fetching the new layer’s tiles', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    await expectVisible(mapOf(page));
    await expect.poll(() => foray.tiles.requests.street.length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);

    for (const layer of ['satellite', 'topo', 'dark'] as const) {
      expect(foray.tiles.requests[layer]).toEqual([]);
      await page.getByLabel(en('map.baseLayer')).selectOption({ label: en(`map.layers.${layer}`) });
      await expect.poll(() => foray.tiles.requests[layer].length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
    }
  });
});
