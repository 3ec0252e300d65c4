import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { requestReads } from './db/abandoned-requests.ts';
import { createOutbox } from './mail/outbox.ts';
import { createStorage, type PhotoStorage } from './storage/storage.ts';
import { createPhotoLimits } from './photos/photo-limits.ts';
import { createAuth, type AuthOptions } from './features/auth/auth.ts';
import { registerAuthRoutes } from './features/auth/auth.routes.ts';
import { createSessionResolver } from './plugins/session.ts';
import { createAdminResolver } from './plugins/admin.ts';
import { recordAudit } from './features/admin/audit.ts';
import { createSignInLimiter } from './features/auth/sign-in-limiter.ts';
import { createPendingTwoStep } from './features/auth/two-step.ts';
import { createDeviceCookies } from './features/auth/device-cookie.ts';
import { deleteAccountAndData } from './features/account/account-deletion.ts';
import { registerAccountRoutes } from './features/account/account.routes.ts';
import { registerPeopleRoutes } from './features/admin/people.routes.ts';
import { registerAuditRoutes } from './features/admin/audit.routes.ts';
import { registerSpotRoutes } from './features/spots/spots.routes.ts';
import { registerPhotoRoutes } from './features/photos/photos.routes.ts';
import { registerSpotPhotoRoutes } from './features/photos/spot-photos.routes.ts';
import { registerVisitRoutes } from './features/visits/visits.routes.ts';
import { registerCircleRoutes } from './features/circles/circles.routes.ts';
import { registerCircleMemberRoutes } from './features/circles/members.routes.ts';
import { registerCircleSpotRoutes } from './features/circles/circle-spots.routes.ts';
import { registerCircleInviteRoutes } from './features/circles/invites.routes.ts';
import { registerSignupRoutes } from './features/signup/signup.routes.ts';
import { ensureSignupPolicy, lacksAdministrator } from './features/signup/signup.queries.ts';
import { registerMapTileRoutes } from './features/map/map-tiles.routes.ts';
import { registerMapCountRoutes } from './features/map/map-count.routes.ts';
import { registerMapPinRoutes } from './features/map/map-pins.routes.ts';
import { registerFruitingRoutes } from './features/fruiting/fruiting.routes.ts';
import { registerExportRoutes } from './features/export/export.routes.ts';
import { registerImportRoutes } from './features/import/import.routes.ts';
import { registerMapRegionRoutes } from './features/map-region/map-region.routes.ts';
import { registerReportRoutes } from './features/reports/reports.routes.ts';
import { describeMapRegion } from './features/map-region/map-region-file.ts';
import { createPhotoRemovalPause, pausingRemovals } from './backup/photo-removal-pause.ts';
import { registerSystemRoutes } from './features/system/system.routes.ts';
import { registerTranslationRoutes, syncTranslations } from './features/translations/translations.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerApiRateLimit } from './plugins/api-rate-limit.ts';
import { registerCompression } from './plugins/compression.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerCrossSiteCheck } from './plugins/cross-site.ts';
import { registerCachePolicy } from './plugins/cache-policy.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticClient } from './plugins/static-client.ts';
import { registerOpenApi } from './openapi/openapi.ts';
import { registerRequestIdHeader, requestIdOptions } from './plugins/request-id.ts';
import { registerMetrics } from './features/system/metrics.routes.ts';
import { registerAdminHealthRoutes } from './features/admin/health.routes.ts';
import { startBackgroundWork } from './background.ts';
import { PHOTO_MAX_BYTES } from '../common/limits.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type BuildOptions = {
  /** An already open database (tests pass a cloned one); otherwise the configured one is opened. */
  database?: DatabaseHandle;
  storage?: PhotoStorage;
  /** The built web app; null serves a placeholder page. */
  clientDir?: string | null;
  /** better-auth's per-IP limits: production defaults unless a test needs more room. */
  authRateLimit?: AuthOptions['rateLimit'];
  /** Per-IP limit of /api/v1 requests a minute. */
  apiRateLimitPerMinute?: number;
  /** Where that limit is counted: in the database on PostgreSQL, in memory on PGlite (ADR 0052), unless a test or bench says. */
  apiRateLimitCountIn?: 'database' | 'memory';
  /** Minimum time of sign-up, sign-in and reset answers (ms), so they take as long whether or not the e-mail exists. */
  authResponseFloorMs?: number;
  /** The backup socket in DATA_DIR (embedded database only; ADR 0054). On unless a test turns it off. */
  backupSocket?: boolean;
  /** Removing photos no spot refers to: age before a photo counts as left over, and how often to look. */
  photoReconcile?: { graceMs: number; intervalMs: number };
  /** Where the log goes (stdout unless a test reads it). */
  logStream?: NodeJS.WritableStream;
};

/** Above the slowest of these answers (argon2id and the inserts) on a small server when idle (docs/performance.md). */
export const DEFAULT_AUTH_RESPONSE_FLOOR_MS = 150;

export const DEFAULT_AUTH_RATE_LIMIT: AuthOptions['rateLimit'] = {
  window: 60,
  max: 100,
  signIn: 10,
  signUp: 5,
  reset: 5,
  twoFactor: 10,
};

/** Kept importable from here for its tests; it lives with the log's options (plugins/logging.ts). */
export { loggableUrl } from './plugins/logging.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A server with accounts and no administrator (upgraded): the start line says how to name one (ADR 0079). */
    lacksAdministrator(): Promise<boolean>;
  }
}

/**
 * The whole Foray server as one Fastify instance, in a visible order: infrastructure, plugins, the error
 * handling, feature routes, then the web app. `main.ts` listens; tests use inject().
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // A hop count is valid for Fastify (proxy-addr) though its type omits it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 64 * 1024,
    // Every request's id, in each log line about it (`reqId`), its X-Request-Id and any error's body (ADR 0080).
    ...requestIdOptions(config.trustProxy),
    frameworkErrors: answerFrameworkError,
    logger: loggerOptions(config.logLevel, options.logStream),
  });
  registerRequestIdHeader(app);
  // The API speaks JSON and multipart only: a text/plain body is a 415, not a string to puzzle over.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // ── Infrastructure: database, storage, mail ──
  const database = options.database ?? (await openDatabase(config.database));
  const photoStore = options.storage ?? (await createStorage(config.storage));
  // While a backup runs no photo file is removed, so every file its snapshot names is still there to copy (ADR 0054).
  const photoRemovalPause = createPhotoRemovalPause(database);
  const storage = pausingRemovals(photoStore, photoRemovalPause, app.log);
  const { db } = database;
  // Each account's photo quota and, on local storage, the floor of free disk (ADR 0081).
  const photoLimits = createPhotoLimits(config, photoStore.kind);
  const reads = requestReads(database);
  const outbox = createOutbox({
    db,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    intervalMs: config.outboxIntervalMs,
    log: app.log,
  });
  await syncTranslations(db, path.join(ROOT, 'locales'));
  // A new server's sign-up policy, written at its first start (SIGNUP_POLICY, else invite); kept ever after (ADR 0079).
  await ensureSignupPolicy(db, config.signupPolicy);
  app.decorate('lacksAdministrator', () => lacksAdministrator(db));

  const auth = createAuth({
    db,
    outbox,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
    log: app.log,
    rateLimit: options.authRateLimit ?? DEFAULT_AUTH_RATE_LIMIT,
    deleteAccount: async (user) => {
      await deleteAccountAndData({ db, storage, log: app.log }, user);
    },
  });
  const requireUser = createSessionResolver(auth, db);
  // The routes under /api/v1/admin/ (ADR 0077): for anyone but an administrator they do not exist.
  const requireAdmin = createAdminResolver(requireUser);

  // ── Plugins ──
  await registerSecurityHeaders(app, config);
  // JSON and text answers travel compressed when the browser accepts it; photos and byte ranges are not touched.
  await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES }, throwFileSizeLimit: true });
  await registerApiRateLimit(app, {
    db,
    perMinute: options.apiRateLimitPerMinute,
    countIn: options.apiRateLimitCountIn ?? (database.kind === 'postgres' ? 'database' : 'memory'),
  });
  // The OpenAPI document (ADR 0075), naming the cookies as better-auth sets them.
  const authContext = await auth.$context;
  await registerOpenApi(app, {
    publicUrl: config.publicUrl,
    version: config.release.version,
    cookies: {
      session: authContext.authCookies.sessionToken.name,
      twoStep: authContext.createAuthCookie('two_factor').name,
    },
  });

  // Before the routes: Fastify gives each route the error handler in force when the route is added.
  registerErrorHandling(app);
  // Before the routes too: every POST, PATCH and DELETE, /api/v1 and /api/auth alike (ADR 0010).
  registerCrossSiteCheck(app, config.publicUrl);
  // Every API answer is private, kept by no browser cache, unless its route says it is public (ADR 0074).
  registerCachePolicy(app);
  // Before the routes too: its hook counts every route's answers (ADR 0080). No METRICS_TOKEN, no /metrics.
  if (config.metricsToken)
    registerMetrics(app, {
      token: config.metricsToken,
      db,
      pools: database.pools,
      release: config.release,
      engine: database.kind,
    });

  // ── Features ──
  registerAuthRoutes(app, {
    auth,
    limiter: createSignInLimiter(db),
    deviceCookies: createDeviceCookies({ secret: config.authSecret, secure: config.secureCookies }),
    pendingTwoStep: createPendingTwoStep(db, { secure: config.secureCookies }),
    publicUrl: config.publicUrl,
    responseFloorMs: options.authResponseFloorMs ?? DEFAULT_AUTH_RESPONSE_FLOOR_MS,
    db,
    outbox,
    log: app.log,
  });
  registerAccountRoutes(app, { db, requireUser });
  registerSystemRoutes(app, {
    config,
    db,
    ping: database.ping,
    requireUser,
    photoLimits,
    describeMapRegion: () => describeMapRegion(config.mapRegion, app.log),
  });
  registerTranslationRoutes(app, { db });
  registerPeopleRoutes(app, {
    db,
    deleteAccount: (user, alsoInTransaction) =>
      deleteAccountAndData({ db, storage, log: app.log }, user, alsoInTransaction),
    requireAdmin,
    outbox,
    publicUrl: config.publicUrl,
    authSecret: config.authSecret,
    photoQuotaMb: config.photoQuotaMb,
  });
  registerAuditRoutes(app, { db, requireAdmin });
  registerAdminHealthRoutes(app, { config, db, engine: database.kind, requireAdmin });
  registerSpotRoutes(app, { db, reads, storage, photoLimits, requireUser });
  registerPhotoRoutes(app, { db, storage, requireUser });
  registerSpotPhotoRoutes(app, { db, storage, photoLimits, requireUser });
  registerVisitRoutes(app, { db, storage, photoLimits, requireUser });
  registerCircleRoutes(app, { db, requireUser });
  registerCircleMemberRoutes(app, { db, requireUser });
  registerCircleSpotRoutes(app, { db, requireUser });
  registerCircleInviteRoutes(app, { db, requireUser, outbox, publicUrl: config.publicUrl });
  registerSignupRoutes(app, {
    db,
    requireAdmin,
    recordAudit,
    outbox,
    publicUrl: config.publicUrl,
    photoQuotaMb: config.photoQuotaMb,
  });
  registerMapTileRoutes(app, { reads, requireUser });
  registerMapCountRoutes(app, { reads, requireUser });
  registerMapPinRoutes(app, { reads, requireUser });
  registerFruitingRoutes(app, { reads, requireUser });
  registerExportRoutes(app, { db, storage, requireUser, publicUrl: config.publicUrl });
  registerImportRoutes(app, { db, storage, photoLimits, requireUser });
  registerReportRoutes(app, { db, storage, requireUser, requireAdmin, recordAudit });
  if (config.mapRegion) registerMapRegionRoutes(app, { region: config.mapRegion, requireUser });

  // ── The web app ──
  await registerStaticClient(
    app,
    options.clientDir === undefined ? path.join(ROOT, 'dist', 'client') : options.clientDir,
  );

  // ── Background work, stopped on close ──
  const background = await startBackgroundWork({
    config,
    database,
    storage,
    photoStore,
    pause: photoRemovalPause,
    outbox,
    log: app.log,
    photoReconcile: options.photoReconcile,
    backupSocket: options.backupSocket !== false,
  });
  app.addHook('onClose', async () => {
    await background.stop();
    if (!options.database) await database.close();
  });
  return app;
}
