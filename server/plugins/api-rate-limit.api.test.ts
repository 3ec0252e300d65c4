import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { sweepApiRequestCounts } from './api-rate-limit.ts';

// The general limit on /api/v1 requests per client address, counted in the database (ADR 0052).

const LIMIT = 5;
const RATE_LIMITED = {
  error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a little.', request_id: expect.any(String) },
};

// As this engine counts (PostgreSQL: in the database; PGlite: in memory), and in the database on either engine.
describe.each([
  { countIn: undefined, label: 'as this engine counts' },
  { countIn: 'database' as const, label: 'counted in the database' },
])('the /api/v1 request limit per address, $label', ({ countIn }) => {
  let t: TestContext;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestContext({ build: { apiRateLimitPerMinute: LIMIT, apiRateLimitCountIn: countIn } });
    cookie = (await t.createUser()).cookie;
  });
  afterAll(() => t?.close());

  const me = (remoteAddress: string) => t.app.inject({ url: '/api/v1/me', headers: { cookie }, remoteAddress });

  it(`serves ${LIMIT} requests a minute from one address, then answers 429 RATE_LIMITED with Retry-After`, async () => {
    for (let request = 1; request <= LIMIT; request++) {
      const response = await me('192.0.2.1');
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(response.headers['x-ratelimit-remaining']).toBe(String(LIMIT - request));
    }
    const refused = await me('192.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(RATE_LIMITED);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A signed-out request from that address is refused too: the limit is the address's, not the account's.
    expect((await t.app.inject({ url: '/api/v1/config', remoteAddress: '192.0.2.1' })).statusCode).toBe(429);

    // Another address has its own count; what is not /api/v1 is not counted.
    expect((await me('192.0.2.2')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/healthz', remoteAddress: '192.0.2.1' })).statusCode).toBe(200);
  });

  it.runIf(countIn === 'database')('keeps its counts out of the write-ahead log (an unlogged table)', async () => {
    const table = await t.query<{ persistence: string }>(
      sql`select relpersistence as persistence from pg_class where relname = 'api_request_count'`,
    );
    expect(table.rows).toEqual([{ persistence: 'u' }]);
  });

  it.runIf(countIn === 'database')(
    'counts from 1 again once the window is over, and the sweep removes windows that are over',
    async () => {
      for (let request = 0; request <= LIMIT; request++) await me('192.0.2.3');
      expect((await me('192.0.2.3')).statusCode).toBe(429);
      // The window ends now (the database's clock decides): the next request opens a new one.
      await t.query(sql`update api_request_count set window_ends_at = now() where key = '192.0.2.3'`);
      const again = await me('192.0.2.3');
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));

      await t.query(
        sql`update api_request_count set window_ends_at = now() - interval '1 second' where key = '192.0.2.3'`,
      );
      await sweepApiRequestCounts(t.db);
      const left = await t.query<{ key: string }>(sql`select key from api_request_count order by key`);
      expect(left.rows.map((row) => row.key)).not.toContain('192.0.2.3');
      expect(left.rows.map((row) => row.key)).toContain('192.0.2.1');
    },
  );

  // @fastify/rate-limit's in-memory store hands every request the same counter object, read after the others of
  // the same moment counted too: a burst past the limit is refused whole. The database answers each its own count.
  it.runIf(countIn === 'database')('counts requests that arrive together exactly', async () => {
    const answers = await Promise.all(Array.from({ length: LIMIT * 3 }, () => me('192.0.2.4')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), ...Array<number>(LIMIT * 2).fill(429)]);
  });
});

// Only on PostgreSQL: PGlite is one database inside one server.
describe.runIf(process.env.FORAY_TEST_DB === 'postgres')('two servers on one PostgreSQL', () => {
  let t: TestContext;
  let second: { app: FastifyInstance; database: DatabaseHandle };
  let cookie: string;
  beforeAll(async () => {
    t = await createTestContext({ build: { apiRateLimitPerMinute: LIMIT } });
    const database = await openDatabase({ kind: 'postgres', url: t.database.url! });
    const app = await buildApp(t.config, { database, clientDir: null, apiRateLimitPerMinute: LIMIT });
    second = { app, database };
    cookie = (await t.createUser()).cookie;
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it('allow one address the limit together, not the limit each', async () => {
    const servers = [t.app, second.app];
    const statuses: number[] = [];
    for (let request = 0; request < LIMIT + 2; request++) {
      const response = await servers[request % 2]!.inject({
        url: '/api/v1/me',
        headers: { cookie },
        remoteAddress: '198.51.100.1',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual(RATE_LIMITED);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
  });

  it('count requests that arrive at both together exactly', async () => {
    const answers = await Promise.all(
      Array.from({ length: LIMIT * 4 }, (_, request) =>
        [t.app, second.app][request % 2]!.inject({
          url: '/api/v1/me',
          headers: { cookie },
          remoteAddress: '198.51.100.2',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(LIMIT);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(LIMIT * 3);
  });
});
