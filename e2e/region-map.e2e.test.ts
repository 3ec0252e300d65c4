// The operator's region map in the web app (ADR 0018): drawn in the browser from the server's PMTiles file,
// downloaded into the origin-private file system, used with no signal, removed, and refused when the device
// has too little storage. The server serves the tests' small map (a forest, a lake and a road near the
// default view), padded to 3 MB.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ClientConfig } from '../common/schemas/config.ts';
import { makeRegionFixture } from '../server/test/pmtiles-fixture.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { useOfflineForay } from './support/offline.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const REGION = { name: 'Test forest', bytes: 3 * 1024 * 1024 };
const offline = useOfflineForay({ regionMap: REGION });

/** The fixture's lake (23.92–23.95 E, 55.14–55.16 N); the map centres here at zoom 14 when located. */
const LAKE = { latitude: 55.15, longitude: 23.935 };
/** A point in the lake away from its name, which is drawn at its middle. */
const IN_THE_LAKE = { latitude: 55.145, longitude: 23.925 };
const ZOOM_AFTER_LOCATING = 14;

const layerSelect = (page: Page) => page.getByLabel(en('map.baseLayer'));
const regionLayerName = en('mapRegion.layer', { name: REGION.name });
const devicePanel = (page: Page) => page.getByRole('dialog', { name: exactly(en('offline.deviceTitle')) });

/** Web Mercator pixel of a point in Leaflet's world at `zoom`. */
function worldPixel(point: { latitude: number; longitude: number }, zoom: number) {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((point.latitude * Math.PI) / 180);
  return {
    x: ((point.longitude + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/**
 * The colour the region layer painted at `point` (the map centred on `centre` at `zoom`), read from the
 * layer's own canvas tiles: markers and circles drawn above it do not count. null while no tile is there.
 */
async function regionPixelAt(page: Page, point: typeof LAKE, centre: typeof LAKE, zoom: number) {
  const box = await page.getByLabel(en('map.mapLabel'), { exact: true }).boundingBox();
  if (!box) return null;
  const a = worldPixel(point, zoom);
  const b = worldPixel(centre, zoom);
  const at = { x: box.x + box.width / 2 + (a.x - b.x), y: box.y + box.height / 2 + (a.y - b.y) };
  return page.evaluate(({ x, y }) => {
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>(
      '.leaflet-tile-pane canvas.leaflet-tile-loaded',
    )) {
      const rect = canvas.getBoundingClientRect();
      if (x < rect.left || x >= rect.right || y < rect.top || y >= rect.bottom || rect.width === 0) continue;
      const scale = canvas.width / rect.width;
      const [r, g, b] = canvas
        .getContext('2d')!
        .getImageData(Math.floor((x - rect.left) * scale), Math.floor((y - rect.top) * scale), 1, 1).data;
      return { r: r!, g: g!, b: b! };
    }
    return null;
  }, at);
}

/** The Protomaps light style's water (#80deea): unlike its land, forest or background, blue well above red. */
const isWater = (pixel: { r: number; g: number; b: number } | null) => pixel !== null && pixel.b > 200 && pixel.r < 170;

const expectLakeDrawn = (page: Page) =>
  expect
    .poll(async () => isWater(await regionPixelAt(page, IN_THE_LAKE, LAKE, ZOOM_AFTER_LOCATING)), {
      timeout: UI_TIMEOUT_MS,
    })
    .toBe(true);

async function opfsEntries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const names: string[] = [];
    for await (const [name, handle] of root as unknown as AsyncIterable<[string, FileSystemHandle]>) {
      if (handle.kind === 'directory') {
        for await (const [inner] of handle as unknown as AsyncIterable<[string, FileSystemHandle]>)
          names.push(`${name}/${inner}`);
      } else names.push(name);
    }
    return names.sort();
  });
}

/** The operator replaces the file (a new one renamed over the old, as docs/region-map.md says); returns its new ETag. */
async function replaceRegionFile(page: Page, maxZoom: number): Promise<string> {
  const file = offline.foray.regionFile!;
  const map = makeRegionFixture({ maxZoom });
  fs.writeFileSync(`${file}.new`, Buffer.concat([map, Buffer.alloc(REGION.bytes - map.length)]));
  fs.renameSync(`${file}.new`, file);
  return ((await (await page.request.get('/api/v1/config')).json()) as ClientConfig).map_region!.etag;
}

/** What the device records about its copy (OPFS map-region/region.json). */
function storedRegion(page: Page): Promise<{ etag: string; complete: boolean }> {
  return page.evaluate(async () => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('map-region');
    return JSON.parse(await (await (await folder.getFileHandle('region.json')).getFile()).text()) as {
      etag: string;
      complete: boolean;
    };
  });
}

describe('the region map', () => {
  it('draws the server’s file in the browser when chosen, credits OpenStreetMap, and leaves nothing in the service worker’s caches', async () => {
    const { page } = await offline.forager(undefined, { geolocation: LAKE });
    await expectToast(page, { title: en('map.mapLocationFound') });

    await layerSelect(page).selectOption({ label: regionLayerName });
    await expectLakeDrawn(page);
    await expectVisible(page.locator('.leaflet-control-attribution').getByRole('link', { name: 'OpenStreetMap' }));
    expect(await page.locator('.leaflet-control-attribution').innerText()).toContain('© OpenStreetMap contributors');

    // Read in byte ranges from the server, through the service worker, which must keep none of them.
    expect(offline.proxy.count('GET', /^\/api\/v1\/map-region\/region\.pmtiles/)).toBeGreaterThan(0);
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        urls.push(...(await (await caches.open(name)).keys()).map((request) => request.url));
      return urls;
    });
    expect(kept.filter((url) => url.includes('/map-region/'))).toEqual([]);
  });

  it('downloads to the device, resuming after a lost connection, and draws from it with no signal, switching to it where the chosen layer has no kept tiles', async () => {
    const { page, context } = await offline.forager();
    await page.getByRole('button', { name: exactly(en('offline.deviceTitle')) }).click();
    const panel = devicePanel(page);
    // The connection drops during the download: it stops with a message and can go on from there.
    offline.proxy.cutNextAnswer('GET', '/api/v1/map-region/region.pmtiles', 1024 * 1024);
    await panel.getByRole('button', { name: /^Download map of Test forest/ }).click();
    await expectVisible(panel.getByRole('alert').filter({ hasText: en('mapRegion.errorNetwork') }));
    await expectVisible(panel.getByText(/^Download stopped at 0[.,]0 of 3[.,]0 MB$/));
    await panel.getByRole('button', { name: exactly(en('mapRegion.resume')) }).click();
    await expectVisible(panel.getByText(/^3[.,]0 MB, downloaded /));
    expect(await opfsEntries(page)).toEqual(['map-region/part-0000', 'map-region/region.json']);
    await panel.getByRole('button', { name: exactly(en('common.close')) }).click();

    // With no signal the forager walks to the lake, where the street layer has no kept tiles.
    await context.setOffline(true);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(LAKE);
    const before = offline.proxy.count('GET', /^\/api\/v1\/map-region\//);
    await page.reload();
    await expectVisible(page.getByRole('status').filter({ hasText: en('mapRegion.switched', { name: REGION.name }) }));
    await expect.poll(() => layerSelect(page).inputValue(), { timeout: UI_TIMEOUT_MS }).toBe('region');
    await expectLakeDrawn(page);
    expect(offline.proxy.count('GET', /^\/api\/v1\/map-region\//)).toBe(before);
    await expectNoSeriousA11yViolations(page, 'map showing the region map with no signal');
  });

  it('restarts a download when the file changes under it, offers a newer file as an update, and "Remove" frees the space', async () => {
    const { page } = await offline.forager();
    await page.getByRole('button', { name: exactly(en('offline.deviceTitle')) }).click();
    let panel = devicePanel(page);
    const download = panel.getByRole('button', { name: /^Download map of Test forest/ });
    await expectVisible(download);
    // Replaced between reading the config and the first range: If-Range fails, the server sends the whole new
    // file (200), and the phone starts again with the new version rather than mix two.
    const first = ((await (await page.request.get('/api/v1/config')).json()) as ClientConfig).map_region!.etag;
    const second = await replaceRegionFile(page, 11);
    expect(second).not.toBe(first);
    await download.click();
    await expectVisible(panel.getByText(/^3[.,]0 MB, downloaded /));
    expect(await storedRegion(page)).toMatchObject({ etag: second, complete: true });
    await panel.getByRole('button', { name: exactly(en('common.close')) }).click();

    const third = await replaceRegionFile(page, 10);
    expect(third).not.toBe(second);
    await page.getByRole('button', { name: exactly(en('offline.deviceTitle')) }).click();
    panel = devicePanel(page);
    await expectVisible(panel.getByText(exactly(en('mapRegion.updateAvailable', { size: '3.0' }))));
    await expectNoSeriousA11yViolations(page, 'device panel offering a region map update');
    await panel.getByRole('button', { name: exactly(en('mapRegion.update')) }).click();
    await expectGone(panel.getByText(exactly(en('mapRegion.updateAvailable', { size: '3.0' }))));
    await expectVisible(panel.getByText(/^3[.,]0 MB, downloaded /));
    expect(await storedRegion(page)).toMatchObject({ etag: third, complete: true });

    const usage = () => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    const withMap = await usage();
    await panel.getByRole('button', { name: exactly(en('mapRegion.remove')) }).click();
    await expectVisible(panel.getByText(exactly(en('mapRegion.notDownloaded'))));
    expect(await opfsEntries(page)).toEqual([]);
    await expect.poll(usage, { timeout: UI_TIMEOUT_MS }).toBeLessThan(withMap - REGION.bytes / 2);
    await expectVisible(panel.getByRole('button', { name: /^Download map of Test forest/ }));
  });

  it('says how much storage is missing before downloading anything', async () => {
    const { page } = await offline.forager();
    // A phone with 1 MB free: Chromium's quota override (CDP) limits writes but not what estimate() reports.
    await page.evaluate(() => {
      navigator.storage.estimate = async () => ({ quota: 2 * 1024 * 1024, usage: 1024 * 1024 });
    });
    const requestsBefore = offline.proxy.count('GET', /^\/api\/v1\/map-region\//);
    await page.getByRole('button', { name: exactly(en('offline.deviceTitle')) }).click();
    const panel = devicePanel(page);
    await panel.getByRole('button', { name: /^Download map of Test forest/ }).click();
    await expectVisible(
      panel.getByRole('alert').filter({ hasText: en('mapRegion.errorSpace', { needed: '3.0', available: '1.0' }) }),
    );
    expect(offline.proxy.count('GET', /^\/api\/v1\/map-region\//)).toBe(requestsBefore);
    expect(await opfsEntries(page)).toEqual([]);
  });

  it('gives the space back and says so when the device fills up during the download', async () => {
    const { page } = await offline.forager(undefined, { quotaBytes: 1 });
    await page.getByRole('button', { name: exactly(en('offline.deviceTitle')) }).click();
    const panel = devicePanel(page);
    await panel.getByRole('button', { name: /^Download map of Test forest/ }).click();
    await expectVisible(panel.getByRole('alert').filter({ hasText: en('mapRegion.errorQuota', { needed: '3.0' }) }));
    expect(await opfsEntries(page)).toEqual([]);
    await expectVisible(panel.getByText(exactly(en('mapRegion.notDownloaded'))));
  });
});
