// One run of `npm run bench:map` (scripts/bench-map.ts): a phone-sized page of one build at one CPU slowdown, from
// navigation through the pans, the zooms and the city view, with what each step measured.
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type pg from 'pg';
import type { ForayServer } from '../../e2e/support/foray-server.ts';
import { en } from '../../e2e/support/texts.ts';
import type { WebAppVariant } from '../baseline-web-app.ts';
import { BENCH_PASSWORD } from '../bench-seed.ts';
import { CITY_CENTRE, CITY_ZOOM } from './city.ts';
import {
  gzipSize,
  headerCount,
  readRecorder,
  recordDownloads,
  resetRecorder,
  RECORDER,
  shownBounds,
  until,
  type Download,
  type FrameStats,
} from './page.ts';

export type Variant = WebAppVariant & { server?: ForayServer };

/** What every run shares: the browser, who signs in, what the map must count, and where to look. */
export type RunSetup = {
  browser: Browser;
  /** The forager who sees every spot. */
  email: string;
  /** Every spot seeded, all in the opening view. */
  all: number;
  tileOrigin: string;
  /** On PostgreSQL: a connection that sees the bench database's running queries. */
  admin: pg.Client | undefined;
  benchDatabase: string;
  citySpots: Array<{ latitude: number; longitude: number }>;
};

const PHONE = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: false, hasTouch: false };

export type Sample = {
  firstClustersMs: number;
  allCountedMs: number;
  jsBeforeTileKb: number;
  /** From navigation to all counted: the long tasks' time over 50 ms each (what Lighthouse's TBT adds up). */
  startBlockingMs: number;
  startLongTasks: number;
  startLongestMs: number;
  pan: FrameStats;
  zoom: FrameStats;
  heapMb: number;
  runningQueries: number | null;
  cityKb: number;
  cityRequests: number;
  cityHeader: number;
  cityInView: number;
  smallPanRequests: number;
};

export async function run(setup: RunSetup, variant: Variant, cpuSlowdown: number): Promise<Sample> {
  const { browser, admin, citySpots } = setup;
  const server = variant.server!;
  const context = await browser.newContext({
    ...PHONE,
    baseURL: server.baseUrl,
    locale: 'en-GB',
  });
  await context.addInitScript(RECORDER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await cdp.send('Network.enable');
  const downloads = recordDownloads(cdp);
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: server.baseUrl },
    data: { email: setup.email, password: BENCH_PASSWORD },
  });
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()}`);

  await page.goto('/');
  // "1,000,000 locations" with any thousands separator.
  const counted = new RegExp(`^${String(setup.all).replace(/\B(?=(\d{3})+$)/g, '[,.\\s\\u00a0]?')} locations`);
  await page
    .getByText(counted)
    .waitFor({ timeout: 120_000 })
    .catch(async (error: unknown) => {
      const shot = path.join(os.tmpdir(), `foray-bench-map-${cpuSlowdown}x.png`);
      await page.screenshot({ path: shot });
      console.error(`The map never counted all the spots at CPU ×${cpuSlowdown}; what it showed: ${shot}`);
      throw error;
    });
  const allCountedMs = (await page.evaluate('performance.now()')) as number;
  const startLong = (await page.evaluate('window.__foray_long')) as number[];
  await until(page, 'window.__foray_first_cluster !== null');
  const firstClustersMs = (await page.evaluate('window.__foray_first_cluster')) as number;
  const firstTile = downloads.find((download) => download.url.startsWith(setup.tileOrigin));
  const jsBeforeTileKb = firstTile
    ? downloads
        .filter((download) => download.type === 'Script' && download.finished <= firstTile.finished)
        .reduce((sum, download) => sum + gzipSize(variant.dist, download.url), 0) / 1024
    : NaN;

  const map = page.getByLabel(en('map.mapLabel'), { exact: true });
  const box = (await map.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

  await page.waitForTimeout(500);
  await resetRecorder(page);
  for (let drag = 0; drag < 10; drag++) {
    const direction = drag % 2 === 0 ? 1 : -1;
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + direction * 120, centre.y + direction * 90, { steps: 15 });
    await page.mouse.up();
    await page.waitForTimeout(300);
  }
  const pan = await readRecorder(page);
  // What the server still runs for this page after the last drag's 300 ms (abandoned tile reads are cancelled).
  const runningQueries = admin
    ? Number(
        (
          await admin.query(`select count(*) as n from pg_stat_activity where datname = $1 and state = 'active'`, [
            setup.benchDatabase,
          ])
        ).rows[0].n,
      )
    : null;
  await cdp.send('HeapProfiler.collectGarbage');
  const heapMb = ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize / 1024 / 1024;

  await resetRecorder(page);
  for (let step = 0; step < 8; step++) {
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, step < 4 ? -240 : 240);
    await page.waitForTimeout(700);
  }
  const zoom = await readRecorder(page);

  // The city view: fly to the forager in Vilnius, two steps out, and wait until the API has been quiet for 2 s.
  const api = (download: Download) => new URL(download.url).pathname.startsWith('/api/');
  // Allowed only now: with the permission already given, the map would open where the forager stands.
  await context.setGeolocation({ ...CITY_CENTRE, accuracy: 10 });
  await context.grantPermissions(['geolocation']);
  const before = downloads.length;
  await page.getByRole('button', { name: en('map.locateMe') }).click();
  // The flight ends where the base map's tiles are all of zoom 16; each step out, where they are all of one less.
  const tilesOfZoom = (zoom: number) =>
    until(
      page,
      `(() => { const tiles = [...document.querySelectorAll('img.leaflet-tile')];` +
        ` return tiles.length > 0 && tiles.every((tile) => tile.src.includes('/street/${zoom}/')); })()`,
    );
  await tilesOfZoom(16);
  for (const zoom of [15, CITY_ZOOM]) {
    await page.getByRole('button', { name: en('map.zoomOut') }).click();
    await tilesOfZoom(zoom);
  }
  let quietSince = Date.now();
  let seenCount = downloads.length;
  while (Date.now() - quietSince < 2_000) {
    await page.waitForTimeout(250);
    if (downloads.length !== seenCount) {
      seenCount = downloads.length;
      if (downloads.slice(before).some(api)) quietSince = Date.now();
    }
  }
  const city = downloads.slice(before).filter(api);
  const bounds = await shownBounds(page, CITY_ZOOM);
  const cityInView = citySpots.filter(
    (spot) =>
      spot.latitude >= bounds.south &&
      spot.latitude <= bounds.north &&
      spot.longitude >= bounds.west &&
      spot.longitude <= bounds.east,
  ).length;
  const cityHeader = await headerCount(page);
  if (process.env.BENCH_MAP_SHOTS)
    await page.screenshot({ path: path.join(os.tmpdir(), `foray-bench-city-${cpuSlowdown}x.png`) });
  const afterCity = downloads.length;
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x + 40, centre.y + 40, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(1_500);
  const smallPanRequests = downloads.slice(afterCity).filter(api).length;

  await context.close();
  return {
    firstClustersMs,
    allCountedMs,
    jsBeforeTileKb,
    startBlockingMs: startLong.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    startLongTasks: startLong.length,
    startLongestMs: startLong.length ? Math.max(...startLong) : 0,
    pan,
    zoom,
    heapMb,
    runningQueries,
    cityKb: city.reduce((sum, download) => sum + download.bytes, 0) / 1024,
    cityRequests: city.length,
    cityHeader,
    cityInView,
    smallPanRequests,
  };
}
