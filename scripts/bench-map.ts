/**
 * `npm run bench:map`: how the map feels with many spots in view, in Debian's Chromium against the real
 * server (production build), tiles from a local stub. A phone-sized window; each figure with the CPU as is and
 * slowed 4× (Chromium's CPU throttling, a stand-in for a mid-range phone).
 *
 * - first view: from navigation until the map's count says all the spots are in view;
 * - pan and zoom: the frames the page drew while the map was dragged (10 drags) and wheel-zoomed (8 steps):
 *   median and 95th-percentile frame time, and the long tasks (> 50 ms main-thread blocks) they had;
 * - the page's JS heap after the 10 drags (after a garbage collection), and on PostgreSQL the server's queries
 *   still running 300 ms after the last drag (a cancelled pan's query must not go on).
 * BENCH_MAP_SPOTS (default 10,000) spots, all public, within the opening view; on embedded PGlite, or on
 * PostgreSQL with BENCH_MAP_DATABASE_URL=postgres://… (a database of this run's own is made and dropped there).
 * Medians of BENCH_RUNS (default 3) runs at each of BENCH_MAP_SLOWDOWNS (default "1,4"). Needs `npm run build` first. The browser and the server share these cores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';
import { startSmtpCatcher } from '../server/test/smtp-catcher.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { FORAY_ROOT, startForayServer } from '../e2e/support/foray-server.ts';
import { en } from '../e2e/support/texts.ts';
import { startTileStub } from '../e2e/support/tile-stub.ts';
import { BENCH_PASSWORD, keptCounts, seedBenchData } from './bench-seed.ts';

const SPOTS = Number(process.env.BENCH_MAP_SPOTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const POSTGRES = process.env.BENCH_MAP_DATABASE_URL;
const PHONE = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: false, hasTouch: false };

if (!fs.existsSync(path.join(FORAY_ROOT, 'dist/client/index.html'))) {
  console.error('No built web app: run `npm run build` first.');
  process.exit(1);
}

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
// Every spot public: the forager sees them all.
await keptCounts(seeding.db, 'off');
await seeding.db.execute(sql`update locations set is_public = true`);
await keptCounts(seeding.db, 'on');
await seeding.db.execute(sql`select foray_map_cells_rebuild()`);
await seeding.db.execute(sql`vacuum analyze locations`);
await seeding.close();
console.log(
  `${SPOTS.toLocaleString('en')} spots seeded on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${Math.round((Date.now() - seedStarted) / 1000)} s`,
);

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
  // With PostgreSQL, several servers could share the database: Foray then wants its session secret set.
  env: {
    DATA_DIR: dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl, AUTH_SECRET: 'bench-map-secret-bench-map-secret-0123' }),
  },
}).catch(async (error: unknown) => {
  await admin?.query(`drop database if exists ${benchDatabase} with (force)`);
  throw error;
});
const browser = await launchBrowser();

type Sample = { firstViewMs: number; pan: FrameStats; zoom: FrameStats; heapMb: number; runningQueries: number | null };
type FrameStats = { medianFrameMs: number; p95FrameMs: number; longTasks: number; longestTaskMs: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};

/** Frame times and long tasks, recorded in the page from the start. */
const RECORDER = `
  window.__foray_frames = []; window.__foray_long = [];
  let last = 0;
  const loop = (time) => { if (last) window.__foray_frames.push(time - last); last = time; requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__foray_long.push(entry.duration); })
    .observe({ type: 'longtask', buffered: true });
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

async function run(cpuSlowdown: number): Promise<Sample> {
  const context = await browser.newContext({ ...PHONE, baseURL: server.baseUrl, locale: 'en-GB' });
  await context.addInitScript(RECORDER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: server.baseUrl },
    data: { email: emails[0], password: BENCH_PASSWORD },
  });
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()}`);

  const started = Date.now();
  await page.goto('/');
  // "1,000,000 locations" with any thousands separator.
  const counted = new RegExp(`^${String(SPOTS).replace(/\B(?=(\d{3})+$)/g, '[,.\\s\\u00a0]?')} locations`);
  await page
    .getByText(counted)
    .waitFor({ timeout: 120_000 })
    .catch(async (error: unknown) => {
      const shot = path.join(os.tmpdir(), `foray-bench-map-${cpuSlowdown}x.png`);
      await page.screenshot({ path: shot });
      console.error(`The map never counted all the spots at CPU ×${cpuSlowdown}; what it showed: ${shot}`);
      throw error;
    });
  const firstViewMs = Date.now() - started;

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

  await context.close();
  return { firstViewMs, pan, zoom, heapMb, runningQueries };
}

try {
  for (const slowdown of (process.env.BENCH_MAP_SLOWDOWNS ?? '1,4').split(',').map(Number)) {
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await run(slowdown));
    const stats = (pick: (sample: Sample) => FrameStats) => {
      const all = samples.map(pick);
      return (
        `median frame ${median(all.map((s) => s.medianFrameMs)).toFixed(1)} ms, p95 ${median(all.map((s) => s.p95FrameMs)).toFixed(1)} ms, ` +
        `long tasks ${median(all.map((s) => s.longTasks))} (longest ${Math.round(median(all.map((s) => s.longestTaskMs)))} ms)`
      );
    };
    console.log(
      `CPU ×${slowdown}, ${SPOTS.toLocaleString('en')} spots in view (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${new Date().toISOString().slice(0, 10)}), medians of ${RUNS}:`,
    );
    console.log(
      `  first view  ${Math.round(median(samples.map((s) => s.firstViewMs)))} ms until all ${SPOTS.toLocaleString('en')} are counted on the map`,
    );
    console.log(`  pan         ${stats((s) => s.pan)}`);
    console.log(
      `  after 10 drags: JS heap ${median(samples.map((s) => s.heapMb)).toFixed(1)} MB` +
        (admin ? `; server queries still running: ${samples.map((s) => s.runningQueries).join(', ')} (each run)` : ''),
    );
    console.log(`  zoom        ${stats((s) => s.zoom)}`);
  }
} finally {
  await browser.close();
  await server.stop();
  await tiles.close();
  await mail.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (admin) {
    await admin.query(`drop database if exists ${benchDatabase} with (force)`);
    await admin.end();
  }
}
