// Restores a backup archive into an empty place (ADR 0054): the archive is checked whole first, then the target,
// and only then is anything written — the photos into the configured store, the rows into a schema made by the
// archive's own migration, and then the migrations since.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { MIGRATIONS_DIR, openDatabase, type DatabaseHandle } from '../db/client.ts';
import { knownMigrations } from '../db/schema-version.ts';
import { createStorage, type PhotoStorage } from '../storage/storage.ts';
import {
  countRows,
  describeTables,
  finishLoad,
  loadLines,
  LOAD_BATCH_ROWS,
  prepareLoad,
  readLastMigration,
} from './database-dump.ts';
import { AUTH_SECRET_PATH, tablePath, type Manifest } from './manifest.ts';
import { ArchiveDamagedError, RestoreRefusedError } from './backup-errors.ts';
import { readEntry, readEntryBuffer, sha256Of } from './tar.ts';
import { keyOf, verifyArchive, type VerifiedArchive } from './verify-archive.ts';

export type RestoreProgress = { step: 'checking' | 'photos' | 'database'; done: number; total: number | null };

export type RestoreOptions = {
  /** Restore even into a database or store that holds data: the database is replaced, the photos are added. */
  force?: boolean;
  onProgress?: (progress: RestoreProgress) => void;
  /** The archive as `verifyArchive` found it, when the caller checked it first (before reading its settings). */
  verified?: VerifiedArchive;
};

export type RestoreSummary = { manifest: Manifest; replaced: boolean };

export async function restoreBackup(
  file: string,
  config: Config,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const onProgress = options.onProgress ?? (() => {});
  const archive =
    options.verified ?? (await verifyArchive(file, (done, total) => onProgress({ step: 'checking', done, total })));
  const { manifest } = archive;

  const known = knownMigrations(MIGRATIONS_DIR);
  const migrationIndex = known.findIndex((migration) => migration.when === manifest.database.migration.createdAt);
  if (migrationIndex < 0)
    throw new RestoreRefusedError(
      `This archive was made by a newer Foray (${manifest.foray.version}; its schema's last migration is ` +
        `${manifest.database.migration.tag ?? manifest.database.migration.hash.slice(0, 12)}), which this Foray ` +
        `(newest migration ${known.at(-1)?.tag}) does not know. Restore it with that release or a newer one. Nothing was changed.`,
    );

  const archiveSecret = (await readEntryBuffer(file, archive.entries.get(AUTH_SECRET_PATH)!)).toString('utf8');
  if (config.authSecretFrom === 'environment' && config.authSecret !== archiveSecret)
    throw new RestoreRefusedError(
      'AUTH_SECRET differs from the secret of the Foray that made this archive. Two-step sign-in and signed links ' +
        "need that one: set AUTH_SECRET to the archive's (`tar -xOf <archive> auth-secret` prints it), or unset it " +
        'on the embedded database to have the restore keep it in the data folder. Nothing was changed.',
    );

  const storage = await createStorage(config.storage);
  const archiveKeys = new Set(
    [...archive.entries.keys()].filter((entry) => entry.startsWith('photos/')).map((entry) => keyOf(entry)),
  );
  const strangers = await photosOutside(storage, archiveKeys);
  const database = await describeTarget(config);
  const occupied = [
    ...(database.state === 'has-users' ? [`its database holds ${database.users} account(s)`] : []),
    ...(strangers > 0 ? [`its photo store holds ${strangers} photo(s) that are not in this archive`] : []),
  ];
  if (database.state === 'foreign')
    throw new RestoreRefusedError(
      "The target database holds tables that are not Foray's. Restore into a database of Foray's own. Nothing was changed.",
    );
  if (occupied.length > 0 && !options.force)
    throw new RestoreRefusedError(
      `The target is not empty: ${occupied.join(', and ')}. A restore goes into an empty data folder or database; ` +
        'to replace what is there, run it again with --force. Nothing was changed.',
    );

  await restorePhotos(file, archive, storage, onProgress);
  await restoreDatabase(file, archive, config, migrationIndex, database.state !== 'empty', onProgress);
  if (config.authSecretFrom === 'data-folder') {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(path.join(config.dataDir, 'auth-secret'), archiveSecret, { mode: 0o600 });
  }
  return { manifest, replaced: occupied.length > 0 };
}

/** How many stored photos the archive does not hold (an earlier, cut-off restore of it may have written its own). */
async function photosOutside(storage: PhotoStorage, archiveKeys: Set<string>): Promise<number> {
  let count = 0;
  for await (const photo of storage.list()) if (!archiveKeys.has(photo.key)) count++;
  return count;
}

type TargetState =
  { state: 'empty' } | { state: 'foray' } | { state: 'has-users'; users: number } | { state: 'foreign' };

/**
 * Empty: no database yet, or one with no table. A Foray schema with no account (a server started on it, or a
 * restore cut off) holds nothing of anyone's and is replaced like an empty one.
 */
async function describeTarget(config: Config): Promise<TargetState> {
  if (config.database.kind === 'pglite' && !fs.existsSync(path.join(config.database.dir, 'PG_VERSION')))
    return { state: 'empty' };
  const handle = await openDatabase({ ...config.database, migrations: 'none' });
  try {
    const migration = await readLastMigration(handle.db);
    const tables = await describeTables(handle.db);
    if (!migration) return tables.length === 0 ? { state: 'empty' } : { state: 'foreign' };
    const users = tables.some((table) => table.name === 'user') ? await countRows(handle.db, 'user') : 0;
    return users > 0 ? { state: 'has-users', users } : { state: 'foray' };
  } finally {
    await handle.close();
  }
}

async function restorePhotos(
  file: string,
  archive: VerifiedArchive,
  storage: PhotoStorage,
  onProgress: (progress: RestoreProgress) => void,
) {
  const photos = [...archive.entries.values()].filter((entry) => entry.path.startsWith('photos/'));
  const expected = new Map(archive.manifest.entries.map((entry) => [entry.path, entry.sha256]));
  let done = 0;
  for (const entry of photos) {
    const bytes = await readEntryBuffer(file, entry);
    // Checked once more as it is read: the file could have changed since the check.
    if ((await sha256Of([bytes])) !== expected.get(entry.path))
      throw new ArchiveDamagedError(`The archive changed while it was restored: ${entry.path} no longer matches.`);
    await storage.put(keyOf(entry.path), bytes, 'image/webp');
    onProgress({ step: 'photos', done: ++done, total: photos.length });
  }
}

async function restoreDatabase(
  file: string,
  archive: VerifiedArchive,
  config: Config,
  migrationIndex: number,
  replace: boolean,
  onProgress: (progress: RestoreProgress) => void,
) {
  if (replace) await removeDatabase(config);
  // The schema of the archive's migration, made by this build's own migrations up to it; the rows go in there.
  const latest = migrationIndex === knownMigrations(MIGRATIONS_DIR).length - 1;
  const folder = latest ? null : migrationsUpTo(migrationIndex);
  try {
    const handle = await openDatabase({ ...config.database, migrations: folder ? { folder } : 'apply' });
    try {
      await loadRows(file, archive, handle, onProgress);
    } finally {
      await handle.close();
    }
  } finally {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  }
  if (folder) {
    // Then every migration since the archive's, as an upgrade would run them.
    const upgraded = await openDatabase(config.database);
    await upgraded.close();
  }
}

async function loadRows(
  file: string,
  { manifest, entries }: VerifiedArchive,
  handle: DatabaseHandle,
  onProgress: (progress: RestoreProgress) => void,
) {
  const total = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  let done = 0;
  await handle.db.transaction(async (tx) => {
    const tables = await describeTables(tx);
    const byName = new Map(tables.map((table) => [table.name, table]));
    const archived = new Set(manifest.database.tables.map((table) => table.name));
    const differ = [...tables.filter((table) => !archived.has(table.name)).map((table) => table.name)];
    for (const table of manifest.database.tables) if (!byName.has(table.name)) differ.push(table.name);
    if (differ.length > 0)
      throw new RestoreRefusedError(
        `The schema made by the archive's migration does not have the archive's tables (${differ.join(', ')}).`,
      );
    await prepareLoad(tx, tables);
    for (const table of manifest.database.tables) {
      const shape = byName.get(table.name)!;
      const entry = entries.get(tablePath(table.name))!;
      const lines = readline.createInterface({
        input: Readable.from(readEntry(file, entry)).pipe(zlib.createGunzip()),
        crlfDelay: Infinity,
      });
      let batch: string[] = [];
      let rows = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await loadLines(tx, shape, table.columns, batch);
        rows += batch.length;
        done += batch.length;
        batch = [];
        onProgress({ step: 'database', done, total });
      };
      for await (const line of lines) {
        if (line === '') continue;
        batch.push(line);
        if (batch.length === LOAD_BATCH_ROWS) await flush();
      }
      await flush();
      if (rows !== table.rows)
        throw new ArchiveDamagedError(
          `The archive's ${table.name} holds ${rows} rows where its manifest says ${table.rows}.`,
        );
    }
    await finishLoad(tx, tables, manifest.database.sequences);
  });
}

/** A folder holding this build's migrations up to and including `index`, as drizzle's migrator reads them. */
function migrationsUpTo(index: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-restore-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.slice(0, index + 1);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/** Takes away the target's Foray database: the embedded one's folder, or on PostgreSQL every object Foray made. */
async function removeDatabase(config: Config) {
  if (config.database.kind === 'pglite') {
    fs.rmSync(config.database.dir, { recursive: true, force: true });
    return;
  }
  const handle = await openDatabase({ ...config.database, migrations: 'none' });
  try {
    await handle.db.transaction(async (tx) => {
      const statements = (
        (await tx.execute(sql`
          select format('drop table if exists public.%I cascade', c.relname) as statement
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
          union all
          select format('drop function if exists %s cascade', p.oid::regprocedure)
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public'
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`)) as unknown as {
          rows: { statement: string }[];
        }
      ).rows;
      for (const { statement } of statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`drop schema if exists drizzle cascade`);
    });
  } finally {
    await handle.close();
  }
}
