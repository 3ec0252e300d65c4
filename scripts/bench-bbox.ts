/**
 * `npm run bench`: requests per second of the map's bbox route with 10,000 spots in the table, on
 * embedded PGlite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set — on PostgreSQL.
 * The load generator runs on the same machine, so the figures are for comparing, not for promising.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';

const SPOTS = 10_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
// A viewport of a region around Kaunas, like a phone zoomed to level ~10.
const BBOX = '23.4,54.7,24.4,55.1';

async function bench(label: string, options: DatabaseOptions) {
  const database = await openDatabase(options);
  const { db } = database;
  await db.execute(sql`truncate "user" cascade`);
  const password = await hash('bench password 1', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const users = ['bench-a@example.com', 'bench-b@example.com'].map((email) => ({ id: crypto.randomUUID(), email }));
  for (const user of users) {
    await db.execute(sql`insert into "user" (id, name, email, email_verified) values (${user.id}, 'bench', ${user.email}, true)`);
    await db.execute(
      sql`insert into account (id, account_id, provider_id, user_id, password) values (${crypto.randomUUID()}, ${user.id}, 'credential', ${user.id}, ${password})`,
    );
  }
  // Spots over Lithuania, half of them the other user's, a third of those public.
  await db.execute(sql`
    insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public)
    select gen_random_uuid(), case when i % 2 = 0 then ${users[0]!.id} else ${users[1]!.id} end,
           case when i % 5 = 0 then 'car_park' else 'mushroom_spot' end, 'Cantharellus cibarius', 'Bench',
           date '2026-09-01' - (i % 60), 53.9 + random() * 2.5, 21.0 + random() * 5.7, i % 3 = 0
    from generate_series(1, ${SPOTS}) as i`);
  await db.execute(sql`analyze locations`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret' });
  const app = await buildApp(config, { database, clientDir: null, apiRateLimitPerMinute: 10_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: 'POST',
    // better-auth refuses a state-changing request without an Origin header (CSRF protection).
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email: users[0]!.email, password: 'bench password 1' }),
  });
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const probe = (await (await fetch(`${address}/api/v1/locations?bbox=${BBOX}&limit=10000`, { headers: { cookie } })).json()) as { items: unknown[] };

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
  await app.close();
  // Let better-auth's deferred session writes land before the pool goes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-db-'));
await bench('PGlite', { kind: 'pglite', dir: path.join(pgliteDir, 'db') });
fs.rmSync(pgliteDir, { recursive: true, force: true });
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  // A database of the bench's own: it empties its tables.
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query('drop database if exists foray_bench with (force)');
  await admin.query('create database foray_bench');
  const url = new URL(postgresUrl);
  url.pathname = '/foray_bench';
  await bench('PostgreSQL', { kind: 'postgres', url: url.toString() });
  await admin.query('drop database if exists foray_bench with (force)');
  await admin.end();
}
else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://…)');
