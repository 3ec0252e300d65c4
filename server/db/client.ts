import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { memoryLimitBytes } from '../lib/memory.ts';
import { RequestAbandoned } from './abandoned-requests.ts';
import { readPgliteTemplate } from './pglite-template.ts';
import { refuseNewerSchema } from './schema-version.ts';

export type Schema = typeof schema;
/** The one database type the rest of the server sees, whichever engine runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Is the database answering? For /healthz. */
  ping(): Promise<void>;
  /**
   * Runs the reads of one request that may take long (the map's tiles, the list and its box) so that they end
   * when `signal` aborts — the browser left — rather than work on for nobody (ADR 0039). On PostgreSQL they run
   * in one read-only transaction on a connection of their own, bounded by the read timeout, and an abort
   * cancels the running statement (`pg_cancel_backend`); the call then throws `RequestAbandoned`. On PGlite a
   * running statement cannot be stopped: an abandoned request that has not started reading is not run at all.
   */
  readFor<T>(signal: AbortSignal, run: (db: Database) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: takes the advisory lock `key` on a connection of its own, outside the pools, and holds it until
   * the returned function is called (backups hold one while they run, `server/backup/`). `shared` lets others
   * that share it in at the same time.
   */
  holdAdvisoryLock?(key: number, shared?: boolean): Promise<() => Promise<void>>;
  /**
   * The connections of each pool, for /metrics (ADR 0080). PostgreSQL: the app's pool and the reads' pool, each with
   * its open, idle and waiting counts. PGlite: one in-process connection, and nothing to tell of what waits for it.
   */
  pools(): PoolFigures[];
  close(): Promise<void>;
};

export type PoolFigures = { pool: string; open: number; idle: number | null; waiting: number | null };

/** A node-postgres pool's counts: open connections, those idle, and the requests waiting for one. */
const poolFigures = (
  pool: string,
  of: { totalCount: number; idleCount: number; waitingCount: number },
): PoolFigures => ({ pool, open: of.totalCount, idle: of.idleCount, waiting: of.waitingCount });

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number, the same in every Foray process: the key of the advisory lock held while migrating. */
const MIGRATION_LOCK_KEY = 7_305_117_001;

/**
 * `migrations`: 'apply' (the default) refuses a newer schema and migrates; 'none' opens the database as it is (a
 * backup reads it so); or the folder of a subset of the migrations to apply (a restore builds the schema of its
 * archive so, then migrates up).
 */
type MigrationChoice = { migrations?: 'apply' | 'none' | { folder: string } };

export type DatabaseOptions = (
  | { kind: 'pglite'; dir: string }
  /**
   * `statementTimeoutMs`: the longest any one statement of the app may run (0: no bound). Migrations run on a
   * connection of their own, without it.
   */
  | {
      kind: 'postgres';
      url: string;
      maxConnections?: number;
      statementTimeoutMs?: number;
      readStatementTimeoutMs?: number;
    }
) &
  MigrationChoice;

/**
 * The longest one statement of a request's reads may run (see `readFor`), unless the operator's statement
 * timeout is shorter: a map answer that takes longer than this is no use to anyone holding a phone.
 */
export const DEFAULT_READ_STATEMENT_TIMEOUT_MS = 4000;

/**
 * PGlite's shared buffers, in MB: PostgreSQL's default of 128 MB, or a sixteenth of the memory the process may use
 * when that is less (32 MB under a 512 MB container limit), never under 16. The buffers live in the WebAssembly
 * memory, which never shrinks; the data folder's pages are also in the kernel's file cache (ADR 0055).
 */
export function pgliteSharedBuffersMb(memoryBytes: number): number {
  return Math.max(16, Math.min(128, Math.floor(memoryBytes / 16 / 1024 ** 2)));
}

/** The timeout of `readFor`'s statements: the shorter of the two bounds (0: no bound). */
export function readTimeoutOf(statementTimeoutMs: number, readStatementTimeoutMs: number): number {
  const bounds = [statementTimeoutMs, readStatementTimeoutMs].filter((bound) => bound > 0);
  return bounds.length === 0 ? 0 : Math.min(...bounds);
}

function migrationsFolderOf({ migrations = 'apply' }: MigrationChoice): string | null {
  if (migrations === 'none') return null;
  return migrations === 'apply' ? MIGRATIONS_DIR : migrations.folder;
}

/**
 * The single switch between embedded PGlite and a PostgreSQL server. Only the configured driver is
 * loaded. Migrations are applied before the handle is returned (unless `migrations` says otherwise); a database a
 * newer Foray migrated is refused.
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
    const settings = {
      extensions,
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        `shared_buffers=${pgliteSharedBuffersMb(memoryLimitBytes())}MB`,
      ],
    };
    // A new data folder is a copy of the template the container image ships, when there is one: initdb inside
    // the server was the memory peak of its whole life (ADR 0055).
    const template = isNew ? readPgliteTemplate() : null;
    let client = await PGlite.create(options.dir, template ? { ...settings, loadDataDir: template } : settings);
    if (isNew && !template) {
      // initdb leaves hundreds of megabytes of WebAssembly memory that a running PGlite never gives back; a second instance
      // on the now initialised folder starts small. Costs under a second, once, on a new data folder.
      await client.close();
      client = await PGlite.create(options.dir, settings);
    }
    const db = drizzle(client, { schema });
    try {
      const folder = migrationsFolderOf(options);
      if (folder) {
        await refuseNewerSchema((query) => db.execute(query), folder);
        await migrate(db, { migrationsFolder: folder });
      }
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
      // One in-process connection, one statement at a time, and no way to interrupt one (ADR 0039).
      readFor: async (signal, run) => {
        if (signal.aborted) throw new RequestAbandoned();
        return run(db as unknown as Database);
      },
      pools: () => [{ pool: 'embedded', open: 1, idle: null, waiting: null }],
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
  const folder = migrationsFolderOf(options);
  if (folder) {
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
        const migrator = drizzle(lockHolder, { schema });
        await refuseNewerSchema((query) => migrator.execute(query), folder);
        await migrate(migrator, { migrationsFolder: folder });
      } finally {
        // Ending the connection releases its advisory lock.
        await lockHolder.end();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  const readTimeoutMs = readTimeoutOf(
    options.statementTimeoutMs ?? 0,
    options.readStatementTimeoutMs ?? DEFAULT_READ_STATEMENT_TIMEOUT_MS,
  );
  // A request's reads get connections of their own pool, set up once when each connection opens: read-only
  // transactions and the read timeout as the session's defaults (startup options), so a read costs no extra
  // round trip (BEGIN…SET LOCAL, COMMIT each time cost two, a fifth of a map tile's work).
  const readPool = new pg.default.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    options: `-c default_transaction_read_only=on${readTimeoutMs > 0 ? ` -c statement_timeout=${readTimeoutMs}` : ''}`,
  });
  readPool.on('error', () => {});
  // One Drizzle per pooled connection, made the first time that connection serves a request's reads.
  const onConnection = new WeakMap<object, Database>();
  /** Asks PostgreSQL to cancel what backend `pid` runs, from a connection outside the pool, which may be full. */
  const cancelBackend = async (pid: number) => {
    const canceller = new pg.default.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
    canceller.on('error', () => {});
    try {
      await canceller.connect();
      await canceller.query('select pg_cancel_backend($1)', [pid]);
    } finally {
      await canceller.end().catch(() => {});
    }
  };
  const readFor = async <T>(signal: AbortSignal, run: (db: Database) => Promise<T>): Promise<T> => {
    if (signal.aborted) throw new RequestAbandoned();
    const connection = await readPool.connect();
    let cancelling: Promise<void> | null = null;
    const cancel = () => {
      const pid = (connection as unknown as { processID: number | null }).processID;
      cancelling = pid === null ? Promise.resolve() : cancelBackend(pid).catch(() => {});
    };
    signal.addEventListener('abort', cancel, { once: true });
    let failed = false;
    try {
      if (signal.aborted) throw new RequestAbandoned();
      let connectionDb = onConnection.get(connection);
      if (!connectionDb) {
        connectionDb = drizzle(connection, { schema }) as unknown as Database;
        onConnection.set(connection, connectionDb);
      }
      const result = await run(connectionDb);
      if (signal.aborted) throw new RequestAbandoned();
      return result;
    } catch (error) {
      failed = true;
      if (signal.aborted) throw new RequestAbandoned();
      throw error;
    } finally {
      signal.removeEventListener('abort', cancel);
      if (cancelling) {
        // A cancel that lands late could stop whatever this connection ran next: it serves no one again.
        await cancelling;
        connection.release(true);
      } else if (failed) {
        // Each read commits on its own (no transaction is left open), but a connection that failed is not trusted.
        connection.release(true);
      } else {
        connection.release();
      }
    }
  };
  const holdAdvisoryLock = async (key: number, shared = false) => {
    const holder = new pg.default.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
    holder.on('error', () => {});
    await holder.connect();
    try {
      await holder.query(shared ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)', [key]);
    } catch (error) {
      await holder.end().catch(() => {});
      throw error;
    }
    // Ending the connection releases the lock, even when the unlock itself is never sent.
    return () => holder.end().catch(() => {});
  };
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    readFor,
    holdAdvisoryLock,
    pools: () => [poolFigures('main', pool), poolFigures('read', readPool)],
    close: async () => {
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}
