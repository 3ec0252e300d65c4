/**
 * `npm run bench`: requests per second of the map's bbox route with 10,000 spots in the table, on
 * embedded PGlite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set — on PostgreSQL.
 * The load generator runs on the same machine, so the figures are for comparing, not for promising.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';
import { BENCH_PASSWORD, onEachDatabase, seedBenchData } from './bench-seed.ts';

const SPOTS = 10_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
// A viewport of a region around Kaunas, like a phone zoomed to level ~10.
const BBOX = '23.4,54.7,24.4,55.1';

async function bench(label: string, options: DatabaseOptions) {
  const database = await openDatabase(options);
  const { db } = database;
  const { emails } = await seedBenchData(db, SPOTS);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const app = await buildApp(config, { database, clientDir: null, apiRateLimitPerMinute: 10_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: 'POST',
    // better-auth refuses a state-changing request without an Origin header (CSRF protection).
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email: emails[0], password: BENCH_PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const probe = (await (
    await fetch(`${address}/api/v1/locations?bbox=${BBOX}&limit=10000`, { headers: { cookie } })
  ).json()) as { items: unknown[] };

  const result = await autocannon({
    url: `${address}/api/v1/locations?bbox=${BBOX}&limit=10000`,
    headers: { cookie },
    connections: 10,
    duration: DURATION_S,
  });
  console.log(
    `${label.padEnd(10)} ${SPOTS} spots, ${probe.items.length} visible in the box: ` +
      `${Math.round(result.requests.average)} req/s, latency median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `errors ${result.errors + result.non2xx}`,
  );
  // The same answer as a phone gets it: compressed (issue #10). Sizes from the server's own bytes.
  const sizes: Record<string, number> = {};
  for (const encoding of ['identity', 'gzip', 'br']) {
    const answer = await app.inject({
      url: `/api/v1/locations?bbox=${BBOX}&limit=10000`,
      headers: { cookie, 'accept-encoding': encoding },
    });
    sizes[encoding] = answer.rawPayload.length;
  }
  const compressed = await autocannon({
    url: `${address}/api/v1/locations?bbox=${BBOX}&limit=10000`,
    headers: { cookie, 'accept-encoding': 'br' },
    connections: 10,
    duration: DURATION_S,
  });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `${''.padEnd(10)} answer ${kb(sizes.identity!)}, gzip ${kb(sizes.gzip!)} (${(sizes.identity! / sizes.gzip!).toFixed(1)}× smaller), ` +
      `brotli ${kb(sizes.br!)} (${(sizes.identity! / sizes.br!).toFixed(1)}×); sent as brotli: ${Math.round(compressed.requests.average)} req/s, ` +
      `median ${compressed.latency.p50} ms, p99 ${compressed.latency.p99} ms`,
  );
  await app.close();
  // Let better-auth's deferred session writes land before the pool goes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await onEachDatabase('bench-bbox', { pglite: [0], postgres: [0] }, (label, options) => bench(label, options));
