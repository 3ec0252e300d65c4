import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.ts';
import { withDatabase } from './global-setup.ts';
import { exampleSpot } from '../../common/spot-fields.ts';

/** A database of this test file's own, copied from the migrated template of this run. */
export async function openTestDatabase(
  options: { reachVia?: (url: string) => string; statementTimeoutMs?: number; readStatementTimeoutMs?: number } = {},
): Promise<DatabaseHandle & { dispose(): Promise<void>; url?: string }> {
  if (process.env.FORAY_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `foray_t_${process.ppid}_${crypto.randomBytes(4).toString('hex')}`;
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    // reachVia lets a test put something between the app and PostgreSQL (a proxy it can cut).
    const handle = await openDatabase({
      kind: 'postgres',
      url: (options.reachVia ?? ((same) => same))(withDatabase(url, name)),
      statementTimeoutMs: options.statementTimeoutMs,
      readStatementTimeoutMs: options.readStatementTimeoutMs,
    });
    return {
      ...handle,
      /** The test database's own URL, for a second server or a connection of the test's own. */
      url: withDatabase(url, name),
      async dispose() {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-test-db-'));
  fs.cpSync(inject('pgliteTemplateDir'), path.join(dir, 'db'), { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
  return {
    ...handle,
    async dispose() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * The real Foray app on a real database, with a real SMTP server catching its mail. Requests go
 * through fastify.inject(); users are signed up and verified the way a person would be.
 */
export async function createTestContext(
  options: {
    /** Overrides of the environment; `SMTP_URL: undefined` leaves SMTP unset (mail goes to stdout). */
    env?: Record<string, string | undefined>;
    build?: BuildOptions;
    reachDatabaseVia?: (url: string) => string;
    /** The statement timeouts of the test's database (PostgreSQL). */
    databaseTimeouts?: { statementTimeoutMs?: number; readStatementTimeoutMs?: number };
    /** Routes of the test's own, added after Foray's and before the app is ready (e.g. one with a bug on purpose). */
    testRoutes?: (app: FastifyInstance, db: DatabaseHandle['db']) => void;
  } = {},
) {
  const smtp: SmtpCatcher = await startSmtpCatcher();
  const database = await openTestDatabase({ reachVia: options.reachDatabaseVia, ...options.databaseTimeouts });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-test-data-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://foray.test',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-42',
    LOG_LEVEL: 'silent',
    // Most tests sign up many people freely; a test of who may join sets another policy (ADR 0079).
    SIGNUP_POLICY: 'open',
    ...options.env,
  });
  config.outboxIntervalMs = 50;
  const app: FastifyInstance = await buildApp(config, {
    database,
    clientDir: null,
    authRateLimit: { window: 60, max: 10_000, signIn: 10_000, signUp: 10_000, reset: 10_000, twoFactor: 10_000 },
    // The enumeration floor is tested on its own; elsewhere it would only slow the suite.
    authResponseFloorMs: 0,
    ...options.build,
  });
  options.testRoutes?.(app, database.db);
  await app.ready();
  sendOriginLikeABrowser(app, config.publicUrl);

  /** As the sign-up form sends it: with a display name only when one is given (the field may be left empty). */
  async function signUp(email: string, password = 'correct horse battery', name?: string) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password, ...(name === undefined ? {} : { name }) },
    });
  }

  /** Follows the link in the newest verification mail to `email`. */
  async function verify(email: string) {
    const mail = await smtp.waitForMail(email, /Confirm your e-mail/);
    const link = new URL(smtp.linkIn(mail));
    return app.inject({ method: 'GET', url: link.pathname + link.search });
  }

  async function signIn(
    email: string,
    password = 'correct horse battery',
    headers: Record<string, string> = {},
    remoteAddress = '127.0.0.1',
  ) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      headers,
      remoteAddress,
    });
  }

  /** A verified, signed-in user, with the display name given or none: returns the Cookie header to send as them. */
  async function createUser(
    email = `user-${crypto.randomBytes(4).toString('hex')}@example.com`,
    password = 'correct horse battery',
    name?: string,
  ) {
    const signedUp = await signUp(email, password, name);
    if (signedUp.statusCode !== 200) throw new Error(`sign-up failed: ${signedUp.body}`);
    await verify(email);
    const signedIn = await signIn(email, password);
    if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
    // As a browser sends them: the device cookie (Path=/api/auth) goes to sign-in only, never to /api/v1.
    const cookies = cookieFrom(signedIn).split('; ');
    return {
      email,
      password,
      cookie: cookies.filter((cookie) => !DEVICE_COOKIE.test(cookie)).join('; '),
      deviceCookie: cookies.find((cookie) => DEVICE_COOKIE.test(cookie)) ?? '',
    };
  }

  /** Runs SQL on the test's database, for setting up and checking what the API cannot show. */
  async function query<Row>(statement: SQL): Promise<{ rows: Row[] }> {
    return (await database.db.execute(statement)) as unknown as { rows: Row[] };
  }

  return {
    app,
    query,
    config,
    db: database.db,
    database,
    smtp,
    dataDir,
    signUp,
    verify,
    signIn,
    createUser,
    async close() {
      await app.close();
      await database.dispose();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser sends Origin with every POST, and better-auth checks it (as in production: the tests run its origin
 * check too). So the test app's requests to /api/auth that change state come from PUBLIC_URL, as the web app's do,
 * unless the test says where they come from (Origin, Referer or a Sec-Fetch-* header; a script sends none of them,
 * ADR 0075). Requests to /api/v1 go as the test wrote them: Foray's own cross-site check is tested there.
 */
function sendOriginLikeABrowser(app: FastifyInstance, publicUrl: string) {
  const inject = app.inject.bind(app);
  const withOrigin = (options: InjectOptions | string): InjectOptions | string => {
    if (typeof options === 'string') return options;
    const method = (options.method ?? 'GET').toUpperCase();
    const url = typeof options.url === 'string' ? options.url : (options.url?.pathname ?? '');
    const headers = Object.fromEntries(
      Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const saysWhere =
      'origin' in headers || 'referer' in headers || Object.keys(headers).some((name) => name.startsWith('sec-fetch-'));
    if (['GET', 'HEAD', 'OPTIONS'].includes(method) || !url.startsWith('/api/auth/') || saysWhere) return options;
    return { ...options, headers: { ...headers, origin: publicUrl } };
  };
  // Tests call inject(options) and await it; the chained and callback forms are not used.
  app.inject = ((options: InjectOptions | string) => inject(withOrigin(options))) as typeof app.inject;
}

const DEVICE_COOKIE = /^(__Secure-)?foray\.device=/;

/** The `name=value` pairs of a response's Set-Cookie headers, ready to send back as a Cookie header. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** A valid spot to create: the example value of each field of the list (common/spot-fields.ts) that has one. */
export const validSpot = (overrides: Record<string, unknown> = {}) => ({
  ...exampleSpot(),
  ...overrides,
});

/**
 * An answer's body with its request's id blanked (ADR 0080): every error names its own request, so two answers that
 * must not be told apart (a spot one may not see and one that does not exist) are alike in all else.
 */
export function sameAnswer(response: { body: string }): string {
  return response.body.replace(/"request_id":"[^"]*"/, '"request_id":""');
}
