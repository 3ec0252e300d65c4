/**
 * `npm run measure:auth-timing`: does an answer take longer when the e-mail has an account? Medians of
 * sign-up, sign-in and reset requests for existing and unknown addresses, through the real app
 * (fastify.inject on embedded PGlite, mail printed to a silent log).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 25);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-timing-'));
const database = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const floor = Number(process.env.FLOOR_MS ?? 150);
const app = await buildApp(config, {
  database,
  authResponseFloorMs: floor,
  clientDir: null,
  authRateLimit: { window: 60, max: 1e9, signIn: 1e9, signUp: 1e9, reset: 1e9, twoFactor: 1e9 },
});
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

await post('/api/auth/sign-up/email', { email: 'known@example.com', password: 'known password 1' });
await database.db.execute(sql`update "user" set email_verified = true where email = 'known@example.com'`);

async function median(make: (round: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const began = performance.now();
    await make(round);
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const rows: Array<[string, number, number]> = [
  [
    'sign-up',
    await median(() => post('/api/auth/sign-up/email', { email: 'known@example.com', password: 'other password 2' })),
    await median((round) =>
      post('/api/auth/sign-up/email', { email: `new-${round}@example.com`, password: 'other password 2' }),
    ),
  ],
  [
    'sign-in (wrong password)',
    // The per-account limit would answer 429 after 10 failures: start each attempt with a clean count.
    await median(async () => {
      await database.db.execute(sql`delete from sign_in_failure`);
      return post('/api/auth/sign-in/email', { email: 'known@example.com', password: 'wrong password 3' });
    }),
    await median(async () => {
      await database.db.execute(sql`delete from sign_in_failure`);
      return post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'wrong password 3' });
    }),
  ],
  [
    'password reset request',
    await median(() =>
      post('/api/auth/request-password-reset', { email: 'known@example.com', redirectTo: '/reset-password' }),
    ),
    await median((round) =>
      post('/api/auth/request-password-reset', { email: `nobody-${round}@example.com`, redirectTo: '/reset-password' }),
    ),
  ],
];
console.log(`median of ${ROUNDS} requests each, in ms, with a response floor of ${floor} ms (FLOOR_MS)`);
console.log('request                     existing e-mail   unknown e-mail   difference');
for (const [label, existing, unknown] of rows) {
  console.log(
    `${label.padEnd(28)}${existing.toFixed(1).padStart(15)}${unknown.toFixed(1).padStart(17)}${(existing - unknown).toFixed(1).padStart(13)}`,
  );
}
await app.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
