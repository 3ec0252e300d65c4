import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the rest of the server sees, whichever engine runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Is the database answering? For /healthz. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number, the same in every Foray process: the key of the advisory lock held while migrating. */
const MIGRATION_LOCK_KEY = 7_305_117_001;

export type DatabaseOptions =
  | { kind: 'pglite'; dir: string }
  /**
   * `statementTimeoutMs`: the longest any one statement of the app may run (0: no bound). Migrations run on a
   * connection of their own, without it.
   */
  | { kind: 'postgres'; url: string; maxConnections?: number; statementTimeoutMs?: number };

/**
 * The single switch between embedded PGlite and a PostgreSQL server. Only the configured driver is
 * loaded. Migrations are applied before the handle is returned.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm: the trigram index behind the species search (ADR 0020); PGlite ships it, loaded on request.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const extensions = { pg_trgm };
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // PGlite does not create missing parent folders.
    fs.mkdirSync(path.dirname(options.dir), { recursive: true });
    const isNew = !fs.existsSync(path.join(options.dir, 'PG_VERSION'));
    let client = await PGlite.create(options.dir, { extensions });
    if (isNew) {
      // initdb leaves ~450 MB of WebAssembly memory that a running PGlite never gives back; a second instance
      // on the now initialised folder starts small. Costs under a second, once, on a new data folder.
      await client.close();
      client = await PGlite.create(options.dir, { extensions });
    }
    const db = drizzle(client, { schema });
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    } catch (error) {
      await client.close();
      throw error;
    }
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      close: () => client.close(),
    };
  }
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Dates stay strings: date_found is a calendar date, not an instant.
  pg.default.types.setTypeParser(1082, (value: string) => value);
  const pool = new pg.default.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    // A request the browser gave up on, or one that went wrong, never keeps a connection busy for long
    // (issue #10): PostgreSQL cancels the statement and the route answers 503 QUERY_TIMEOUT.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  try {
    // Several Foray servers may share one PostgreSQL and start at once: the migrator keeps no lock of its own,
    // so an advisory lock lets one apply the migrations while the others wait, then find nothing to do.
    // The lock is held on a connection of its own, outside the pool, which may be a single connection.
    const lockHolder = new pg.default.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
    lockHolder.on('error', () => {});
    await lockHolder.connect();
    try {
      await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      // On the lock's own connection: a migration's backfill may take longer than any request may.
      await migrate(drizzle(lockHolder, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      // Ending the connection releases its advisory lock.
      await lockHolder.end();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
