import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, inject } from 'vitest';
import { openDatabase, type DatabaseOptions } from './client.ts';
import { knownMigrations, SchemaTooNewError } from './schema-version.ts';
import { withDatabase } from '../test/global-setup.ts';

// A server of an older release that meets a database a newer release migrated stops at start, names both newest
// migrations, and changes nothing. On a copy of the migrated template database, on either engine.

const onPostgres = process.env.FORAY_TEST_DB === 'postgres';
const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const newest = knownMigrations(MIGRATIONS_DIR).at(-1)!;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A copy of this run's migrated template database, as the options that open it. */
async function copiedDatabase(): Promise<DatabaseOptions> {
  if (onPostgres) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `foray_t_${process.ppid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    return { kind: 'postgres', url: withDatabase(url, name) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-schema-version-'));
  fs.cpSync(inject('pgliteTemplateDir'), path.join(dir, 'db'), { recursive: true });
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return { kind: 'pglite', dir: path.join(dir, 'db') };
}

/** Records a migration as drizzle does, `after` ms after this build's newest: what a newer release leaves. */
async function recordMigration(options: DatabaseOptions, after: number, hash = 'f'.repeat(64)) {
  const database = await openDatabase(options);
  try {
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${hash}, ${newest.when + after})`,
    );
  } finally {
    await database.close();
  }
}

async function migrationCount(options: DatabaseOptions): Promise<number> {
  if (options.kind === 'postgres') {
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    try {
      return (await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(options.dir);
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]!
      .n;
  } finally {
    await client.close();
  }
}

describe('a database migrated by a newer Foray', () => {
  it('is refused at open, naming its newest migration and this build’s, and left as it was', async () => {
    const options = await copiedDatabase();
    await recordMigration(options, 60_000, 'abcdef012345'.padEnd(64, '9'));
    const before = await migrationCount(options);

    const refused = await openDatabase(options).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SchemaTooNewError);
    const message = (refused as Error).message;
    expect(message).toMatch(/migrated by a newer Foray: it holds 1 migration\(s\) this Foray does not know/);
    expect(message).toContain(
      `newest migration is one made ${new Date(newest.when + 60_000).toISOString()} (hash abcdef012345)`,
    );
    expect(message).toContain(`this Foray's newest is ${newest.tag}`);
    expect(await migrationCount(options)).toBe(before);
  });
});
