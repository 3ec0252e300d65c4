/**
 * `npm run bench:rate-limit`: what counting every /api/v1 request in the database costs (ADR 0052; Foray does so on
 * PostgreSQL only, and this bench forces it on PGlite too, to show why not there). Two servers
 * on one database, the limit counted in the database by one and in memory by the other, take turns under load on
 * a cheap signed-in route (GET /api/v1/me: one session lookup), so the machine's other work weighs on both alike;
 * medians of the turns. On embedded PGlite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set — on
 * PostgreSQL. The load generator runs on the same machine, so the figures are for comparing, not for promising.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';
import { onEachDatabase, seedBenchData, signInForBench } from './bench-seed.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const TURNS = Number(process.env.BENCH_TURNS ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function bench(label: string, options: DatabaseOptions) {
  const database = await openDatabase(options);
  const { emails } = await seedBenchData(database.db, 0);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-rate-limit-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  // A limit no bench reaches: every request is still counted.
  const servers = {
    database: await buildApp(config, {
      database,
      clientDir: null,
      apiRateLimitPerMinute: 1_000_000_000,
      apiRateLimitCountIn: 'database',
    }),
    memory: await buildApp(config, {
      database,
      clientDir: null,
      apiRateLimitPerMinute: 1_000_000_000,
      apiRateLimitCountIn: 'memory',
    }),
  };
  const addresses = {
    database: await servers.database.listen({ port: 0, host: '127.0.0.1' }),
    memory: await servers.memory.listen({ port: 0, host: '127.0.0.1' }),
  };
  try {
    const cookie = await signInForBench(addresses.database, emails[0]!);
    const rates: Record<'database' | 'memory', number[]> = { database: [], memory: [] };
    const p50s: Record<'database' | 'memory', number[]> = { database: [], memory: [] };
    for (let turn = 0; turn < TURNS; turn++) {
      for (const kind of turn % 2 === 0 ? (['memory', 'database'] as const) : (['database', 'memory'] as const)) {
        const result = await autocannon({
          url: `${addresses[kind]}/api/v1/me`,
          headers: { cookie },
          connections: 10,
          duration: DURATION_S,
        });
        if (result.errors + result.non2xx > 0) throw new Error(`${kind}: ${result.errors + result.non2xx} errors`);
        rates[kind].push(result.requests.average);
        p50s[kind].push(result.latency.p50);
      }
    }
    const memory = median(rates.memory);
    const counted = median(rates.database);
    console.log(
      `${label.padEnd(10)} GET /api/v1/me, median of ${TURNS} turns of ${DURATION_S} s: counted in memory ${Math.round(memory)} req/s ` +
        `(p50 ${median(p50s.memory)} ms), in the database ${Math.round(counted)} req/s (p50 ${median(p50s.database)} ms): ` +
        `${Math.round((1 - counted / memory) * 100)}% fewer`,
    );
  } finally {
    await servers.database.close();
    await servers.memory.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase('bench-rate-limit', { pglite: [0], postgres: [0] }, (label, options) => bench(label, options));
