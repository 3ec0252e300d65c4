/**
 * Part of `npm run bench`: what "found nearby this week" costs (issue #23, ADR 0059), on the real server over HTTP
 * (autocannon, 10 connections, on the same cores as the server), at BENCH_FRUITING_VISITS visits (default 10,000 and
 * 1,000,000) on PostgreSQL. Every size has the same recent visits (RECENT_VISITS in the last two weeks, by FORAGERS
 * foragers over NEAR_SPOTS spots around Vilnius, of SPOTS in Lithuania); the rest are history of the three years before. So the sizes differ only
 * in how many visits there are in all, which the kept finds should make irrelevant. The visits are loaded with the
 * trigger off and counted afresh by foray_fruiting_rebuild(). BENCH_SECONDS (default 10) per measurement.
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
import { nearbyCells } from '../server/features/fruiting/fruiting.queries.ts';
import { countedForagers, nearbyBox, nearbyWindow } from '../server/features/fruiting/fruiting.routes.ts';
import { NEARBY_FORAGERS_MIN } from '../common/schemas/fruiting.ts';
import { BENCH_PASSWORD, BENCH_SPECIES, keptCounts, onEachDatabase, signInForBench } from './bench-seed.ts';

const SIZES = (process.env.BENCH_FRUITING_VISITS ?? '10000,1000000').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const FORAGERS = 300;
const SPOTS = 20_000;
const RECENT_VISITS = 5_000;
/** The spots the recent visits go to: around Vilnius, where the bench asks, so the answer lists species. */
const NEAR_SPOTS = 1_000;
const LITHUANIA = { minLat: 53.9, maxLat: 56.4, minLng: 21.0, maxLng: 26.7 };
/** Vilnius, asked about with the widest radius: the most cells an answer reads. */
const VILNIUS = { lat: 54.6872, lng: 25.2797, radiusKm: 50 };
const VIEWER = 'fruiting-viewer@example.com';

async function seed(db: Database, visits: number): Promise<void> {
  await db.execute(sql`truncate "user" cascade`);
  await db.execute(sql`truncate fruiting_finds`);
  const password = await hash(BENCH_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const viewer = crypto.randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${viewer}, 'bench', ${VIEWER}, true)`,
  );
  await db.execute(
    sql`insert into account (id, account_id, provider_id, user_id, password) values (${crypto.randomUUID()}, ${viewer}, 'credential', ${viewer}, ${password})`,
  );
  // Foragers of long standing, whose finds count (ADR 0073): a year old, with their spots recorded two months ago.
  await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at)
    select 'bench-forager-' || i, 'bench', 'forager-' || i || '@example.com', true, now() - interval '400 days'
    from generate_series(1, ${FORAGERS}) as i`);
  await keptCounts(db, 'off');
  // One parameter, as a PostgreSQL array literal: Drizzle would send a JavaScript array as a row of parameters.
  const species = `{${BENCH_SPECIES.map((name) => `"${name}"`).join(',')}}`;
  // Two in three public, one in four of those approximate; one species each, in turn, and a pair now and then.
  await db.execute(sql`
    insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public, precision,
                           created_at, updated_at)
    select gen_random_uuid(), 'bench-forager-' || (1 + i % ${FORAGERS}), 'mushroom_spot',
           (${species}::text[])[1 + i % ${BENCH_SPECIES.length}]
             || case when i % 7 = 0 then ', ' || (${species}::text[])[1 + (i / 7) % ${BENCH_SPECIES.length}] else '' end,
           case when i <= ${NEAR_SPOTS} then 'Near' else 'Bench' end, date '2026-09-01',
           case when i <= ${NEAR_SPOTS} then ${VILNIUS.lat - 0.3}::float8 + random() * 0.6
                else ${LITHUANIA.minLat}::float8 + random() * ${LITHUANIA.maxLat - LITHUANIA.minLat}::float8 end,
           case when i <= ${NEAR_SPOTS} then ${VILNIUS.lng - 0.5}::float8 + random() * 1.0
                else ${LITHUANIA.minLng}::float8 + random() * ${LITHUANIA.maxLng - LITHUANIA.minLng}::float8 end,
           i % 3 <> 0, case when i % 4 = 0 then '1km' else 'exact' end,
           now() - interval '60 days', now() - interval '60 days'
    from generate_series(1, ${SPOTS}) as i`);
  await keptCounts(db, 'on');
  await db.execute(sql`select foray_map_cells_rebuild()`);
  await db.execute(sql`alter table visits disable trigger visits_fruiting`);
  // Three in five found; the recent ones in the last 14 days, the others before that.
  await db.execute(sql`
    with spot as (select array_agg(id order by id) as ids,
                         array_agg(id order by id) filter (where finder = 'Near') as near from locations)
    insert into visits (id, location_id, visited_on, outcome)
    select gen_random_uuid(),
           case when i <= ${RECENT_VISITS} then spot.near[1 + ((i::bigint * 7919) % array_length(spot.near, 1))::int]
                else spot.ids[1 + ((i::bigint * 7919) % array_length(spot.ids, 1))::int] end,
           (now() at time zone 'UTC')::date - case when i <= ${RECENT_VISITS} then (i % 14)
                                                   else 15 + (random() * 1080)::int end,
           case when i % 5 < 3 then 'found' else 'nothing' end
    from spot, generate_series(1, ${visits}) as i`);
  await db.execute(sql`alter table visits enable trigger visits_fruiting`);
  await db.execute(sql`select foray_fruiting_rebuild()`);
  await db.execute(sql`analyze`);
}

async function bench(label: string, options: DatabaseOptions, visits: number) {
  const database = await openDatabase(options);
  const started = performance.now();
  await seed(database.db, visits);
  const seededS = (performance.now() - started) / 1000;
  const [kept] = (
    (await database.db.execute(sql`select count(*)::int as n from fruiting_finds`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  // The read alone, one at a time, before the server starts: less at the mercy of the machine's other work.
  const box = nearbyBox(VILNIUS.lat, VILNIUS.lng, VILNIUS.radiusKm);
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    const window = nearbyWindow(new Date());
    await nearbyCells(database.db, box, window, NEARBY_FORAGERS_MIN, countedForagers(window));
    times.push(performance.now() - start);
  }
  const queryMedian = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-fruiting-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const app = await buildApp(config, { database, clientDir: null, apiRateLimitPerMinute: 100_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const cookie = await signInForBench(address, VIEWER);
    const url = `${address}/api/v1/fruiting/nearby?lat=${VILNIUS.lat}&lng=${VILNIUS.lng}&radius_km=${VILNIUS.radiusKm}`;
    const probe = await fetch(url, { headers: { cookie } });
    if (!probe.ok) throw new Error(`nearby answered ${probe.status}`);
    const answer = (await probe.json()) as { items: { areas: unknown[] }[] };
    const result = await autocannon({ url, headers: { cookie }, connections: 10, duration: DURATION_S });
    if (result.non2xx > 0) throw new Error(`nearby: ${result.non2xx} non-2xx`);
    console.log(
      `\n${label}, ${visits.toLocaleString('en')} visits (${RECENT_VISITS.toLocaleString('en')} in the last two weeks), ` +
        `${kept!.n.toLocaleString('en')} kept rows; seeded in ${seededS.toFixed(0)} s (${new Date().toISOString().slice(0, 10)})`,
    );
    console.log(
      `  nearby, ${VILNIUS.radiusKm} km around Vilnius (${answer.items.length} species, ` +
        `${answer.items.reduce((sum, item) => sum + item.areas.length, 0)} areas): ` +
        `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ` +
        `the query alone ${queryMedian.toFixed(1)} ms (median of ${times.length})`,
    );
  } finally {
    await app.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase('bench-fruiting', { pglite: [], postgres: SIZES }, bench);
