/**
 * `npm run measure:share-insert`: what sharing a new spot with a circle costs the database, without HTTP around it
 * (issue #20; ADR 0060, 0063). One connection on embedded PGlite inserts spots through `insertSpot`, the create route's
 * own transaction: ROUNDS rounds (default 7) of INSERTS private spots then INSERTS shared with one circle (default
 * 1,500 each), spread over Lithuania, and prints the medians per insert, the difference and the ratio. The table grows
 * as it runs, so a cost that grows with the shares already held shows as a shared insert slower in later rounds (each
 * round is printed).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { spotColumns } from '../server/db/spot-columns.ts';
import { insertSpot } from '../server/features/spots/spots.queries.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const INSERTS = Number(process.env.INSERTS ?? 1500);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-share-insert-'));
const database = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
const { db } = database;
try {
  const userId = crypto.randomUUID();
  const circleId = crypto.randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${userId}, 'Ona', 'ona@example.com', true)`,
  );
  await db.execute(sql`insert into circles (id, name) values (${circleId}, 'Family')`);
  await db.execute(sql`insert into circle_members (circle_id, user_id, role) values (${circleId}, ${userId}, 'owner')`);

  const insertMany = async (circleIds: string[]) => {
    const started = performance.now();
    for (let i = 0; i < INSERTS; i++) {
      const values = spotColumns({
        type: 'mushroom_spot',
        mushroom_types: 'Cantharellus cibarius',
        finder: 'Ona',
        date_found: '2026-09-01',
        latitude: 54 + Math.random() * 2,
        longitude: 21 + Math.random() * 5,
        precision: 'exact',
      });
      await insertSpot(db, { id: crypto.randomUUID(), userId, values, circleIds }, null);
    }
    return (performance.now() - started) / INSERTS;
  };

  const [privateMs, sharedMs]: [number[], number[]] = [[], []];
  for (let round = 1; round <= ROUNDS; round++) {
    privateMs.push(await insertMany([]));
    sharedMs.push(await insertMany([circleId]));
    console.log(`round ${round}: private ${privateMs.at(-1)!.toFixed(3)} ms, shared ${sharedMs.at(-1)!.toFixed(3)} ms`);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const [p, s] = [median(privateMs), median(sharedMs)];
  console.log(
    `\nPGlite, one insert at a time through insertSpot (${new Date().toISOString().slice(0, 10)}): private ${p.toFixed(3)} ms, ` +
      `shared with one circle ${s.toFixed(3)} ms (${(s - p).toFixed(3)} ms more; private/shared ${((p / s) * 100).toFixed(0)} %), ` +
      `medians of ${ROUNDS} rounds of ${INSERTS.toLocaleString('en')}`,
  );
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
