import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseOptions } from '../server/db/client.ts';

export const BENCH_PASSWORD = 'bench password 1';

/** What `species: 'varied'` names the spots: eight kinds in turn, two of them holding "baravyk" (a quarter). */
export const BENCH_SPECIES = [
  'Baravykai',
  'Voveraitės',
  'Raudonviršiai',
  'Kazlėkai',
  'Ūmėdės',
  'Šilbaravykiai',
  'Lepšiai',
  'Cantharellus cibarius',
];
/** With `species: 'varied'`, one spot in 1,000 has this note: a rare word for the search benchmark. */
export const BENCH_RARE_NOTE = 'Prie seno kelmo';

/**
 * Turns the map's kept counts (ADR 0026: a statement trigger for inserts, a row trigger for updates and deletes)
 * off for a bulk load, or on again; after a load with them off, `select foray_map_cells_rebuild()` counts afresh.
 */
export async function keptCounts(db: Database, state: 'on' | 'off'): Promise<void> {
  const verb = sql.raw(state === 'on' ? 'enable' : 'disable');
  await db.execute(sql`alter table locations ${verb} trigger locations_map_cells`);
  await db.execute(sql`alter table locations ${verb} trigger locations_inserted_map_cells`);
}

/**
 * Two verified foragers and `spots` spots spread at random over `area` (by default the whole of Lithuania):
 * half of them the other forager's, a third of those public, one in five a car park. Empties the tables first.
 * Every spot is "Cantharellus cibarius" unless `species` is 'varied' (BENCH_SPECIES, BENCH_RARE_NOTE).
 */
export async function seedBenchData(
  db: Database,
  spots: number,
  area = { minLat: 53.9, maxLat: 56.4, minLng: 21.0, maxLng: 26.7 },
  species: 'one' | 'varied' = 'one',
): Promise<{ emails: string[] }> {
  await db.execute(sql`truncate "user" cascade`);
  const password = await hash(BENCH_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const users = ['bench-a@example.com', 'bench-b@example.com'].map((email) => ({ id: crypto.randomUUID(), email }));
  for (const user of users) {
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified) values (${user.id}, 'bench', ${user.email}, true)`,
    );
    await db.execute(
      sql`insert into account (id, account_id, provider_id, user_id, password) values (${crypto.randomUUID()}, ${user.id}, 'credential', ${user.id}, ${password})`,
    );
  }
  // A bulk load: the map's kept counts (ADR 0026) are counted once afterwards rather than spot by spot.
  await keptCounts(db, 'off');
  await db.execute(sql`
    insert into locations (id, user_id, type, mushroom_types, notes, finder, date_found, latitude, longitude, is_public)
    select gen_random_uuid(), case when i % 2 = 0 then ${users[0]!.id} else ${users[1]!.id} end,
           case when i % 5 = 0 then 'car_park' else 'mushroom_spot' end,
           ${
             species === 'varied'
               ? sql`(array[${sql.join(
                   BENCH_SPECIES.map((name) => sql`${name}::text`),
                   sql`, `,
                 )}])[1 + i % ${sql.raw(String(BENCH_SPECIES.length))}]`
               : sql`'Cantharellus cibarius'`
           },
           ${species === 'varied' ? sql`case when i % 1000 = 7 then ${BENCH_RARE_NOTE} end` : sql`null`},
           'Bench',
           date '2026-09-01' - (i % 60),
           ${area.minLat}::float8 + random() * ${area.maxLat - area.minLat}::float8,
           ${area.minLng}::float8 + random() * ${area.maxLng - area.minLng}::float8,
           i % 3 = 0
    from generate_series(1, ${spots}) as i`);
  await keptCounts(db, 'on');
  await db.execute(sql`select foray_map_cells_rebuild()`);
  await db.execute(sql`analyze locations`);
  await db.execute(sql`analyze map_cells`);
  return { emails: users.map((user) => user.email) };
}

/**
 * Runs a bench on a fresh embedded PGlite for each of `pgliteSizes`, then — when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a PostgreSQL server — on a database of this run's own there for each of
 * `postgresSizes`: the bench empties its tables, and others may be benchmarking on the same server.
 */
export async function onEachDatabase(
  name: string,
  sizes: { pglite: number[]; postgres: number[] },
  bench: (label: 'PGlite' | 'PostgreSQL', options: DatabaseOptions, spots: number) => Promise<void>,
): Promise<void> {
  // BENCH_PGLITE=0 measures PostgreSQL alone.
  for (const spots of process.env.BENCH_PGLITE === '0' ? [] : sizes.pglite) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `foray-${name}-db-`));
    try {
      await bench('PGlite', { kind: 'pglite', dir: path.join(dir, 'db') }, spots);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!postgresUrl) {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://…)');
    return;
  }
  const database = `foray_${name.replace(/\W/g, '_')}_${process.pid}`;
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    for (const spots of sizes.postgres) {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.query(`create database ${database}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${database}`;
      await bench('PostgreSQL', { kind: 'postgres', url: url.toString() }, spots);
    }
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

/** Signs a seeded forager in on a running bench server; the answer's cookies, for the requests that follow. */
export async function signInForBench(address: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The Web Mercator tile of zoom z that holds a point: what the benches ask the map for. */
export function tileOf(latitude: number, longitude: number, z: number) {
  const n = 2 ** z;
  const rad = (latitude * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((longitude + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}
