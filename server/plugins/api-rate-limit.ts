import type { FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { apiRequestCount as counts } from '../db/schema.ts';

/** Requests a minute one client address may make to /api/v1, unless the app is built with another limit. */
export const DEFAULT_API_RATE_LIMIT_PER_MINUTE = 1200;

/**
 * The limit on /api/v1 requests per client address. Over it: 429 RATE_LIMITED (plugins/errors.ts) with Retry-After.
 *
 * On PostgreSQL it is counted in the database (ADR 0052), so every Foray server on one database counts together:
 * N servers behind a balancer allow what one does, not N times as much; a database that does not answer makes the
 * request a 503 like any other query would. On PGlite only one server can run (the data-folder lock) and every
 * query runs on its event loop, so the count stays in that server's memory: the same limit, for nothing.
 */
export async function registerApiRateLimit(
  app: FastifyInstance,
  deps: { db: Database; perMinute?: number; countIn: 'database' | 'memory' },
) {
  await app.register(rateLimit, {
    max: deps.perMinute ?? DEFAULT_API_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (request) => !request.url.startsWith('/api/v1/'),
    ...(deps.countIn === 'database' ? { store: databaseStore(deps.db) } : {}),
  });
}

/**
 * A store for @fastify/rate-limit over `api_request_count`: one atomic upsert a request counts it and says how
 * many this key made in its window. A window starts with a key's first request and lasts `timeWindow` (as the
 * plugin's own in-memory store counts); the database's clock decides, so servers whose clocks differ agree.
 */
function databaseStore(db: Database, namespace = ''): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      count(db, namespace + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    }

    /** A route with limits of its own counts apart, as the in-memory store does. */
    child(routeOptions: { method?: unknown; url?: unknown }): FastifyRateLimitStore {
      const Child = databaseStore(db, `${namespace}${String(routeOptions.method)} ${String(routeOptions.url)}|`);
      return new Child({});
    }
  }
  return DatabaseStore;
}

async function count(db: Database, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  // Every SET expression reads the row as it was before this statement: a window over when the request came
  // starts again at 1.
  const over = sql`${counts.windowEndsAt} <= now()`;
  const result = (await db.execute(sql`
    insert into ${counts} (key, count, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when ${over} then 1 else ${counts.count} + 1 end,
      window_ends_at = case when ${over} then excluded.window_ends_at else ${counts.windowEndsAt} end
    returning count, ceil(extract(epoch from (window_ends_at - now())) * 1000)::int as ttl`)) as unknown as {
    rows: Array<{ count: number; ttl: number }>;
  };
  const row = result.rows[0]!;
  return { current: row.count, ttl: row.ttl };
}

/** Counts of windows that are over: nothing reads them again. */
export async function sweepApiRequestCounts(db: Database): Promise<void> {
  await db.execute(sql`delete from ${counts} where ${counts.windowEndsAt} <= now()`);
}
