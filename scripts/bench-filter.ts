/**
 * Part of `npm run bench`: the filter bar's queries at 100,000 spots beside the same queries unfiltered, on
 * embedded PGlite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set — on PostgreSQL. One request at a
 * time (the latency a forager waits), median of BENCH_FILTER_ROUNDS after a warm-up; ratio = filtered / unfiltered.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';
import { onEachDatabase, seedBenchData, signInForBench } from './bench-seed.ts';

const SPOTS = 100_000;
const ROUNDS = Number(process.env.BENCH_FILTER_ROUNDS ?? 30);
// The same viewport as the bbox benchmark: a region around Kaunas, like a phone zoomed to level ~10.
const BBOX = 'bbox=23.4,54.7,24.4,55.1&limit=10000';
const LIST = 'limit=50';

/** Each filtered query beside its unfiltered one. "baravykas" matches a quarter of the spots, "kelmas" one in 1,000. */
const CASES: Array<{ name: string; base: string; filter: string }> = [
  { name: 'map box, q=baravykas', base: BBOX, filter: 'q=baravykas' },
  { name: 'map box, q=kelmas (rare)', base: BBOX, filter: 'q=kelmas' },
  {
    name: 'map box, q + type + dates + photo',
    base: BBOX,
    filter: 'q=baravykas&type=mushroom_spot&from=2026-08-01&to=2026-08-31&photo=without',
  },
  { name: 'list page, q=baravykas', base: LIST, filter: 'q=baravykas' },
  { name: 'list page, q=kelmas (rare)', base: LIST, filter: 'q=kelmas' },
  { name: 'list page, visibility=private', base: LIST, filter: 'visibility=private' },
];

async function median(url: string, cookie: string): Promise<{ ms: number; items: number }> {
  let items = 0;
  const times: number[] = [];
  for (let round = -3; round < ROUNDS; round++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = (await response.json()) as { items: unknown[] };
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    if (round >= 0) times.push(performance.now() - started);
    items = body.items.length;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, items };
}

async function bench(label: string, options: DatabaseOptions) {
  const database = await openDatabase(options);
  const seeding = performance.now();
  const { emails } = await seedBenchData(database.db, SPOTS, undefined, 'varied');
  console.log(
    `${label}: ${SPOTS.toLocaleString('en')} spots seeded and indexed in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const app = await buildApp(config, { database, clientDir: null, apiRateLimitPerMinute: 10_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const cookie = await signInForBench(address, emails[0]!);

  const baselines = new Map<string, { ms: number; items: number }>();
  for (const { name, base, filter } of CASES) {
    if (!baselines.has(base)) baselines.set(base, await median(`${address}/api/v1/locations?${base}`, cookie));
    const unfiltered = baselines.get(base)!;
    const filtered = await median(`${address}/api/v1/locations?${base}&${filter}`, cookie);
    console.log(
      `${label.padEnd(10)} ${name.padEnd(36)} filtered ${filtered.ms.toFixed(1).padStart(6)} ms (${String(filtered.items).padStart(4)} spots)` +
        `  unfiltered ${unfiltered.ms.toFixed(1).padStart(6)} ms (${String(unfiltered.items).padStart(4)})  ratio ${(filtered.ms / unfiltered.ms).toFixed(2)}`,
    );
  }
  await app.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await onEachDatabase('bench-filter', { pglite: [0], postgres: [0] }, (label, options) => bench(label, options));
