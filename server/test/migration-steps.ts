// A database as an older Foray left it, for the tests of one migration: every migration up to the one under test,
// then the test fills it the old way and applies the rest, as an upgrade does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/client.ts';
import { withDatabase } from './global-setup.ts';

/** The migrations folder of this build. */
export const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');

/** A copy of the migrations folder that ends just before the migration tagged `firstNew`; the caller removes it. */
export function migrationsBefore(firstNew: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((entry) => entry.tag < firstNew);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

export type Engine = { db: Database; migrate(folder: string): Promise<void>; close(): Promise<void> };

/** An empty database of the lane's kind (PGlite, or a new database on TEST_DATABASE_URL), with no migration applied. */
export async function openEmptyDatabase(): Promise<Engine> {
  if (process.env.FORAY_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `foray_m_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const pg = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 2 });
    // Dropping the database ends the pool's last idle connection from the server's side: not an error here.
    pool.on('error', () => {});
    const db = drizzle(pool) as unknown as Database;
    return {
      db,
      migrate: (folder) => migrate(db as never, { migrationsFolder: folder }),
      async close() {
        await pool.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // As the server opens it (db/client.ts): the species search's trigram index needs pg_trgm (migration 0005).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle(client) as unknown as Database;
  return { db, migrate: (folder) => migrate(db as never, { migrationsFolder: folder }), close: () => client.close() };
}
