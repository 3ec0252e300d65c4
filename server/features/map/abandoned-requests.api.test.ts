import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import type { MapTile } from '../../../common/schemas/map-tiles.ts';

// A request the browser abandons stops its work on the database (ADR 0039): a tile left behind by a pan, a box
// of a view already gone. Only on PostgreSQL: PGlite is one connection inside the server's own process, where
// no other session can hold a lock a read would wait on and a running statement cannot be interrupted.
const onPostgres = process.env.FORAY_TEST_DB === 'postgres';

const SPOT = { latitude: 54.6872, longitude: 25.2797 };
const TILE = { z: 14, x: 9342, y: 5206 }; // the z 14 tile holding SPOT (Vilnius old town)
const ROUTES = [
  `/api/v1/map/tiles/${TILE.z}/${TILE.x}/${TILE.y}`,
  `/api/v1/locations?bbox=${SPOT.longitude - 0.01},${SPOT.latitude - 0.01},${SPOT.longitude + 0.01},${SPOT.latitude + 0.01}&limit=5000`,
  `/api/v1/map/pins?bbox=${SPOT.longitude - 0.01},${SPOT.latitude - 0.01},${SPOT.longitude + 0.01},${SPOT.latitude + 0.01}`,
];

/** Polls until `done` holds, at most `tries` times, 25 ms apart; a count, not a clock, bounds the wait. */
async function until(done: () => Promise<boolean>, tries = 800): Promise<boolean> {
  for (let attempt = 0; attempt < tries; attempt++) {
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe.runIf(onPostgres)('a request the browser abandons, on PostgreSQL', () => {
  let t: TestContext;
  let cookie: string;
  let base: string;
  let spotId: string;
  let monitor: pg.Client;

  /** The app's statements now waiting for a lock in the test database. */
  const waitingOnLock = async () =>
    (
      await monitor.query<{ pid: number; query: string }>(
        `select pid, query from pg_stat_activity
         where datname = current_database() and state = 'active' and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      )
    ).rows;

  beforeAll(async () => {
    // Timeouts far longer than the test may wait: only the cancellation can end the abandoned query in time.
    t = await createTestContext({ databaseTimeouts: { statementTimeoutMs: 600_000, readStatementTimeoutMs: 600_000 } });
    cookie = (await t.createUser('abandon@example.com')).cookie;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie },
      payload: validSpot({ ...SPOT, is_public: true }),
    });
    expect(made.statusCode).toBe(201);
    spotId = made.json<{ id: string }>().id;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    monitor = new pg.Client({ connectionString: t.database.url });
    await monitor.connect();
  });
  afterAll(async () => {
    await monitor?.end();
    await t?.close();
  });

  it('cancels the query of an abandoned tile, box or pins at once, while a request that waits gets its answer', async () => {
    for (const route of ROUTES) {
      // Another session holds the spots' table: the route's select waits on it, as it would behind a slow writer.
      const locker = new pg.Client({ connectionString: t.database.url });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table locations in access exclusive mode');

        const controller = new AbortController();
        const abandoned = fetch(base + route, { headers: { cookie }, signal: controller.signal }).then(
          () => 'answered',
          (error: unknown) => (error as Error).name,
        );
        expect(await until(async () => (await waitingOnLock()).length === 1), route).toBe(true);
        const [stuck] = await waitingOnLock();

        controller.abort();
        expect(await abandoned).toBe('AbortError');
        // The lock is still held: only a cancellation can have ended the query.
        expect(await until(async () => (await waitingOnLock()).length === 0), route).toBe(true);
        const still = await monitor.query(`select 1 from pg_stat_activity where pid = $1 and state = 'active'`, [
          stuck!.pid,
        ]);
        expect(still.rowCount).toBe(0);

        // A request nobody abandons waits for the lock and answers once it is released.
        const waiting = fetch(base + route, { headers: { cookie } });
        expect(await until(async () => (await waitingOnLock()).length === 1), route).toBe(true);
        await locker.query('commit');
        const answer = await waiting;
        expect(answer.status).toBe(200);
        const body = (await answer.json()) as MapTile | { items: Array<{ id: string }> };
        const ids = 'markers' in body ? body.markers.map((marker) => marker.id) : body.items.map((item) => item.id);
        expect(ids).toEqual([spotId]);
      } finally {
        await locker.end();
      }
    }
    // No connection was lost to the pool: more requests than it holds connections all answer.
    for (let i = 0; i < 12; i++) {
      const response = await fetch(base + ROUTES[i % ROUTES.length]!, { headers: { cookie } });
      expect(response.status).toBe(200);
    }
  });
});

describe.runIf(onPostgres)('the read timeout of the map and the list, on PostgreSQL', () => {
  let t: TestContext;
  let cookie: string;

  beforeAll(async () => {
    // Writes keep the operator's long bound; the map's and the list's reads have a short one of their own.
    t = await createTestContext({ databaseTimeouts: { statementTimeoutMs: 600_000, readStatementTimeoutMs: 300 } });
    cookie = (await t.createUser('read-timeout@example.com')).cookie;
  });
  afterAll(() => t?.close());

  it('ends a tile, box or pins read that runs past it with 503 QUERY_TIMEOUT, and answers again afterwards', async () => {
    const locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table locations in access exclusive mode');
      for (const route of ROUTES) {
        const response = await t.app.inject({ url: route, headers: { cookie } });
        expect(response.statusCode, route).toBe(503);
        expect(response.json().error.code).toBe('QUERY_TIMEOUT');
      }
    } finally {
      await locker.query('commit');
      await locker.end();
    }
    for (const route of ROUTES) expect((await t.app.inject({ url: route, headers: { cookie } })).statusCode).toBe(200);
  });
});
