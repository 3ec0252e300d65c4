/**
 * `npm run bench:map`: how the map feels on a phone with many spots, in Debian's Chromium against the real server
 * (production build), tiles from a local stub. A phone-sized window; each figure with the CPU as is and slowed 4×
 * (Chromium's CPU throttling, what Lighthouse's mobile profile does).
 *
 * - first clusters: from navigation until the first counted bubble is on the map; all counted: until the header's
 *   count says every spot is in view (all of them are, in the opening view);
 * - JS before the first tile: the gzipped size (zlib level 9, as `npm run size`) of the scripts the page had
 *   finished downloading when the first base-map tile arrived;
 * - pan and zoom: the frames the page drew while the map was dragged (10 drags, starting half a second after the
 *   count, while chunks kept for later may still be loading) and wheel-zoomed (8 steps): median and 95th-percentile
 *   frame time, and the long tasks (> 50 ms main-thread blocks) they had;
 * - start-up blocking: from navigation until all counted, the long tasks' time beyond 50 ms each added up (what
 *   Lighthouse's total blocking time adds up, measured here on the real slowed CPU), their number and the longest;
 * - the page's JS heap after the 10 drags (after a garbage collection), and on PostgreSQL the server's queries still
 *   running 300 ms after the last drag (a cancelled pan's query must not go on);
 * - the city view: "Locate me" in a dense part of Vilnius (BENCH_MAP_CITY_SPOTS spots, default 8,000, in about
 *   8 × 9 km), then two steps out to zoom 14: the bytes of Foray's API answers until the map is quiet (brotli, as on
 *   the wire), the header's count against the spots really inside the view, and what a small pan then asks.
 *
 * BENCH_MAP_SPOTS (default 10,000) spots, all public, within the opening view; on embedded PGlite, or on PostgreSQL
 * with BENCH_MAP_DATABASE_URL=postgres://… (a database of this run's own is made and dropped there).
 * BENCH_MAP_BASELINE=<git ref> builds that commit's web app and measures it beside this checkout's, runs
 * interleaved, both served by this checkout's server (older web apps must keep working with it).
 * Medians of BENCH_RUNS (default 3) runs, with the spread, at each of BENCH_MAP_SLOWDOWNS (default "1,4").
 * Needs `npm run build` first. The browser and the server share these cores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CDPSession, Page } from 'playwright-core';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';
import { startSmtpCatcher } from '../server/test/smtp-catcher.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { FORAY_ROOT, startForayServer, type ForayServer } from '../e2e/support/foray-server.ts';
import { en } from '../e2e/support/texts.ts';
import { startTileStub } from '../e2e/support/tile-stub.ts';
import { BENCH_PASSWORD, keptCounts, seedBenchData } from './bench-seed.ts';
import { webAppVariants, type WebAppVariant } from './baseline-web-app.ts';

const SPOTS = Number(process.env.BENCH_MAP_SPOTS ?? 10_000);
const CITY_SPOTS = Number(process.env.BENCH_MAP_CITY_SPOTS ?? 8_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const POSTGRES = process.env.BENCH_MAP_DATABASE_URL;
const BASELINE = process.env.BENCH_MAP_BASELINE;
const PHONE = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: false, hasTouch: false };
/** The dense part of the city: a box of about 8 × 9 km around Vilnius' old town. */
const CITY = { minLat: 54.65, maxLat: 54.73, minLng: 25.21, maxLng: 25.35 };
const CITY_CENTRE = { latitude: 54.6872, longitude: 25.2797 };
/** Where "Locate me" flies to, less the two steps out: the city view. */
const CITY_ZOOM = 14;

if (!fs.existsSync(path.join(FORAY_ROOT, 'dist/client/index.html'))) {
  console.error('No built web app: run `npm run build` first.');
  process.exit(1);
}

/** A small seeded random number generator, so the city's spots are the same every run and known to the bench. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(20_261_128);
const citySpots = Array.from({ length: CITY_SPOTS }, () => ({
  latitude: CITY.minLat + random() * (CITY.maxLat - CITY.minLat),
  longitude: CITY.minLng + random() * (CITY.maxLng - CITY.minLng),
}));

// Seed a data folder (or a PostgreSQL database of its own), then hand it to the real server process.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-map-'));
const benchDatabase = `foray_bench_map_${process.pid}`;
let databaseUrl: string | undefined;
let admin: pg.Client | undefined;
if (POSTGRES) {
  admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`create database ${benchDatabase}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${benchDatabase}`;
  databaseUrl = url.toString();
}
const seedOptions: DatabaseOptions = databaseUrl
  ? { kind: 'postgres', url: databaseUrl }
  : { kind: 'pglite', dir: path.join(dataDir, 'db') };
const seeding = await openDatabase(seedOptions);
const seedStarted = Date.now();
// Within what a phone shows of the map's opening view (zoom 7 around 55.17, 23.88).
const { emails } = await seedBenchData(seeding.db, SPOTS, { minLat: 54.75, maxLat: 55.55, minLng: 22.9, maxLng: 24.9 });
// Every spot public: the forager sees them all. The city's spots are the second user's, also in the opening view.
await keptCounts(seeding.db, 'off');
await seeding.db.execute(sql`update locations set is_public = true`);
for (let from = 0; from < citySpots.length; from += 1_000) {
  const rows = citySpots
    .slice(from, from + 1_000)
    .map(
      (spot) =>
        sql`(gen_random_uuid(), (select id from "user" where email = ${emails[1]!}), 'mushroom_spot', 'Cantharellus cibarius', 'Bench', date '2026-09-01', ${spot.latitude}::float8, ${spot.longitude}::float8, true)`,
    );
  await seeding.db.execute(
    sql`insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public) values ${sql.join(rows, sql`, `)}`,
  );
}
await keptCounts(seeding.db, 'on');
await seeding.db.execute(sql`select foray_map_cells_rebuild()`);
await seeding.db.execute(sql`vacuum analyze locations`);
await seeding.close();
const ALL = SPOTS + CITY_SPOTS;
console.log(
  `${ALL.toLocaleString('en')} spots seeded on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${Math.round((Date.now() - seedStarted) / 1000)} s` +
    ` (${CITY_SPOTS.toLocaleString('en')} of them in the city)`,
);

type Variant = WebAppVariant & { server?: ForayServer };
const variants: Variant[] = webAppVariants(BASELINE);

const mail = await startSmtpCatcher();
const tiles = await startTileStub();
const tileOrigin = new URL(tiles.template('street')).origin;
/** Folders made for this run, removed at the end: the copies of the seeded data and the baseline's build. */
const copies: string[] = variants
  .filter((variant) => variant.root !== FORAY_ROOT)
  .map((variant) => path.dirname(variant.root));
try {
  for (const [index, variant] of variants.entries()) {
    // On PGlite each server needs a data folder of its own: the later ones get a copy of the seeded one.
    let variantData = dataDir;
    if (!databaseUrl && index < variants.length - 1) {
      variantData = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-map-copy-'));
      fs.cpSync(dataDir, variantData, { recursive: true });
      copies.push(variantData);
    }
    variant.server = await startForayServer({
      root: variant.root,
      smtpUrl: mail.url,
      tileUrls: {
        street: tiles.template('street'),
        satellite: tiles.template('satellite'),
        topo: tiles.template('topo'),
        dark: tiles.template('dark'),
      },
      // With PostgreSQL, several servers share the database: Foray then wants its session secret set.
      env: {
        DATA_DIR: variantData,
        ...(databaseUrl && { DATABASE_URL: databaseUrl, AUTH_SECRET: 'bench-map-secret-bench-map-secret-0123' }),
      },
    });
  }
} catch (error) {
  await Promise.all(variants.map((variant) => variant.server?.stop()));
  for (const variant of variants) variant.dispose();
  await admin?.query(`drop database if exists ${benchDatabase} with (force)`);
  throw error;
}
const browser = await launchBrowser();

type FrameStats = { medianFrameMs: number; p95FrameMs: number; longTasks: number; longestTaskMs: number };
type Sample = {
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};

/** Frame times, long tasks and the moment the first counted bubble appeared, recorded in the page from the start. */
const RECORDER = `
  window.__foray_frames = []; window.__foray_long = []; window.__foray_first_cluster = null;
  let last = 0;
  const loop = (time) => { if (last) window.__foray_frames.push(time - last); last = time; requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__foray_long.push(entry.duration); })
    .observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, observer) => {
    if (document.querySelector('.foray-cluster')) { window.__foray_first_cluster = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
`;

async function resetRecorder(page: Page) {
  await page.evaluate('window.__foray_frames = []; window.__foray_long = [];');
}
async function readRecorder(page: Page): Promise<FrameStats> {
  const { frames, long } = (await page.evaluate('({ frames: window.__foray_frames, long: window.__foray_long })')) as {
    frames: number[];
    long: number[];
  };
  return {
    medianFrameMs: median(frames),
    p95FrameMs: percentile(frames, 0.95),
    longTasks: long.length,
    longestTaskMs: long.length ? Math.max(...long) : 0,
  };
}

/** What the page downloaded, from Chromium's network events: each answer's URL, kind, bytes on the wire and end. */
type Download = { url: string; type: string; bytes: number; finished: number };
function recordDownloads(cdp: CDPSession) {
  const seen = new Map<string, { url: string; type: string }>();
  const done: Download[] = [];
  cdp.on('Network.responseReceived', (event) =>
    seen.set(event.requestId, { url: event.response.url, type: event.type }),
  );
  cdp.on('Network.loadingFinished', (event) => {
    const response = seen.get(event.requestId);
    if (response) done.push({ ...response, bytes: event.encodedDataLength, finished: event.timestamp });
  });
  return done;
}

const gzipSizes = new Map<string, number>();
/** The file's size gzipped at level 9, read from the variant's build (as `npm run size` counts it). */
function gzipSize(dist: string, url: string): number {
  const file = path.join(dist, new URL(url).pathname);
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
    gzipSizes.set(file, size);
  }
  return size;
}

/**
 * The view the map really shows, read from the page: the container's size, and where one base-map tile of `zoom`
 * (whose place in the world is in its address) sits inside it. Worked out from the locate target instead, the view
 * was a fraction of a pixel off the map's, and a spot on the edge made the "truth" one off.
 */
async function shownBounds(page: Page, zoom: number) {
  const view = (await page.evaluate(
    `(() => { const box = document.querySelector('.leaflet-container').getBoundingClientRect();` +
      ` const tile = [...document.querySelectorAll('img.leaflet-tile')].find((img) => img.src.includes('/street/${zoom}/'));` +
      ` const [, x, y] = tile.src.match(/\\/street\\/\\d+\\/(\\d+)\\/(\\d+)/).map(Number);` +
      ` const at = tile.getBoundingClientRect();` +
      ` return { left: x * at.width - (at.left - box.left), top: y * at.height - (at.top - box.top), width: box.width, height: box.height }; })()`,
  )) as { left: number; top: number; width: number; height: number };
  const topLeft = pixelToLatLng(view.left, view.top, zoom);
  const bottomRight = pixelToLatLng(view.left + view.width, view.top + view.height, zoom);
  return { west: topLeft.longitude, north: topLeft.latitude, east: bottomRight.longitude, south: bottomRight.latitude };
}

function pixelToLatLng(px: number, py: number, zoom: number) {
  const scale = 256 * 2 ** zoom;
  return {
    longitude: (px / scale) * 360 - 180,
    latitude: (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / scale))) * 180) / Math.PI,
  };
}

/** Waits until the expression is true in the page (the page's CSP forbids Playwright's own polling of a string). */
async function until(page: Page, expression: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`Still not true after ${timeoutMs} ms: ${expression}`);
    await page.waitForTimeout(100);
  }
}

async function headerCount(page: Page): Promise<number> {
  const text = await page
    .getByText(/^[\d,.\s\u00a0]+ locations?/)
    .first()
    .textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

async function run(variant: Variant, cpuSlowdown: number): Promise<Sample> {
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
    data: { email: emails[0], password: BENCH_PASSWORD },
  });
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()}`);

  await page.goto('/');
  // "1,000,000 locations" with any thousands separator.
  const counted = new RegExp(`^${String(ALL).replace(/\B(?=(\d{3})+$)/g, '[,.\\s\\u00a0]?')} locations`);
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
  const firstTile = downloads.find((download) => download.url.startsWith(tileOrigin));
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
            benchDatabase,
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

/** The median and, in brackets, the lowest and highest of the runs. */
function spread(values: number[], digits = 0, unit = '') {
  const show = (value: number) => value.toFixed(digits) + unit;
  return `${show(median(values))} (${show(Math.min(...values))}–${show(Math.max(...values))})`;
}

try {
  for (const slowdown of (process.env.BENCH_MAP_SLOWDOWNS ?? '1,4').split(',').map(Number)) {
    const samples = new Map<Variant, Sample[]>(variants.map((variant) => [variant, []]));
    // Interleaved, so that both builds meet the same moments of a busy machine.
    for (let i = 0; i < RUNS; i++)
      for (const variant of variants) samples.get(variant)!.push(await run(variant, slowdown));
    console.log(
      `\nCPU ×${slowdown}, ${ALL.toLocaleString('en')} spots in the opening view (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ` +
        `${new Date().toISOString().slice(0, 10)}), medians of ${RUNS} (lowest–highest):`,
    );
    for (const variant of variants) {
      const all = samples.get(variant)!;
      const of = <T>(pick: (sample: Sample) => T) => all.map(pick);
      const frames = (pick: (sample: Sample) => FrameStats) =>
        `median frame ${spread(
          of((s) => pick(s).medianFrameMs),
          1,
          ' ms',
        )}, p95 ${spread(
          of((s) => pick(s).p95FrameMs),
          1,
          ' ms',
        )}, ` +
        `long tasks ${spread(of((s) => pick(s).longTasks))} (longest ${spread(
          of((s) => pick(s).longestTaskMs),
          0,
          ' ms',
        )})`;
      console.log(`  ${variant.name}`);
      console.log(
        `    first clusters      ${spread(
          of((s) => s.firstClustersMs),
          0,
          ' ms',
        )} after navigation`,
      );
      console.log(
        `    all counted         ${spread(
          of((s) => s.allCountedMs),
          0,
          ' ms',
        )}`,
      );
      console.log(
        `    JS before 1st tile  ${spread(
          of((s) => s.jsBeforeTileKb),
          1,
          ' KB',
        )} gzipped`,
      );
      console.log(
        `    start-up blocking   ${spread(
          of((s) => s.startBlockingMs),
          0,
          ' ms',
        )} (long tasks' time over 50 ms, navigation to all counted), long tasks ${spread(
          of((s) => s.startLongTasks),
        )} (longest ${spread(
          of((s) => s.startLongestMs),
          0,
          ' ms',
        )})`,
      );
      console.log(`    pan                 ${frames((s) => s.pan)}`);
      console.log(
        `    after 10 drags      JS heap ${spread(
          of((s) => s.heapMb),
          1,
          ' MB',
        )}` + (admin ? `; server queries still running: ${of((s) => s.runningQueries).join(', ')} (each run)` : ''),
      );
      console.log(`    zoom                ${frames((s) => s.zoom)}`);
      console.log(
        `    city view (z ${CITY_ZOOM})    ${spread(
          of((s) => s.cityKb),
          1,
          ' KB',
        )} of API answers in ${spread(of((s) => s.cityRequests))} requests; ` +
          `header ${of((s) => s.cityHeader).join(', ')} against ${of((s) => s.cityInView).join(', ')} spots in view; ` +
          `a small pan then asked ${of((s) => s.smallPanRequests).join(', ')}`,
      );
    }
  }
} finally {
  await browser.close();
  await Promise.all(variants.map((variant) => variant.server?.stop()));
  await tiles.close();
  await mail.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  for (const copy of copies) fs.rmSync(copy, { recursive: true, force: true });
  for (const variant of variants) variant.dispose();
  if (admin) {
    await admin.query(`drop database if exists ${benchDatabase} with (force)`);
    await admin.end();
  }
}
