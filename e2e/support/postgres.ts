// A browser test's Foray on PostgreSQL, for tests that must change the database beside the running server (naming an
// administrator: the embedded database belongs to the server process alone, STACK-NOTES). A database of the file's own
// is made on the server TEST_DATABASE_URL names (CI always sets it: .ci/run) before the file's Foray starts, and
// dropped after it stopped.
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

export type PostgresForForay = {
  /** The environment to start Foray with (`useForay({ env })`): filled in before the file's first test. */
  env: Record<string, string>;
  /** One statement on the file's database. */
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
};

export const postgresUrl = process.env.TEST_DATABASE_URL;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Call before `useForay` (its start needs the database): its hooks run first. */
export function usePostgresForForay(): PostgresForForay {
  const env: Record<string, string> = {};
  const name = `foray_e2e_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  let pool: pg.Pool | undefined;

  beforeAll(async () => {
    if (!postgresUrl) throw new Error('This browser test runs Foray on PostgreSQL: set TEST_DATABASE_URL');
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = withDatabase(postgresUrl, name);
    Object.assign(env, { DATABASE_URL: url, AUTH_SECRET: crypto.randomBytes(24).toString('hex') });
    pool = new pg.Pool({ connectionString: url, max: 1 });
    pool.on('error', () => {});
  });

  // Registered before useForay's: Vitest runs the later hook (the server's stop) first.
  afterAll(async () => {
    await pool?.end();
    if (!postgresUrl) return;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  });

  return {
    env,
    sql: (text, values) => {
      if (!pool) throw new Error('The database is made in beforeAll');
      return pool.query(text, values);
    },
  };
}

/** Makes the account with this address one of the server's administrators (ADR 0077), as `npm run admin -- grant` does. */
export async function makeAdministrator(database: PostgresForForay, email: string): Promise<void> {
  const result = await database.sql(`update "user" set role = 'admin' where email = $1`, [email]);
  if (result.rowCount !== 1) throw new Error(`No account ${email} to make an administrator`);
}
