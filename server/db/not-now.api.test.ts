import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';

// While PostgreSQL answers "not now" (starting up, out of connections, not taking connections, shutting down) a
// request is an outage to wait out, not a bug: 503 SERVICE_UNAVAILABLE with Retry-After, as for a cut connection
// (outage.api.test.ts), and service again as soon as the database takes requests.

const onPostgres = process.env.FORAY_TEST_DB === 'postgres';

function expectNotNow(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toEqual({
    error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String), request_id: expect.any(String) },
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** A connection of the test's own as the superuser, to the server (`database` unset) or to one database. */
async function adminClient(database?: string) {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

/** Polls until `done` holds, at most `tries` times; a count, not a clock, bounds the wait. */
async function until(done: () => Promise<boolean>, tries = 400): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('gave up waiting');
}

describe('the mapping of a "not now" error from the database driver to 503 (error injected into the driver)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  // PostgreSQL's errors as node-postgres hands them over; the driver of either engine throws them here. Only the
  // mapping is tested: the database itself is not asked (the real errors are, below, on PostgreSQL).
  it.each([
    ['57P03', 'the database system is starting up'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['08006', 'connection failure'],
  ])('answers %s "%s" with 503 SERVICE_UNAVAILABLE and Retry-After, then serves again', async (code, message) => {
    const user = await t.createUser();
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const failure = Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code, severity: 'FATAL' });
    client.query = () => Promise.reject(failure);
    try {
      expectNotNow(await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } }));
      expectNotNow(await t.signIn(user.email, user.password));
    } finally {
      delete (client as { query?: unknown }).query;
    }
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });
});

describe.runIf(onPostgres)('PostgreSQL answering "not now"', () => {
  let t: TestContext;
  let name: string;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestContext();
    name = new URL(t.database.url!).pathname.slice(1);
    admin = await adminClient();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${name} allow_connections true`).catch(() => {});
    await t?.close();
    await admin?.end();
  });

  /** Ends every session on the test's database but the test's own, and waits until they are gone. */
  async function endSessions(where = 'true') {
    const others = `datname = $1 and pid <> pg_backend_pid() and ${where}`;
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where ${others}`, [name]);
    await until(
      async () =>
        (await admin.query(`select count(*)::int as n from pg_stat_activity where ${others}`, [name])).rows[0].n === 0,
    );
  }

  it('55000: a database that takes no connections (ALLOW_CONNECTIONS false) answers 503, and serves again after', async () => {
    const user = await t.createUser();
    await admin.query(`alter database ${name} allow_connections false`);
    try {
      await endSessions();
      const refused = await t.database.ping().catch((error: unknown) => error);
      expect((refused as { code?: string }).code).toBe('55000');
      for (let round = 0; round < 3; round++) {
        expectNotNow(await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } }));
        expectNotNow(await t.app.inject({ url: '/api/v1/locations', headers: { cookie: user.cookie } }));
        expectNotNow(await t.signIn(user.email, user.password));
      }
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
    }
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it('53300: a role past its connection limit answers 503, and serves again when the limit rises', async () => {
    // Superusers are exempt from connection limits: a second server runs as an ordinary role on the same database.
    const role = `foray_limited_${crypto.randomBytes(4).toString('hex')}`;
    await admin.query(`create role ${role} login`);
    const inDatabase = await adminClient(name);
    let second: { app: FastifyInstance; database: DatabaseHandle } | undefined;
    try {
      await inDatabase.query(`grant create, connect on database ${name} to ${role}`);
      for (const schema of ['public', 'drizzle']) {
        await inDatabase.query(`grant all on schema ${schema} to ${role}`);
        await inDatabase.query(`grant all on all tables in schema ${schema} to ${role}`);
        await inDatabase.query(`grant all on all sequences in schema ${schema} to ${role}`);
      }
      const url = new URL(t.database.url!);
      url.username = role;
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      const app = await buildApp(t.config, { database, clientDir: null, authResponseFloorMs: 0 });
      second = { app, database };
      const user = await t.createUser();
      expect((await app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } })).statusCode).toBe(200);

      await admin.query(`alter role ${role} connection limit 0`);
      await endSessions(`usename = '${role}'`);
      // A pooled connection ended a moment ago can still be handed out once and fail as ended (57P01); the pool
      // then drops it, and the next new connection meets the limit.
      let refused: unknown;
      await until(async () => {
        refused = await database.ping().catch((error: unknown) => error);
        return (refused as { code?: string } | undefined)?.code !== '57P01';
      });
      expect((refused as { code?: string }).code).toBe('53300');
      for (let round = 0; round < 3; round++) {
        expectNotNow(await app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } }));
        expectNotNow(await app.inject({ url: '/api/v1/locations', headers: { cookie: user.cookie } }));
      }

      await admin.query(`alter role ${role} connection limit -1`);
      expect((await app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } })).statusCode).toBe(200);
    } finally {
      await second?.app.close();
      await second?.database.close();
      await inDatabase.query(`drop owned by ${role}`);
      await inDatabase.end();
      await admin.query(`drop role ${role}`);
    }
  });

  it('57P01: a request whose session is ended by the administrator answers 503', async () => {
    const user = await t.createUser();
    // Holds the sessions table so the request's session lookup waits in PostgreSQL until it is ended.
    const holder = await adminClient(name);
    try {
      await holder.query('begin');
      await holder.query('lock table "session" in access exclusive mode');
      const pending = t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } });
      await until(
        async () =>
          (
            await admin.query(
              `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
              [name],
            )
          ).rows[0].n > 0,
      );
      await endSessions(`wait_event_type = 'Lock'`);
      expectNotNow(await pending);
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it("still answers a statement's own 55000 (currval before nextval) as a bug, not an outage", async () => {
    await t.db.execute(sql`create sequence if not exists not_now_probe`);
    const failure = await t.db.execute(sql`select currval('not_now_probe')`).catch((error: unknown) => error);
    expect(((failure as Error).cause as { code?: string }).code).toBe('55000');
    expect(isDatabaseUnavailable(failure)).toBe(false);
  });
});
