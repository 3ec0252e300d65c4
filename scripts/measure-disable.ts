/**
 * `npm run measure:disable`: what disabling an account with SPOTS public spots (default 10,000) costs the database
 * (issue #34, ADR 0078): the one statement that changes `user.status`, with the trigger that withholds the account's
 * spots and moves every kept count (public cells, the owner's cells, the circle's cells, found nearby) for all of them
 * together (migration 0030). A tenth of the spots have a `found` visit and a tenth are shared with a circle as well as public.
 * RUNS times (default 5) it disables and enables the account again, each in its own statement, and prints the
 * medians. On embedded PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';

const SPOTS = Number(process.env.SPOTS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(engine: string, options: DatabaseOptions) {
  const database = await openDatabase(options);
  const { db } = database;
  try {
    const owner = crypto.randomUUID();
    const circle = crypto.randomUUID();
    await db.execute(sql`insert into "user" (id, name, email, email_verified) values
      (${owner}, 'Ona', 'ona@example.com', true)`);
    await db.execute(sql`insert into circles (id, name) values (${circle}, 'Club')`);
    await db.execute(sql`insert into circle_members (circle_id, user_id, role) values (${circle}, ${owner}, 'owner')`);
    // Spread over Lithuania; some approximate, as people choose.
    await db.execute(sql`insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude,
        longitude, is_public, precision)
      select gen_random_uuid(), ${owner}, 'mushroom_spot', 'Cantharellus cibarius', 'Ona', date '2026-09-01',
        54 + random() * 2, 21 + random() * 5, true, (array['exact', 'exact', '1km', '10km'])[1 + i % 4]
      from generate_series(1, ${SPOTS}) as i`);
    await db.execute(sql`insert into visits (id, location_id, visited_on, outcome, amount)
      select gen_random_uuid(), id, date '2026-09-10', 'found', 'some' from locations
      where user_id = ${owner} order by id limit ${Math.round(SPOTS / 10)}`);
    await db.execute(sql`insert into location_circles (location_id, circle_id)
      select id, ${circle} from locations where user_id = ${owner} order by id desc limit ${Math.round(SPOTS / 10)}`);
    await db.execute(sql`analyze`);

    const timed = async (status: 'disabled' | 'active') => {
      const started = performance.now();
      await db.execute(sql`update "user" set status = ${status} where id = ${owner}`);
      return performance.now() - started;
    };
    const [disable, enable]: [number[], number[]] = [[], []];
    for (let run = 1; run <= RUNS; run++) {
      disable.push(await timed('disabled'));
      const withheld = (await db.execute(sql`select count(*)::int as n from locations
        where user_id = ${owner} and withheld`)) as unknown as { rows: Array<{ n: number }> };
      if (Number(withheld.rows[0]!.n) !== SPOTS) throw new Error('not every spot was withheld');
      enable.push(await timed('active'));
      console.log(
        `${engine} run ${run}: disable ${disable.at(-1)!.toFixed(0)} ms, enable ${enable.at(-1)!.toFixed(0)} ms`,
      );
    }
    console.log(
      `\n${engine} (${new Date().toISOString().slice(0, 10)}): disabling an account with ${SPOTS.toLocaleString('en')} ` +
        `public spots ${median(disable).toFixed(0)} ms, enabling it again ${median(enable).toFixed(0)} ms ` +
        `(medians of ${RUNS}; ${(median(disable) / SPOTS).toFixed(3)} ms a spot)\n`,
    );
  } finally {
    await database.close();
  }
}

if (process.env.BENCH_PGLITE !== '0') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-measure-disable-'));
  try {
    await measure('PGlite', { kind: 'pglite', dir: path.join(dir, 'db') });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://…)');
} else {
  const name = `foray_measure_disable_${process.pid}`;
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    await measure('PostgreSQL', { kind: 'postgres', url: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
