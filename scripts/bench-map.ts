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
 * interleaved, both served by this checkout's server (older web apps must keep working with it), and printed as
 * one table with a column for each.
 * Medians of BENCH_RUNS (default 5) runs, with the spread, at each of BENCH_MAP_SLOWDOWNS (default "1,4").
 * Needs `npm run build` first. The browser and the server share these cores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';
import { startSmtpCatcher } from '../server/test/smtp-catcher.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { FORAY_ROOT, startForayServer } from '../e2e/support/foray-server.ts';
import { startTileStub } from '../e2e/support/tile-stub.ts';
import { keptCounts, seedBenchData } from './bench-seed.ts';
import { webAppVariants } from './baseline-web-app.ts';
import { citySpotsOf, insertCitySpots } from './bench-map/city.ts';
import { printTable } from './bench-map/report.ts';
import { run, type RunSetup, type Sample, type Variant } from './bench-map/run.ts';

const SPOTS = Number(process.env.BENCH_MAP_SPOTS ?? 10_000);
const CITY_SPOTS = Number(process.env.BENCH_MAP_CITY_SPOTS ?? 8_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const POSTGRES = process.env.BENCH_MAP_DATABASE_URL;
const BASELINE = process.env.BENCH_MAP_BASELINE;

if (!fs.existsSync(path.join(FORAY_ROOT, 'dist/client/index.html'))) {
  console.error('No built web app: run `npm run build` first.');
  process.exit(1);
}

// The city's spots, the same every run: the bench counts those really in view.
const citySpots = citySpotsOf(CITY_SPOTS);

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
await insertCitySpots(seeding.db, citySpots, emails[1]!);
await keptCounts(seeding.db, 'on');
await seeding.db.execute(sql`select foray_map_cells_rebuild()`);
await seeding.db.execute(sql`vacuum analyze locations`);
await seeding.close();
const ALL = SPOTS + CITY_SPOTS;
console.log(
  `${ALL.toLocaleString('en')} spots seeded on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${Math.round((Date.now() - seedStarted) / 1000)} s` +
    ` (${CITY_SPOTS.toLocaleString('en')} of them in the city)`,
);

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
const setup: RunSetup = { browser, email: emails[0]!, all: ALL, tileOrigin, admin, benchDatabase, citySpots };

try {
  for (const slowdown of (process.env.BENCH_MAP_SLOWDOWNS ?? '1,4').split(',').map(Number)) {
    const samples = new Map<Variant, Sample[]>(variants.map((variant) => [variant, []]));
    // Interleaved, so that both builds meet the same moments of a busy machine.
    for (let i = 0; i < RUNS; i++)
      for (const variant of variants) samples.get(variant)!.push(await run(setup, variant, slowdown));
    console.log(
      `\nCPU ×${slowdown}, ${ALL.toLocaleString('en')} spots in the opening view (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ` +
        `${new Date().toISOString().slice(0, 10)}), medians of ${RUNS} (lowest–highest):`,
    );
    printTable(
      variants.map((variant) => ({ name: variant.name, samples: samples.get(variant)! })),
      admin !== undefined,
    );
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
