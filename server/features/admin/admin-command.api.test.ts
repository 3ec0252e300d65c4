import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-app.ts';

// `npm run admin -- grant|revoke <email>` as an operator runs it: a real child process, on the embedded database
// with and without a server holding the data folder, and on PostgreSQL beside a running server (ADR 0082).

const onPostgres = process.env.FORAY_TEST_DB === 'postgres';
const SECRET = 'admin-command-secret-admin-command-secret';
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-admin-command-'));
  dirs.push(dir);
  return dir;
}

/** The command, run to its end, as `npm run admin` runs it. */
async function runAdmin(env: Record<string, string>, ...args: string[]) {
  const child = spawn(
    process.execPath,
    ['--liftoff-only', '--import', 'tsx', 'server/features/admin/admin-command.ts', ...args],
    { env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env }, stdio: 'pipe' },
  );
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
  return { code, output };
}

/** The real server process; resolves once it says it is ready. */
async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/Foray is ready at/.test(output)) resolve();
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    async stop() {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function addPerson(db: Database, email: string) {
  const id = crypto.randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, 'Operator', ${email}, true)`,
  );
  return id;
}
const facts = async (db: Database, id: string) => {
  const role = (await db.execute(sql`select role from "user" where id = ${id}`)) as unknown as {
    rows: { role: string }[];
  };
  const audit = (await db.execute(
    sql`select action, actor_id, address from audit_log where subject_id = ${id} order by id`,
  )) as unknown as { rows: { action: string; actor_id: string | null; address: string | null }[] };
  return { role: role.rows[0]?.role, audit: audit.rows };
};
const CONSOLE_ENTRY = { action: 'user.role', actor_id: null, address: null };

describe.skipIf(onPostgres)('npm run admin on the embedded database', { timeout: 120_000 }, () => {
  let dataDir: string;
  let dbDir: string;
  let id: string;
  beforeAll(async () => {
    dataDir = tempDir();
    dbDir = path.join(dataDir, 'db');
    fs.cpSync(inject('pgliteTemplateDir'), dbDir, { recursive: true });
    const database = await openDatabase({ kind: 'pglite', dir: dbDir });
    id = await addPerson(database.db, 'operator@club.example');
    await database.close();
  });
  const env = () => ({ DATA_DIR: dataDir, AUTH_SECRET: SECRET });

  it('opens the data folder itself when no server runs, and refuses to leave no administrator', async () => {
    const granted = await runAdmin(env(), 'grant', 'Operator@Club.example');
    expect(granted.output).toContain('operator@club.example is now an administrator.');
    expect(granted.code).toBe(0);
    const revoked = await runAdmin(env(), 'revoke', 'operator@club.example');
    expect(revoked.code).not.toBe(0);
    expect(revoked.output).toMatch(/at least one administrator/);
    // The lock is released: the folder is free again.
    expect(fs.existsSync(path.join(dataDir, 'foray.lock'))).toBe(false);

    const database = await openDatabase({ kind: 'pglite', dir: dbDir });
    try {
      expect(await facts(database.db, id)).toEqual({ role: 'admin', audit: [CONSOLE_ENTRY] });
    } finally {
      await database.close();
    }
  });

  it('asks the running server through its socket, which writes and refuses the same', async () => {
    const database = await openDatabase({ kind: 'pglite', dir: dbDir });
    const second = await addPerson(database.db, 'second@club.example');
    await database.close();

    const server = await startServer(env());
    try {
      const granted = await runAdmin(env(), 'grant', 'second@club.example');
      expect(granted.output).toContain('second@club.example is now an administrator.');
      expect(granted.code).toBe(0);
      expect((await runAdmin(env(), 'revoke', 'operator@club.example')).code).toBe(0);
      const last = await runAdmin(env(), 'revoke', 'second@club.example');
      expect(last.code).not.toBe(0);
      expect(last.output).toMatch(/at least one administrator/);
      const nobody = await runAdmin(env(), 'grant', 'nobody@club.example');
      expect(nobody.code).not.toBe(0);
      expect(nobody.output).toMatch(/no account with the e-mail nobody@club.example/);
    } finally {
      await server.stop();
    }
    const after = await openDatabase({ kind: 'pglite', dir: dbDir });
    try {
      expect(await facts(after.db, second)).toEqual({ role: 'admin', audit: [CONSOLE_ENTRY] });
      expect(await facts(after.db, id)).toEqual({ role: 'user', audit: [CONSOLE_ENTRY, CONSOLE_ENTRY] });
    } finally {
      await after.close();
    }
  });

  it('says how to use it when the words are wrong', async () => {
    const wrong = await runAdmin(env(), 'promote', 'someone@club.example');
    expect(wrong.code).toBe(2);
    expect(wrong.output).toMatch(/Usage: npm run admin -- grant <email>/);
  });
});

describe.skipIf(!onPostgres)('npm run admin on PostgreSQL', { timeout: 120_000 }, () => {
  it('writes directly, with a server running on the same database or none', async () => {
    const database = await openTestDatabase();
    try {
      const id = await addPerson(database.db, 'pg-operator@club.example');
      const env = { DATABASE_URL: database.url!, AUTH_SECRET: SECRET, DATA_DIR: tempDir() };
      const granted = await runAdmin(env, 'grant', 'pg-operator@club.example');
      expect(granted.code).toBe(0);
      expect((await facts(database.db, id)).role).toBe('admin');

      const server = await startServer({ ...env, DATA_DIR: tempDir() });
      try {
        const refused = await runAdmin(env, 'revoke', 'pg-operator@club.example');
        expect(refused.code).not.toBe(0);
        expect(refused.output).toMatch(/at least one administrator/);
        const other = await addPerson(database.db, 'pg-second@club.example');
        expect((await runAdmin(env, 'grant', 'pg-second@club.example')).code).toBe(0);
        expect((await runAdmin(env, 'revoke', 'pg-operator@club.example')).code).toBe(0);
        expect(await facts(database.db, other)).toEqual({ role: 'admin', audit: [CONSOLE_ENTRY] });
      } finally {
        await server.stop();
      }
      expect(await facts(database.db, id)).toEqual({ role: 'user', audit: [CONSOLE_ENTRY, CONSOLE_ENTRY] });
    } finally {
      await database.dispose();
    }
  });
});
