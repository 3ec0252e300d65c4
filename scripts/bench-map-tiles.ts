/**
 * Part of `npm run bench`: the map by tile (issue #10, ADR 0026) against the old design at many spots, on the
 * real server over HTTP (autocannon, 10 connections, on the same 2 cores as the server).
 *   - country view: the z 7 tile over central Lithuania, which holds most of the country's spots;
 *   - city view: a z 13 tile in Kaunas;
 *   - the old design: the bbox route for the whole country, newest first, capped at 10,000 rows;
 *   - writes: creating spots (half public) with the kept counts and without them (triggers off), spread over the country
 *     and all at one place (every write on the same kept cells), in alternating rounds.
 * Spots are spread over Lithuania, half public; the viewer owns 200 of them (100 private), another forager the rest.
 * BENCH_TILES_SPOTS (default 100,000) on PGlite and PostgreSQL; BENCH_TILES_BIG (default 1,000,000; 0 skips) on
 * PostgreSQL only (BENCH_PGLITE=0 skips PGlite); BENCH_SECONDS (default 10) per measurement.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database, type DatabaseOptions } from '../server/db/client.ts';
import { keptCounts, onEachDatabase, signInForBench, tileOf } from './bench-seed.ts';

const SPOTS = Number(process.env.BENCH_TILES_SPOTS ?? 100_000);
const BIG = Number(process.env.BENCH_TILES_BIG ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'bench password 1';
const LITHUANIA = { minLat: 53.9, maxLat: 56.4, minLng: 21.0, maxLng: 26.7 };

async function seed(db: Database, spots: number): Promise<string> {
  await db.execute(sql`truncate "user" cascade`);
  const password = await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const [viewer, other] = [crypto.randomUUID(), crypto.randomUUID()];
  for (const [id, email] of [
    [viewer, 'tiles-viewer@example.com'],
    [other, 'tiles-other@example.com'],
  ] as const) {
    await db.execute(sql`insert into "user" (id, name, email, email_verified) values (${id}, 'bench', ${email}, true)`);
    await db.execute(
      sql`insert into account (id, account_id, provider_id, user_id, password) values (${crypto.randomUUID()}, ${id}, 'credential', ${id}, ${password})`,
    );
  }
  await keptCounts(db, 'off');
  await db.execute(sql`
    insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public)
    select gen_random_uuid(), case when i <= 200 then ${viewer} else ${other} end,
           case when i % 5 = 0 then 'car_park' else 'mushroom_spot' end, 'Cantharellus cibarius', 'Bench', date '2026-09-01' - (i % 60),
           ${LITHUANIA.minLat}::float8 + random() * ${LITHUANIA.maxLat - LITHUANIA.minLat}::float8,
           ${LITHUANIA.minLng}::float8 + random() * ${LITHUANIA.maxLng - LITHUANIA.minLng}::float8,
           i % 2 = 0
    from generate_series(1, ${spots}) as i`);
  await keptCounts(db, 'on');
  await db.execute(sql`select foray_map_cells_rebuild()`);
  await db.execute(sql`analyze locations`);
  await db.execute(sql`analyze map_cells`);
  return 'tiles-viewer@example.com';
}

type Measured = {
  rps: number;
  p50: number;
  p99: number;
  bytes: number | null;
  gzip: number | null;
  timeouts: number;
  pastReadBound: number;
};

/**
 * `oldDesign`: the old select-everything read may run past the read bound (DB_READ_STATEMENT_TIMEOUT_MS, 4 s),
 * which ends it with 503 QUERY_TIMEOUT: such answers are counted as unfinished, not fatal. Anything else not 2xx is.
 */
async function measure(address: string, cookie: string, url: string, { oldDesign = false } = {}): Promise<Measured> {
  const probe = await fetch(`${address}${url}`, { headers: { cookie, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await probe.arrayBuffer());
  if (!probe.ok && !(oldDesign && probe.status === 503)) throw new Error(`${url} answered ${probe.status}`);
  const result = await autocannon({
    url: `${address}${url}`,
    headers: { cookie, 'accept-encoding': 'gzip' },
    connections: 10,
    duration: DURATION_S,
  });
  // A request past autocannon's 10 s is counted, not fatal: the old design at country zoom can take that long.
  if (result.non2xx > 0 && !oldDesign) throw new Error(`${url}: ${result.non2xx} non-2xx`);
  return {
    rps: result.requests.average - (oldDesign ? result.non2xx / DURATION_S : 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: probe.ok ? body.length : null,
    gzip: probe.ok ? zlib.gzipSync(body).length : null,
    timeouts: result.errors,
    pastReadBound: oldDesign ? result.non2xx : 0,
  };
}

type Placement = 'one place' | 'across the country';

/** Spots (half public) created through the API for DURATION_S: all at one point (every write on the same kept cells) or each somewhere else in Lithuania. */
async function createRate(address: string, cookie: string, placement: Placement): Promise<number> {
  // Half of them public, as foragers share some spots and keep others: both kinds of kept counts are written.
  const body = (latitude: number, longitude: number) =>
    JSON.stringify({
      type: 'mushroom_spot',
      mushroom_types: 'Bench',
      finder: 'Bench',
      date_found: '2026-09-01',
      latitude,
      longitude,
      is_public: Math.random() < 0.5,
    });
  const result = await autocannon({
    url: `${address}/api/v1/locations`,
    method: 'POST',
    headers: { cookie, origin: address, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body:
            placement === 'one place'
              ? body(54.9, 23.9)
              : body(
                  LITHUANIA.minLat + Math.random() * (LITHUANIA.maxLat - LITHUANIA.minLat),
                  LITHUANIA.minLng + Math.random() * (LITHUANIA.maxLng - LITHUANIA.minLng),
                ),
        }),
      },
    ],
    connections: 10,
    duration: DURATION_S,
  });
  if (result.non2xx > 0) throw new Error(`creating spots: ${result.non2xx} non-2xx`);
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The create rate with the kept counts against the same server with the trigger off, in CREATE_ROUNDS rounds
 * (default 3) that alternate which goes first, so the table's growth and the machine's other work fall on both.
 */
async function createRates(db: Database, address: string, cookie: string, placement: Placement) {
  const withCounts: number[] = [];
  const withoutCounts: number[] = [];
  const rounds = Number(process.env.CREATE_ROUNDS ?? 3);
  for (let round = 0; round < rounds; round++) {
    for (const trigger of round % 2 === 0 ? ['on', 'off'] : ['off', 'on']) {
      if (trigger === 'off') await keptCounts(db, 'off');
      (trigger === 'on' ? withCounts : withoutCounts).push(await createRate(address, cookie, placement));
      if (trigger === 'off') await keptCounts(db, 'on');
    }
  }
  return { withCounts: median(withCounts), withoutCounts: median(withoutCounts), rounds };
}

async function bench(label: string, options: DatabaseOptions, spots: number) {
  const database = await openDatabase(options);
  const { db } = database;
  const email = await seed(db, spots);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-tiles-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const app = await buildApp(config, { database, clientDir: null, apiRateLimitPerMinute: 100_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const cookie = await signInForBench(address, email, PASSWORD);

    const country = tileOf(55.2, 23.9, 7);
    const city = tileOf(54.897, 23.886, 13);
    const countryTile = await measure(address, cookie, `/api/v1/map/tiles/${country.z}/${country.x}/${country.y}`);
    const cityTile = await measure(address, cookie, `/api/v1/map/tiles/${city.z}/${city.x}/${city.y}`);
    const all = `${LITHUANIA.minLng},${LITHUANIA.minLat},${LITHUANIA.maxLng},${LITHUANIA.maxLat}`;
    const oldCountry = await measure(address, cookie, `/api/v1/locations?bbox=${all}&limit=10000`, { oldDesign: true });
    const spread = await createRates(db, address, cookie, 'across the country');
    const onePlace = await createRates(db, address, cookie, 'one place');

    const row = (name: string, m: Measured) =>
      `  ${name.padEnd(34)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(5)} ms  p99 ${String(m.p99).padStart(5)} ms  ` +
      (m.bytes === null
        ? '   (no answer: past the read bound)'
        : `${(m.bytes / 1024).toFixed(1).padStart(7)} KB (${(m.gzip! / 1024).toFixed(1)} KB gzip)`) +
      (m.timeouts > 0 ? `, ${m.timeouts} past 10 s` : '') +
      (m.pastReadBound > 0 ? `, ${m.pastReadBound} ended by the 4 s read bound (503)` : '');
    console.log(`\n${label}, ${spots.toLocaleString('en')} spots (${new Date().toISOString().slice(0, 10)})`);
    console.log(row('country view, one z 7 tile', countryTile));
    console.log(row('city view, one z 13 tile', cityTile));
    console.log(row('old: country bbox, 10,000 newest', oldCountry));
    console.log(
      oldCountry.rps > 0
        ? `  country tile against the old design: ${(countryTile.rps / oldCountry.rps).toFixed(0)}× the requests a second`
        : `  the old design finished no request in the ${DURATION_S} s run (10 at a time): each took longer than that or ran past the read bound`,
    );
    for (const [placement, rates] of [
      ['across the country', spread],
      ['all at one place', onePlace],
    ] as const) {
      console.log(
        `  creating spots ${placement} (half public): ${rates.withCounts.toFixed(0)} a second with the kept counts, ${rates.withoutCounts.toFixed(0)} without ` +
          `(${((rates.withCounts / rates.withoutCounts) * 100).toFixed(0)} %; medians of ${rates.rounds} alternating rounds)`,
      );
    }
  } finally {
    await app.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase('bench-tiles', { pglite: [SPOTS], postgres: [SPOTS, ...(BIG > 0 ? [BIG] : [])] }, bench);
