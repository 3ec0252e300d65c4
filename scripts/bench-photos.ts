/**
 * `npm run bench:photos`: 20 foragers at once each saving spots with a ~12 MP JPEG photo (about 3 MB, like a
 * phone's), through HTTP to a real server on embedded PGlite (or BENCH_DATABASE_URL). Prints the latency of
 * create-with-photo (median, p99, max) and how many photos the server processes at once on this machine.
 * With BENCH_URL it loads a server that runs elsewhere (a container: scripts/measure-container.ts), whose database
 * already holds the bench's users (scripts/bench-users.ts).
 * Then one forager saves BENCH_SMALL_UPLOADS (default 200) spots with a small photo (160×120), one after another:
 * the median of these is where the fixed cost of each upload shows — the photo quota's bookkeeping (its check and the
 * triggers that keep the account's photo bytes, ADR 0081) — rather than the re-encoding of 12 MP.
 * The load generator runs in the same process and on the same cores: compare figures, don't promise them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { BENCH_PASSWORD, benchEmail, insertBenchUsers } from './bench-users.ts';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const SPOTS_EACH = Number(process.env.BENCH_SPOTS_EACH ?? 1);
const SMALL_UPLOADS = Number(process.env.BENCH_SMALL_UPLOADS ?? 200);

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

const remote = process.env.BENCH_URL;
/** With BENCH_URL, the run whose users were put in that server's database (BENCH_RUN); else a new one. */
const RUN = remote ? (process.env.BENCH_RUN ?? '') : crypto.randomBytes(4).toString('hex');
if (remote && !RUN) throw new Error('BENCH_URL needs BENCH_RUN: the run whose users are in its database');
/** The in-process server, closed at the end; none with BENCH_URL. */
let local: { address: string; close(): Promise<void> } | null = null;
if (!remote) local = await startLocalServer();
const address = remote ?? local!.address;

async function startLocalServer() {
  const { buildApp } = await import('../server/app.ts');
  const { loadConfig } = await import('../server/config.ts');
  const { openDatabase } = await import('../server/db/client.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-bench-photos-'));
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(
    postgresUrl ? { kind: 'postgres', url: postgresUrl } : { kind: 'pglite', dir: path.join(dataDir, 'db') },
  );
  await insertBenchUsers(database.db, RUN, USERS);
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret' }),
    {
      database,
      clientDir: null,
      apiRateLimitPerMinute: 10_000_000,
      authRateLimit: { window: 60, max: 10_000, signIn: 10_000, signUp: 10_000, reset: 10_000, twoFactor: 10_000 },
    },
  );
  return {
    address: await app.listen({ port: 0, host: '127.0.0.1' }),
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Each forager from an address of their own, as behind a proxy, for a server elsewhere that trusts one
 * (TRUST_PROXY): one address would meet the sign-in limit (10 a minute) before the twentieth forager.
 */
const from = (user: number): Record<string, string> => (remote ? { 'x-forwarded-for': `198.51.100.${user + 1}` } : {});

const cookies: string[] = [];
for (let i = 0; i < USERS; i++) {
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address, ...from(i) },
    body: JSON.stringify({ email: benchEmail(RUN, i), password: BENCH_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  cookies.push(
    signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; '),
  );
}

// A phone-sized photo already shrunk on the device: its processing is short, so the rest of an upload shows.
const smallPhoto = await sharp({
  create: {
    width: 160,
    height: 120,
    channels: 3,
    background: '#808080',
    noise: { type: 'gaussian', mean: 128, sigma: 30 },
  },
})
  .jpeg({ quality: 80 })
  .toBuffer();

async function createSpot(cookie: string, user: number, bytes: Buffer = photo): Promise<number> {
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
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const began = performance.now();
  const response = await fetch(`${address}/api/v1/locations`, {
    method: 'POST',
    headers: { cookie, origin: address, ...from(user) },
    body: form,
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`create failed: ${response.status}`);
  return performance.now() - began;
}

const began = performance.now();
const latencies = (
  await Promise.all(
    cookies.map(async (cookie, user) => {
      const own: number[] = [];
      for (let spot = 0; spot < SPOTS_EACH; spot++) own.push(await createSpot(cookie, user));
      return own;
    }),
  )
).flat();
const seconds = (performance.now() - began) / 1000;

const sorted = [...latencies].sort((a, b) => a - b);
const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
// The photo jobs of the server that was loaded: this process's own figure only when it was that server.
const { PHOTO_JOBS_AT_ONCE } = await import('../server/photos/photo-processing.ts');
console.log(
  `${USERS} users × ${SPOTS_EACH} spots with a ${(photo.length / 1024 / 1024).toFixed(1)} MB 12 MP JPEG, ` +
    (remote
      ? `to ${remote}: `
      : `${PHOTO_JOBS_AT_ONCE} photos processed at once (${os.availableParallelism()} cores, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}): `) +
    `median ${Math.round(percentile(50))} ms, p99 ${Math.round(percentile(99))} ms, max ${Math.round(sorted.at(-1)!)} ms, ` +
    `${(latencies.length / seconds).toFixed(1)} photos/s`,
);

if (SMALL_UPLOADS > 0) {
  const small: number[] = [];
  // A few first, not counted: the first requests warm the server's code paths and the database's plans.
  for (let n = 0; n < 10; n++) await createSpot(cookies[0]!, 0, smallPhoto);
  // CPU time of this process (the server, its database when embedded, and the client), which other work on a busy
  // machine disturbs far less than the time on the clock.
  const cpuBefore = process.cpuUsage();
  for (let n = 0; n < SMALL_UPLOADS; n++) small.push(await createSpot(cookies[0]!, 0, smallPhoto));
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / SMALL_UPLOADS;
  small.sort((a, b) => a - b);
  const at = (p: number) => small[Math.min(small.length - 1, Math.ceil((p / 100) * small.length) - 1)]!;
  console.log(
    `1 user, ${SMALL_UPLOADS} spots one after another with a ${(smallPhoto.length / 1024).toFixed(0)} KB 160×120 JPEG: ` +
      `median ${at(50).toFixed(1)} ms, p90 ${at(90).toFixed(1)} ms, ${cpuMs.toFixed(1)} ms of CPU each` +
      (remote ? ' (this process only)' : ''),
  );
}

await local?.close();
