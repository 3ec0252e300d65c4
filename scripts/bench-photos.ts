/**
 * `npm run bench:photos`: 20 foragers at once each saving spots with a ~12 MP JPEG photo (about 3 MB, like a
 * phone's), through HTTP to a real server on embedded PGlite (or BENCH_DATABASE_URL). Prints the latency of
 * create-with-photo (median, p99, max) and how many photos the server processes at once on this machine.
 * The load generator runs in the same process and on the same cores: compare figures, don't promise them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { PHOTO_JOBS_AT_ONCE } from '../server/photos/photo-processing.ts';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const SPOTS_EACH = Number(process.env.BENCH_SPOTS_EACH ?? 1);
const PASSWORD = 'bench password 1';

// A 4000×3000 photo with fine detail, so it compresses like a real one rather than like a flat colour.
const photo = await sharp({
  create: {
    width: 4000,
    height: 3000,
    channels: 3,
    background: '#808080',
    noise: { type: 'gaussian', mean: 128, sigma: 40 },
  },
})
  .blur(1)
  .jpeg({ quality: 88 })
  .toBuffer();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-photos-'));
const postgresUrl = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(
  postgresUrl ? { kind: 'postgres', url: postgresUrl } : { kind: 'pglite', dir: path.join(dataDir, 'db') },
);
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
});
const app = await buildApp(config, {
  database,
  clientDir: null,
  apiRateLimitPerMinute: 10_000_000,
  authRateLimit: { window: 60, max: 10_000, signIn: 10_000, signUp: 10_000, reset: 10_000, twoFactor: 10_000 },
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// Verified foragers, written straight to the database: sign-up by mail is not what is measured.
const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
const cookies: string[] = [];
for (let i = 0; i < USERS; i++) {
  const id = crypto.randomUUID();
  const email = `bench-photos-${i}-${id.slice(0, 8)}@example.com`;
  await database.db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, 'bench', ${email}, true)`,
  );
  await database.db.execute(
    sql`insert into account (id, account_id, provider_id, user_id, password) values (${crypto.randomUUID()}, ${id}, 'credential', ${id}, ${passwordHash})`,
  );
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  cookies.push(
    signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; '),
  );
}

async function createSpot(cookie: string): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    type: 'mushroom_spot',
    mushroom_types: 'Boletus edulis',
    finder: 'Bench',
    date_found: '2026-09-14',
    latitude: '54.68',
    longitude: '25.28',
  })) {
    form.append(name, value);
  }
  form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const began = performance.now();
  const response = await fetch(`${address}/api/v1/locations`, {
    method: 'POST',
    headers: { cookie, origin: address },
    body: form,
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`create failed: ${response.status}`);
  return performance.now() - began;
}

const began = performance.now();
const latencies = (
  await Promise.all(
    cookies.map(async (cookie) => {
      const own: number[] = [];
      for (let spot = 0; spot < SPOTS_EACH; spot++) own.push(await createSpot(cookie));
      return own;
    }),
  )
).flat();
const seconds = (performance.now() - began) / 1000;

const sorted = [...latencies].sort((a, b) => a - b);
const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
console.log(
  `${USERS} users × ${SPOTS_EACH} spots with a ${(photo.length / 1024 / 1024).toFixed(1)} MB 12 MP JPEG, ` +
    `${PHOTO_JOBS_AT_ONCE} photos processed at once (${os.availableParallelism()} cores, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}): ` +
    `median ${Math.round(percentile(50))} ms, p99 ${Math.round(percentile(99))} ms, max ${Math.round(sorted.at(-1)!)} ms, ` +
    `${(latencies.length / seconds).toFixed(1)} photos/s`,
);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
