/**
 * `npm run measure:import`: how long importing IMPORT_SPOTS (default 10,000) waypoints from a GPX takes — the
 * preview, then the confirm that saves them all in one transaction (issue #11, ADR 0036). The real app over
 * HTTP in this process, on embedded PGlite (and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 * set), with 20,000 spots already in the database (10,000 of them the importing forager's, which the duplicate
 * check reads). RUNS private imports (default 5), each of a new file at new places, medians printed; then one
 * public import. The map's kept counts (ADR 0026) take in each insert statement's spots at once, public or private.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';
import { onEachDatabase, seedBenchData, signInForBench } from './bench-seed.ts';

const SPOTS = Number(process.env.IMPORT_SPOTS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 5);
const NAMES = ['Baravykai', 'Voveraitės', 'Raudonviršiai', 'Lepšiai', 'Stovėjimo aikštelė', 'Kazlėkai', 'Ūmėdės'];

function gpx(run: number): string {
  let text =
    '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1">\n';
  for (let i = 0; i < SPOTS; i++) {
    const lat = (53.9 + Math.random() * 2.5).toFixed(6);
    const lon = (21 + Math.random() * 5.7).toFixed(6);
    text += `<wpt lat="${lat}" lon="${lon}"><time>2025-09-${String(1 + (i % 28)).padStart(2, '0')}T08:00:00Z</time><name>${NAMES[i % NAMES.length]}</name><desc>Run ${run}, waypoint ${i}</desc></wpt>\n`;
  }
  return `${text}</gpx>\n`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(label: string, options: DatabaseOptions) {
  const database = await openDatabase(options);
  const { emails } = await seedBenchData(database.db, 20_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-measure-import-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const app = await buildApp(config, { database, clientDir: null, apiRateLimitPerMinute: 1_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const cookie = await signInForBench(address, emails[0]!);
    const previews: number[] = [];
    const confirms: number[] = [];
    let bytes = 0;
    let publicMs = 0;
    for (let run = 0; run <= RUNS; run++) {
      const sharing = run === RUNS ? 'public' : 'private';
      const file = new Blob([gpx(run)], { type: 'application/gpx+xml' });
      bytes = file.size;
      const post = async (url: string, fields: Record<string, string>) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('file', file, 'bench.gpx');
        const start = performance.now();
        const response = await fetch(`${address}${url}`, {
          method: 'POST',
          headers: { cookie, origin: address },
          body: form,
        });
        const body = (await response.json()) as { spots?: unknown[]; created?: number };
        if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
        return { ms: performance.now() - start, body };
      };
      if (sharing === 'public') {
        const confirm = await post('/api/v1/import', { import_id: crypto.randomUUID(), sharing });
        if ((confirm.body.created ?? 0) < SPOTS * 0.99)
          throw new Error(`public confirm created ${confirm.body.created}`);
        publicMs = confirm.ms;
        continue;
      }
      const preview = await post('/api/v1/import/preview', {});
      if (preview.body.spots?.length !== SPOTS) throw new Error(`preview showed ${preview.body.spots?.length} spots`);
      previews.push(preview.ms);
      const confirm = await post('/api/v1/import', { import_id: crypto.randomUUID() });
      if (confirm.body.created === undefined || confirm.body.created < SPOTS * 0.99)
        throw new Error(`confirm created ${confirm.body.created}`);
      confirms.push(confirm.ms);
    }
    const counted = (await database.db.execute(sql`select count(*)::int as count from locations`)) as unknown as {
      rows: Array<{ count: number }>;
    };
    const count = counted.rows[0]?.count;
    console.log(
      `\n${label}: ${SPOTS.toLocaleString('en')} waypoints (${(bytes / 1024 / 1024).toFixed(1)} MB GPX), ${RUNS} runs, ` +
        `20,000 spots before (${new Date().toISOString().slice(0, 10)})\n` +
        `  preview  median ${(median(previews) / 1000).toFixed(2)} s  (${previews.map((ms) => (ms / 1000).toFixed(2)).join(', ')})\n` +
        `  confirm  median ${(median(confirms) / 1000).toFixed(2)} s  (${confirms.map((ms) => (ms / 1000).toFixed(2)).join(', ')})\n` +
        `  confirm, sharing=public (map counts kept by trigger)  ${(publicMs / 1000).toFixed(2)} s\n` +
        `  ${count ?? '?'} spots after`,
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase('measure-import', { pglite: [0], postgres: [0] }, (label, options) => measure(label, options));
