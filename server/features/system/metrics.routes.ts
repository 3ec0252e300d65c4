import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, PoolFigures } from '../../db/client.ts';
import type { Release } from '../../version.ts';
import { readServerFigures } from '../admin/health.queries.ts';

/** Seconds: from a tile read from the kept counts (a few ms) to a big export or a photo upload on a small server. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The methods a request is counted under; anything else is `other`, so no client can add label values at will. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus' text format (ADR 0080), for whoever holds METRICS_TOKEN; for anyone else the 404 of a
 * route that does not exist. Requests are counted by their route's pattern (`/api/v1/locations/:id`, never the URL
 * asked: no ids, tokens or coordinates) and status, in this process; what lives in the database (accounts, photo
 * bytes, the mail outbox, the last backup) is read from it at each scrape, so every server on one database tells
 * the same. A registry of this app's own: several apps in one process (the tests) count apart.
 * Registered before the routes, so that the counting hook covers all of them.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { token: string; db: Database; pools: () => PoolFigures[]; release: Release; engine: 'pglite' | 'postgres' },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'foray_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'foray_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const info = new Gauge({
    name: 'foray_info',
    help: 'Which Foray answers: its version, commit and database engine (always 1)',
    labelNames: ['version', 'commit', 'database'] as const,
    registers: [registry],
  });
  info.set({ version: deps.release.version, commit: deps.release.commit ?? '', database: deps.engine }, 1);
  const poolOpen = new Gauge({
    name: 'foray_db_pool_connections',
    help: 'Database connections open in this process, by pool (embedded: PGlite’s one connection)',
    labelNames: ['pool'] as const,
    registers: [registry],
  });
  const poolInUse = new Gauge({
    name: 'foray_db_pool_in_use',
    help: 'Database connections busy with a query in this process, by pool (PostgreSQL only)',
    labelNames: ['pool'] as const,
    registers: [registry],
  });
  const poolWaiting = new Gauge({
    name: 'foray_db_pool_waiting',
    help: 'Queries of this process waiting for a free connection, by pool (PostgreSQL only)',
    labelNames: ['pool'] as const,
    registers: [registry],
  });
  const accounts = new Gauge({
    name: 'foray_accounts',
    help: 'Accounts on the server, by status (from the database)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const photoBytes = new Gauge({
    name: 'foray_photo_stored_bytes',
    help: 'Bytes of photos stored, summed over every account (from the database)',
    registers: [registry],
  });
  const mailBacklog = new Gauge({
    name: 'foray_mail_outbox_backlog',
    help: 'Mails in the outbox not yet sent (from the database)',
    registers: [registry],
  });
  const lastBackup = new Gauge({
    name: 'foray_backup_last_success_timestamp_seconds',
    help: 'When the last backup that worked ended, in seconds since 1970 (from the database; absent before the first)',
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = METHODS.has(request.method) ? request.method : 'other';
    requests.inc({ method, route, status: String(reply.statusCode) });
    durations.observe({ method, route }, reply.elapsedTime / 1000);
  });

  const expected = sha256(deps.token);
  const holdsToken = (authorization: string | undefined) => {
    const given = /^Bearer +(\S+)$/i.exec(authorization ?? '')?.[1];
    // Both sides hashed: equal lengths for timingSafeEqual, and a comparison whose time says nothing of the token.
    return given !== undefined && crypto.timingSafeEqual(sha256(given), expected);
  };

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!holdsToken(request.headers.authorization)) return reply.callNotFound();
    const figures = await readServerFigures(deps.db);
    for (const gauge of [poolOpen, poolInUse, poolWaiting, accounts, lastBackup]) gauge.reset();
    for (const { pool, open, idle, waiting } of deps.pools()) {
      poolOpen.set({ pool }, open);
      if (idle !== null) poolInUse.set({ pool }, open - idle);
      if (waiting !== null) poolWaiting.set({ pool }, waiting);
    }
    for (const { status, count } of figures.accounts) accounts.set({ status }, count);
    photoBytes.set(figures.photoBytes);
    mailBacklog.set(figures.mail.backlog);
    if (figures.backup.lastSuccessAt) lastBackup.set(figures.backup.lastSuccessAt.getTime() / 1000);
    reply.header('cache-control', 'no-store');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
