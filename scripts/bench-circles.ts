/**
 * Part of `npm run bench`: what circles cost (issue #20, ADR 0053), on the real server over HTTP (autocannon,
 * 10 connections, on the same cores as the server).
 *   - the country view (one z 7 tile) for a viewer in CIRCLES circles against one in none, each circle holding
 *     SHARED_PER_CIRCLE spots of other foragers spread over the country, some of them approximate;
 *   - creating spots shared with a circle against private ones.
 * Each pair is measured in alternating rounds (CIRCLE_ROUNDS, default 3) and the medians compared, so the
 * machine's other work falls on both. BENCH_CIRCLES_SPOTS (default 100,000) spots, half public; BENCH_SECONDS
 * (default 10) per measurement; BENCH_PGLITE=0 measures PostgreSQL alone (with TEST_DATABASE_URL set).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database, type DatabaseOptions } from '../server/db/client.ts';
import { CIRCLES_PER_USER_MAX } from '../common/limits.ts';
import { keptCounts, onEachDatabase, signInForBench, tileOf } from './bench-seed.ts';

const SPOTS = Number(process.env.BENCH_CIRCLES_SPOTS ?? 100_000);
const CIRCLES = 20;
const SHARED_PER_CIRCLE = 200;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.CIRCLE_ROUNDS ?? 3);
const PASSWORD = 'bench password 1';
const LITHUANIA = { minLat: 53.9, maxLat: 56.4, minLng: 21.0, maxLng: 26.7 };
/** The z 7 tile over central Lithuania, which holds most of the country's spots (as in bench-map-tiles.ts). */
const COUNTRY = tileOf(55.2, 23.9, 7);

type Seeded = { inCircles: string; inNone: string; oneCircle: string };

async function seed(db: Database, spots: number): Promise<Seeded> {
  await db.execute(sql`truncate "user" cascade`);
  await db.execute(sql`truncate circles cascade`);
  const password = await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const ids = { inCircles: crypto.randomUUID(), inNone: crypto.randomUUID(), sharer: crypto.randomUUID() };
  for (const [id, email] of Object.entries(ids).map(
    ([name, id]) => [id, `${name.toLowerCase()}@example.com`] as const,
  )) {
    await db.execute(sql`insert into "user" (id, name, email, email_verified) values (${id}, 'bench', ${email}, true)`);
    await db.execute(
      sql`insert into account (id, account_id, provider_id, user_id, password) values (${crypto.randomUUID()}, ${id}, 'credential', ${id}, ${password})`,
    );
  }
  await keptCounts(db, 'off');
  // Half public, spread over the country, most of them the sharer's; the viewers own none of them.
  await db.execute(sql`
    insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public, precision)
    select gen_random_uuid(), ${ids.sharer}, case when i % 5 = 0 then 'car_park' else 'mushroom_spot' end,
           'Cantharellus cibarius', 'Bench', date '2026-09-01' - (i % 60),
           ${LITHUANIA.minLat}::float8 + random() * ${LITHUANIA.maxLat - LITHUANIA.minLat}::float8,
           ${LITHUANIA.minLng}::float8 + random() * ${LITHUANIA.maxLng - LITHUANIA.minLng}::float8,
           i % 2 = 0, case when i % 3 = 0 then '1km' else 'exact' end
    from generate_series(1, ${spots}) as i`);
  await keptCounts(db, 'on');
  await db.execute(sql`select foray_map_cells_rebuild()`);
  // CIRCLES circles of the sharer's, the first viewer in all of them, each holding SHARED_PER_CIRCLE private spots.
  const circles = Array.from({ length: CIRCLES }, () => crypto.randomUUID());
  for (const [index, circle] of circles.entries()) {
    await db.execute(sql`insert into circles (id, name) values (${circle}, ${`Club ${index + 1}`})`);
    await db.execute(sql`insert into circle_members (circle_id, user_id, role)
      values (${circle}, ${ids.sharer}, 'owner'), (${circle}, ${ids.inCircles}, 'member')`);
    await db.execute(sql`insert into location_circles (location_id, circle_id)
      select id, ${circle} from locations where not is_public order by id offset ${index * SHARED_PER_CIRCLE}
      limit ${SHARED_PER_CIRCLE}`);
  }
  // The viewer in none still owns one circle, to share new spots with in the create measurement.
  const own = crypto.randomUUID();
  await db.execute(sql`insert into circles (id, name) values (${own}, 'Own')`);
  await db.execute(sql`insert into circle_members (circle_id, user_id, role) values (${own}, ${ids.inNone}, 'owner')`);
  await db.execute(sql`analyze`);
  return { inCircles: 'incircles@example.com', inNone: 'innone@example.com', oneCircle: own };
}

async function tileRate(address: string, cookie: string): Promise<number> {
  const url = `${address}/api/v1/map/tiles/${COUNTRY.z}/${COUNTRY.x}/${COUNTRY.y}`;
  const probe = await fetch(url, { headers: { cookie } });
  if (!probe.ok) throw new Error(`the country tile answered ${probe.status}`);
  const result = await autocannon({ url, headers: { cookie }, connections: 10, duration: DURATION_S });
  if (result.non2xx > 0) throw new Error(`country tile: ${result.non2xx} non-2xx`);
  return result.requests.average;
}

async function createRate(address: string, cookie: string, circleId: string | null): Promise<number> {
  const body = () =>
    JSON.stringify({
      type: 'mushroom_spot',
      mushroom_types: 'Bench',
      finder: 'Bench',
      date_found: '2026-09-01',
      latitude: LITHUANIA.minLat + Math.random() * (LITHUANIA.maxLat - LITHUANIA.minLat),
      longitude: LITHUANIA.minLng + Math.random() * (LITHUANIA.maxLng - LITHUANIA.minLng),
      ...(circleId ? { audience: 'circles', circle_ids: [circleId] } : {}),
    });
  const result = await autocannon({
    url: `${address}/api/v1/locations`,
    method: 'POST',
    headers: { cookie, origin: address, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
    connections: 10,
    duration: DURATION_S,
  });
  if (result.non2xx > 0) throw new Error(`creating spots: ${result.non2xx} non-2xx`);
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `a` and `b` in ROUNDS alternating rounds; their medians. */
async function pair(a: () => Promise<number>, b: () => Promise<number>) {
  const [first, second]: [number[], number[]] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      first.push(await a());
      second.push(await b());
    } else {
      second.push(await b());
      first.push(await a());
    }
  }
  return { a: median(first), b: median(second) };
}

async function bench(label: string, options: DatabaseOptions, spots: number) {
  const database = await openDatabase(options);
  const seeded = await seed(database.db, spots);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-circles-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const app = await buildApp(config, { database, clientDir: null, apiRateLimitPerMinute: 100_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const inCircles = await signInForBench(address, seeded.inCircles, PASSWORD);
    const inNone = await signInForBench(address, seeded.inNone, PASSWORD);
    const tiles = await pair(
      () => tileRate(address, inCircles),
      () => tileRate(address, inNone),
    );
    const creates = await pair(
      () => createRate(address, inNone, seeded.oneCircle),
      () => createRate(address, inNone, null),
    );
    const percent = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
    console.log(`\n${label}, ${spots.toLocaleString('en')} spots (${new Date().toISOString().slice(0, 10)})`);
    console.log(
      `  country tile (z 7), viewer in ${CIRCLES} circles (of at most ${CIRCLES_PER_USER_MAX}), each sharing ${SHARED_PER_CIRCLE} spots: ` +
        `${tiles.a.toFixed(0)} req/s; viewer in none: ${tiles.b.toFixed(0)} req/s (${percent(tiles.a, tiles.b)})`,
    );
    console.log(
      `  creating spots shared with a circle: ${creates.a.toFixed(0)} a second; private: ${creates.b.toFixed(0)} ` +
        `(${percent(creates.a, creates.b)}; medians of ${ROUNDS} alternating rounds)`,
    );
  } finally {
    await app.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase('bench-circles', { pglite: [SPOTS], postgres: [SPOTS] }, bench);
