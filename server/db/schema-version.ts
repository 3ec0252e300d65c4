import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';

/** One migration as this build knows it: its file's name and the time drizzle-kit made it (its key in the database). */
type KnownMigration = { tag: string; when: number };

/** The migrations of this build, oldest first, from drizzle-kit's journal beside them. */
export function knownMigrations(migrationsDir: string): KnownMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: KnownMigration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The database was migrated by a newer Foray than this one. Its message says what to do. */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
}

type Execute = (query: ReturnType<typeof sql>) => Promise<unknown>;

/**
 * Refuses a database holding a migration this build does not know: a newer release migrated it, and an older
 * server running on it would write rows the new schema does not expect (or fail on what it no longer has).
 * Drizzle records each applied migration by the time it was made (`created_at`) and a hash of its file, not by
 * name: a known one is named by its file, an unknown one by its time and hash. Runs before migrating, so a refused
 * database is left as it was.
 */
export async function refuseNewerSchema(execute: Execute, migrationsDir: string): Promise<void> {
  const rowsOf = async <Row>(query: ReturnType<typeof sql>) => ((await execute(query)) as { rows: Row[] }).rows;
  const [table] = await rowsOf<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return;
  const applied = await rowsOf<{ hash: string; created_at: string | number }>(
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc`,
  );
  const known = knownMigrations(migrationsDir);
  const tagOf = new Map(known.map((migration) => [migration.when, migration.tag]));
  const unknown = applied.filter((row) => !tagOf.has(Number(row.created_at)));
  if (unknown.length === 0) return;
  const name = (row: { hash: string; created_at: string | number }) =>
    tagOf.get(Number(row.created_at)) ??
    `one made ${new Date(Number(row.created_at)).toISOString()} (hash ${row.hash.slice(0, 12)})`;
  const ours = known.at(-1)?.tag ?? 'none';
  throw new SchemaTooNewError(
    `This database was migrated by a newer Foray: it holds ${unknown.length} migration(s) this Foray does not know. ` +
      `The database's newest migration is ${name(applied[0]!)}; this Foray's newest is ${ours}. ` +
      'Run the release that migrated it, or a newer one, or restore the backup made before the upgrade. ' +
      'Nothing was changed.',
  );
}
