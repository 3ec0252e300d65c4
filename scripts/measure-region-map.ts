/**
 * `npm run measure:region-map`: the region map in Debian's Chromium at phone size against the real server
 * (production build), with the tests' small region map (server/test/pmtiles-fixture.ts) as MAP_REGION_FILE.
 *
 * - first draw: from choosing "Offline map (…)" until every tile in view is drawn, at the lake at zoom 14,
 *   reading the server's file in byte ranges (online), and again from the copy downloaded to the device.
 *   Medians of RUNS, each in a fresh browser profile (the renderer's chunk comes from the service worker).
 * - range requests: how many reads of /api/v1/map-region/ the first view and then panning and zooming make,
 *   against the API's limit of 1,200 a minute per address (ADR 0017, 0018).
 * Needs `npm run build` first. The browser and the server share these cores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openDatabase } from '../server/db/client.ts';
import { makeRegionFixture } from '../server/test/pmtiles-fixture.ts';
import { startSmtpCatcher } from '../server/test/smtp-catcher.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { FORAY_ROOT, startForayServer } from '../e2e/support/foray-server.ts';
import { en } from '../e2e/support/texts.ts';
import { startTileStub } from '../e2e/support/tile-stub.ts';
import { BENCH_PASSWORD, seedBenchData } from './bench-seed.ts';

const RUNS = Number(process.env.MEASURE_RUNS ?? 5);
const PHONE = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2 };
const LAKE = { latitude: 55.15, longitude: 23.935 };
const REGION_NAME = 'Test forest';

if (!fs.existsSync(path.join(FORAY_ROOT, 'dist/client/index.html'))) {
  console.error('No built web app: run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-measure-region-'));
const regionFile = path.join(dataDir, 'region.pmtiles');
// Zooms 0–15, as deep as the Protomaps builds go, so the layer reads a data tile per request as with a real extract.
const fixture = makeRegionFixture({ maxZoom: 15 });
fs.writeFileSync(regionFile, fixture);
const seeding = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
const { emails } = await seedBenchData(seeding.db, 0);
await seeding.close();

const mail = await startSmtpCatcher();
const tiles = await startTileStub();
const server = await startForayServer({
  smtpUrl: mail.url,
  tileUrls: {
    street: tiles.template('street'),
    satellite: tiles.template('satellite'),
    topo: tiles.template('topo'),
    dark: tiles.template('dark'),
  },
  env: { DATA_DIR: dataDir, MAP_REGION_FILE: regionFile, MAP_REGION_NAME: REGION_NAME },
});
const browser = await launchBrowser();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

/** A signed-in forager at the lake, the service worker in control. */
async function forager() {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: server.baseUrl,
    locale: 'en-GB',
    permissions: ['geolocation'],
    geolocation: LAKE,
  });
  const page = await context.newPage();
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: server.baseUrl },
    data: { email: emails[0], password: BENCH_PASSWORD },
  });
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()}`);
  await page.goto('/');
  await page.getByText(en('map.mapLocationFound')).first().waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const ranges: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/map-region/')) ranges.push(request.headers().range ?? 'whole file');
  });
  return { context, page, ranges };
}

/** Milliseconds from choosing the region map until every tile in view is a drawn canvas. */
async function timeFirstDraw(page: Page): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { regionChosenAt?: number };
    document.addEventListener('change', () => (w.regionChosenAt = performance.now()), { capture: true, once: true });
  });
  await page.getByLabel(en('map.baseLayer')).selectOption({ label: en('mapRegion.layer', { name: REGION_NAME }) });
  // A string, not a function: tsx would wrap the named helper in a `__name` call the page does not have.
  return page.evaluate<number>(`new Promise((resolve) => {
    const check = () => {
      const map = document.querySelector('.leaflet-container').getBoundingClientRect();
      const inView = [...document.querySelectorAll('.leaflet-tile-pane .leaflet-tile')].filter((tile) => {
        const rect = tile.getBoundingClientRect();
        return rect.right > map.left && rect.left < map.right && rect.bottom > map.top && rect.top < map.bottom;
      });
      const drawn = inView.length > 0 && inView.every((tile) => tile instanceof HTMLCanvasElement && tile.classList.contains('leaflet-tile-loaded'));
      if (drawn) resolve(performance.now() - window.regionChosenAt);
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

try {
  const online: number[] = [];
  const fromDevice: number[] = [];
  let firstViewRequests = 0;
  const panRequests: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { context, page, ranges } = await forager();
    online.push(await timeFirstDraw(page));
    if (run === 0) {
      await page.waitForTimeout(500);
      firstViewRequests = ranges.length;
      // A forager looking around: ten drags of half the screen, then zooming out and in again.
      const box = (await page.locator('.leaflet-container').boundingBox())!;
      for (let pan = 0; pan < 10; pan += 1) {
        const before = ranges.length;
        const dx = pan % 2 === 0 ? -200 : 0;
        const dy = pan % 2 === 0 ? 0 : -250;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy, { steps: 8 });
        await page.mouse.up();
        await page.waitForTimeout(400);
        panRequests.push(ranges.length - before);
      }
      for (const name of ['Zoom out', 'Zoom out', 'Zoom out', 'Zoom in', 'Zoom in', 'Zoom in']) {
        const before = ranges.length;
        await page.getByRole('button', { name: en(name === 'Zoom in' ? 'map.zoomIn' : 'map.zoomOut') }).click();
        await page.waitForTimeout(600);
        panRequests.push(ranges.length - before);
      }
    }
    // The same forager downloads the map, then draws it from the device.
    await page.getByRole('button', { name: en('offline.deviceTitle') }).click();
    await page.getByRole('button', { name: /^Download map of / }).click();
    await page.getByText(/MB, downloaded /).waitFor();
    await page.reload();
    await page.getByText(en('map.mapLocationFound')).first().waitFor();
    const beforeLocal = ranges.length;
    fromDevice.push(await timeFirstDraw(page));
    if (ranges.length !== beforeLocal) throw new Error('Drawing from the device read the server’s file');
    await context.close();
  }
  const ms = (values: number[]) =>
    `median ${median(values).toFixed(0)} ms of ${values.length} (${values.map((v) => v.toFixed(0)).join(', ')})`;
  const maxPerStep = Math.max(...panRequests);
  console.log(`Region map (fixture ${fixture.length} bytes, zooms 0–15), phone-sized Chromium at zoom 14:`);
  console.log(`  first draw, read from the server in byte ranges: ${ms(online)}`);
  console.log(`  first draw, from the copy on the device (OPFS): ${ms(fromDevice)}`);
  console.log(
    `  range requests: ${firstViewRequests} for the first view; per pan or zoom step ${panRequests.join(', ')} (max ${maxPerStep}, ${panRequests.reduce((a, b) => a + b, 0)} for 16 steps)`,
  );
} finally {
  await browser.close();
  await server.stop();
  await tiles.close();
  await mail.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
