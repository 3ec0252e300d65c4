/**
 * `npm run measure:export`: how long exporting takes and how much memory the server takes on while it streams,
 * for each format (issue #11, ADR 0035). The real app in this process, on embedded PGlite (and on PostgreSQL
 * when BENCH_DATABASE_URL is set); one forager owns EXPORT_SPOTS spots (default 100,000). The file is read as
 * it arrives and counted, never kept. Peak RSS is sampled every 20 ms; what it adds over the RSS before the
 * request is what the export cost, database work included (PGlite runs in this process too).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';
import { EXPORT_FORMATS } from '../common/export-formats.ts';
import { onEachDatabase, seedBenchData, signInForBench } from './bench-seed.ts';

const OWN = Number(process.env.EXPORT_SPOTS ?? 100_000);
const MB = 1024 * 1024;

async function measure(label: string, options: DatabaseOptions, spots: number) {
  const database = await openDatabase(options);
  // Half of the seeded spots are the first forager's.
  const { emails } = await seedBenchData(database.db, spots * 2);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-measure-export-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const app = await buildApp(config, { database, clientDir: null });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const cookie = await signInForBench(address, emails[0]!);
    console.log(`\n${label}, ${spots.toLocaleString('en')} own spots (${new Date().toISOString().slice(0, 10)})`);
    for (const format of EXPORT_FORMATS) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const start = performance.now();
      const response = await fetch(`${address}/api/v1/export?format=${format}`, {
        headers: { cookie, 'accept-encoding': 'identity' },
      });
      if (!response.ok || !response.body) throw new Error(`${format}: ${response.status}`);
      let bytes = 0;
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      console.log(
        `  ${format.padEnd(8)} ${seconds.toFixed(1).padStart(5)} s  ${(bytes / MB).toFixed(1).padStart(6)} MB  ` +
          `peak RSS ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)} MB over ${(before / MB).toFixed(0)} MB before)`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase('measure-export', { pglite: [OWN], postgres: [OWN] }, measure);
