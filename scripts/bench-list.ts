/**
 * Part of `npm run bench`: the Locations list's page at many spots (issue #10). Seeds BENCH_LIST_SPOTS spots
 * (default 100,000) on embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), and
 * BENCH_LIST_BIG (default 1,000,000; 0 to skip) on PostgreSQL only; then prints medians of
 *   - the list route over HTTP, first page and a page deep in the list (a cursor half-way down), 50 a page,
 *     brotli-compressed as a browser asks, to the last byte;
 *   - the page query alone as it is now (own spots and others' public ones as two ordered index scans, merged)
 *     and as it was ("own or public" in one condition, which no index can answer in order), with the ratio.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';
import { listSpots } from '../server/features/spots/spot-list.queries.ts';
import { onEachDatabase, seedBenchData, signInForBench } from './bench-seed.ts';

const SPOTS = Number(process.env.BENCH_LIST_SPOTS ?? 100_000);
const BIG = Number(process.env.BENCH_LIST_BIG ?? 1_000_000);
const PAGE = 50;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(times: number, run: () => Promise<unknown>): Promise<number> {
  await run(); // warm
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    took.push(performance.now() - start);
  }
  return median(took);
}

async function bench(label: string, options: DatabaseOptions, spots: number) {
  const database = await openDatabase(options);
  const { db } = database;
  const seedStart = performance.now();
  const { emails } = await seedBenchData(db, spots);
  const seeded = ((performance.now() - seedStart) / 1000).toFixed(0);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-list-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const app = await buildApp(config, { database, clientDir: null, apiRateLimitPerMinute: 10_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const cookie = await signInForBench(address, emails[0]!);
    const viewer = ((await (await fetch(`${address}/api/v1/me`, { headers: { cookie } })).json()) as { id: string }).id;

    // A cursor half-way down the list: the 50th percentile of what the viewer may see, by time.
    const middle = (await db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, id from locations
      where user_id = ${viewer} or is_public order by created_at desc, id desc offset ${Math.floor(spots / 3)} limit 1`)) as unknown as {
      rows: Array<{ at: string; id: string }>;
    };
    const deep = middle.rows[0]!;
    const deepCursor = Buffer.from(`${deep.at}|${deep.id}`).toString('base64url');

    // As a browser asks (brotli accepted, one kept-alive connection), timed to the answer's last byte. The bytes
    // are not decompressed here: fetch() would do it in this process, beside the server it is timing, where a
    // browser does it on the phone.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const page = (cursor?: string) =>
      new Promise<void>((resolve, reject) => {
        const url = new URL(`${address}/api/v1/locations?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`);
        const request = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname + url.search,
            headers: { cookie, 'accept-encoding': 'br' },
            agent,
          },
          (response) => {
            if (response.statusCode !== 200) reject(new Error(`list answered ${response.statusCode}`));
            response.on('data', () => {});
            response.on('end', resolve);
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end();
      });
    const httpFirst = await timed(50, () => page());
    const httpDeep = await timed(50, () => page(deepCursor));
    agent.destroy();
    const now = await timed(50, () => listSpots(db, viewer, { limit: PAGE, cursor: null, bbox: undefined }));
    const nowDeep = await timed(50, () =>
      listSpots(db, viewer, { limit: PAGE, cursor: { createdAt: deep.at, id: deep.id }, bbox: undefined }),
    );
    // What the list asked before: one scan of everything visible, sorted, then the page.
    const before = await timed(5, () =>
      db.execute(sql`select l.id from locations l where (l.user_id = ${viewer} or l.is_public)
        order by l.created_at desc, l.id desc limit ${PAGE + 1}`),
    );
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `${label.padEnd(10)} ${spots.toLocaleString('en')} spots (seeded in ${seeded} s): list route p50 first page ${ms(httpFirst)}, deep page ${ms(httpDeep)}; ` +
        `page query ${ms(now)} (deep ${ms(nowDeep)}) against ${ms(before)} for "own or public" ids alone — ${(before / now).toFixed(0)}× faster`,
    );
  } finally {
    await app.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase('bench-list', { pglite: [SPOTS], postgres: [SPOTS, ...(BIG > 0 ? [BIG] : [])] }, bench);
