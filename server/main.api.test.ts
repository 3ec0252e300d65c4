import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from './db/client.ts';
import { knownMigrations } from './db/schema-version.ts';
import { afterEach, describe, expect, inject, it } from 'vitest';

/** The real `server/main.ts` process, as `npm start` runs it (or `npm start` itself). */
function startServer(
  env: Record<string, string>,
  command: [string, string[]] = [process.execPath, ['--import', 'tsx', 'server/main.ts']],
) {
  const child = spawn(command[0], command[1], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    // npm start may build the web app first.
    const timer = setTimeout(() => reject(new Error(`not ready in 120 s:\n${output}`)), 120_000);
    child.stdout.on('data', () => {
      const match = READY_LINE.exec(output);
      if (match) {
        clearTimeout(timer);
        // Where to reach this process: PUBLIC_URL may name a host the test cannot reach (foray.test).
        resolve(match[2] ?? match[1]!);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready:\n${output}`));
    });
  });
  return { child, ready, exited, output: () => output };
}

/** `npm run db:migrate`, run to its end. */
async function runMigrate(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/migrate.ts'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
  return { code, output };
}

const READY_LINE = /Foray is ready at (http:\/\/\S+) \((?:[^;)]*; listening on (http:\/\/\S+);)?/;

const PROCESS_TEST_SECRET = 'process-test-secret-process-test-secret';

/** A new, empty database on the test PostgreSQL server for the length of `use`. */
async function withNewPostgresDatabase(use: (url: string) => Promise<void>) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `foray_process_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    await use(url.toString());
  } finally {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-process-'));
  dirs.push(dir);
  return dir;
};
/**
 * A data folder whose embedded database is already migrated (a copy of this run's template): for the tests that are
 * not about a first start, which would otherwise each spend initdb and every migration before their first step.
 */
const migratedDataDir = () => {
  const dir = tempDir();
  if (!onPostgres) fs.cpSync(inject('pgliteTemplateDir'), path.join(dir, 'db'), { recursive: true });
  return dir;
};
const onPostgres = process.env.FORAY_TEST_DB === 'postgres';
const databaseEnv = (): Record<string, string> =>
  onPostgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, AUTH_SECRET: PROCESS_TEST_SECRET } : {};

// Each test starts real server processes (about 10 s on a busy 2-core machine for one that migrates a new data
// folder, beside a browser test): the API tests' 30 s is too tight a guard against a hang here.
const PROCESS_TEST_TIMEOUT_MS = 120_000;

describe('the server process', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it.skipIf(onPostgres)('refuses a second server on the same embedded data folder', async () => {
    const dataDir = migratedDataDir();
    const first = startServer({ DATA_DIR: dataDir });
    children.push(first.child);
    await first.ready;
    const second = startServer({ DATA_DIR: dataDir });
    children.push(second.child);
    await expect(second.ready).rejects.toThrow(/Another Foray process \(pid \d+\) is using the data folder/);
    expect(await second.exited).toBe(1);
    // The first one is unharmed.
    const health = await fetch(`${await first.ready}/healthz`);
    expect(health.status).toBe(200);
  });

  it('migrates with `npm run db:migrate`, then starts on the migrated data; never beside a live embedded server', async () => {
    const dataDir = tempDir();
    const migrated = await runMigrate({ DATA_DIR: dataDir, ...databaseEnv() });
    expect(migrated.output).toMatch(/database is up to date/);
    expect(migrated.code).toBe(0);
    // Run again: nothing left to apply, still fine.
    expect((await runMigrate({ DATA_DIR: dataDir, ...databaseEnv() })).code).toBe(0);

    const server = startServer({ DATA_DIR: dataDir, ...databaseEnv() });
    children.push(server.child);
    const health = await fetch(`${await server.ready}/healthz`);
    expect(health.status).toBe(200);
    if (!onPostgres) {
      expect(fs.existsSync(path.join(dataDir, 'foray.lock'))).toBe(true);
      const refused = await runMigrate({ DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/Another Foray process \(pid \d+\) is using the data folder/);
      expect((await fetch(`${await server.ready}/healthz`)).status).toBe(200);
    }
  });

  it.runIf(onPostgres)('lets several servers migrate one new PostgreSQL database at once', async () => {
    await withNewPostgresDatabase(async (url) => {
      const env = { DATA_DIR: tempDir(), DATABASE_URL: url, AUTH_SECRET: PROCESS_TEST_SECRET };
      const runs = await Promise.all([runMigrate(env), runMigrate(env), runMigrate(env)]);
      for (const run of runs) expect(run.code, run.output).toBe(0);
      const migrated = new pg.Client({ connectionString: url });
      await migrated.connect();
      const { rows } = await migrated.query(`select count(*)::int as n from drizzle.__drizzle_migrations`);
      await migrated.end();
      expect(rows[0].n).toBe(fs.readdirSync('server/db/migrations').filter((file) => file.endsWith('.sql')).length);
    });
  });

  it.runIf(onPostgres)('counts sign-in attempts from one address across every server on one PostgreSQL', async () => {
    await withNewPostgresDatabase(async (url) => {
      const env = { DATABASE_URL: url, AUTH_SECRET: PROCESS_TEST_SECRET, PUBLIC_URL: 'http://foray.test' };
      const servers = [startServer({ ...env, DATA_DIR: tempDir() }), startServer({ ...env, DATA_DIR: tempDir() })];
      children.push(...servers.map((server) => server.child));
      const urls = await Promise.all(servers.map((server) => server.ready));
      const statuses: number[] = [];
      // A different e-mail each time, so only the per-address limit (10 a minute) can answer 429.
      for (let attempt = 0; attempt < 11; attempt++) {
        const response = await fetch(`${urls[attempt % 2]}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://foray.test' },
          body: JSON.stringify({ email: `guess-${attempt}@example.com`, password: 'a wrong password' }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    });
  });

  it('finishes a request in flight on SIGTERM, then exits 0 and frees the data folder', async () => {
    const dataDir = migratedDataDir();
    const server = startServer({ DATA_DIR: dataDir, ...databaseEnv() });
    children.push(server.child);
    const url = new URL(await server.ready);

    // Start a sign-up whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify({ email: `sigterm-${Date.now()}@example.com`, password: 'long enough password' });
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(10));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain('{"ok":true}');
    expect(await server.exited).toBe(0);
    if (!onPostgres) {
      expect(fs.existsSync(path.join(dataDir, 'foray.lock'))).toBe(false);
      // The data folder opens again at once: the database was closed cleanly.
      const again = startServer({ DATA_DIR: dataDir });
      children.push(again.child);
      await again.ready;
    }
  });

  it('refuses to start on a database a newer Foray migrated, naming both newest migrations, and exits 1', async () => {
    const refuse = async (env: Record<string, string>, database: DatabaseOptions) => {
      const newest = knownMigrations('server/db/migrations').at(-1)!;
      // Migrated by this build, then one more migration recorded: what a newer release leaves behind.
      const handle = await openDatabase(database);
      await handle.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${'e'.repeat(64)}, ${newest.when + 1})`,
      );
      await handle.close();
      const server = startServer(env);
      children.push(server.child);
      await expect(server.ready).rejects.toThrow(/before ready/);
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/^This database was migrated by a newer Foray/m);
      expect(server.output()).toContain(`this Foray's newest is ${newest.tag}`);
    };
    if (onPostgres) {
      await withNewPostgresDatabase((url) =>
        refuse({ DATA_DIR: tempDir(), DATABASE_URL: url, AUTH_SECRET: PROCESS_TEST_SECRET }, { kind: 'postgres', url }),
      );
    } else {
      // A copy of the run's migrated template spares a new data folder's initdb.
      const dataDir = tempDir();
      fs.cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'db'), { recursive: true });
      await refuse({ DATA_DIR: dataDir }, { kind: 'pglite', dir: path.join(dataDir, 'db') });
    }
  });

  it('stops at start with a message naming every bad variable', async () => {
    const server = startServer({ DATA_DIR: tempDir(), PORT: 'eighty', STORAGE: 'floppy', DATABASE_URL: 'mysql://x' });
    children.push(server.child);
    await expect(server.ready).rejects.toThrow(/PORT/);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/STORAGE/);
    expect(server.output()).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });

  it('requires AUTH_SECRET with DATABASE_URL', async () => {
    const server = startServer({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    children.push(server.child);
    await expect(server.ready).rejects.toThrow(/AUTH_SECRET: is required when DATABASE_URL is set/);
  });
});

/** A port nothing listens on yet, for a PUBLIC_URL that must name it before the server starts. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('what the server prints', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('gives PUBLIC_URL as the address to open, and prints each mail as a plain "Mail to …: <link>" line without SMTP', async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const server = startServer({
      DATA_DIR: migratedDataDir(),
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: 'info',
      ...databaseEnv(),
    });
    children.push(server.child);
    expect(await server.ready).toBe(publicUrl);
    expect(server.output()).not.toMatch(/Warning: PUBLIC_URL/);
    // On PostgreSQL this lane's database has seen accounts before, and the policy an earlier start wrote: open it, as
    // an administrator would (ADR 0079). The embedded data folder is a new server, whose first account may sign up.
    if (onPostgres) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`update server_policy set signup_policy = 'open', signup_domains = '{}'`);
      await client.end();
    }

    const email = `printed-${Date.now()}@example.com`;
    const signUp = await fetch(`${publicUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl },
      body: JSON.stringify({ email, password: 'long enough password' }),
    });
    expect(signUp.status).toBe(200);
    const line = await waitFor(() =>
      new RegExp(`^Mail to ${email.replace(/[.+]/g, '\\$&')}: (\\S+)$`, 'm').exec(server.output()),
    );
    const link = new URL(line[1]!);
    expect(link.origin).toBe(publicUrl);
    expect(link.pathname).toBe('/api/auth/verify-email');
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(302);
  });

  it('names its release in the ready line', async () => {
    const server = startServer({ DATA_DIR: migratedDataDir(), FORAY_COMMIT: 'abcdef123456', ...databaseEnv() });
    children.push(server.child);
    await server.ready;
    const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(server.output()).toMatch(
      new RegExp(
        `Foray is ready at \\S+ \\(.*; version ${version.replaceAll('.', '\\.')} \\(commit abcdef123456\\)\\)`,
      ),
    );
  });

  it('warns at start when PUBLIC_URL points at this machine on another port', async () => {
    const server = startServer({ DATA_DIR: migratedDataDir(), PUBLIC_URL: 'http://localhost:1', ...databaseEnv() });
    children.push(server.child);
    const reachable = await server.ready;
    expect(server.output()).toMatch(
      /Foray is ready at http:\/\/localhost:1 \(.*listening on http:\/\/127\.0\.0\.1:\d+;/,
    );
    // On stderr, which may arrive after the ready line on stdout.
    await waitFor(() =>
      /Warning: PUBLIC_URL is http:\/\/localhost:1, but Foray listens on port \d+/.exec(server.output()),
    );
    expect((await fetch(`${reachable}/healthz`)).status).toBe(200);
  });
});

describe('npm start', () => {
  it('passes SIGTERM to the server it started, which closes and frees the data folder', async () => {
    const dataDir = migratedDataDir();
    const started = startServer({ DATA_DIR: dataDir, ...databaseEnv() }, ['npm', ['start', '--silent']]);
    children.push(started.child);
    const url = await started.ready;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    // The signal goes to the process `npm start` created (npm itself), not to the server below it.
    started.child.kill('SIGTERM');
    await started.exited;
    // The server is gone, not orphaned: nothing answers, and the data folder is free for the next start.
    await waitFor(async () =>
      fetch(`${url}/healthz`).then(
        () => null,
        () => true,
      ),
    );
    if (!onPostgres) {
      expect(fs.existsSync(path.join(dataDir, 'foray.lock'))).toBe(false);
      const again = startServer({ DATA_DIR: dataDir });
      children.push(again.child);
      await again.ready;
    }
  }, 180_000);
});

/** Polls until `check` gives a value (a line in the output, a refused connection). */
async function waitFor<T>(check: () => T | null | undefined | Promise<T | null | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const result = await check();
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('gave up waiting');
}
