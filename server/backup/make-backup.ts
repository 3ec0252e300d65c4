// Writes one backup archive (ADR 0054): the database's snapshot, every photo its rows name, the signing secret and
// the manifest, in a tar file that appears under its name only once it is whole.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { DatabaseHandle } from '../db/client.ts';
import { MIGRATIONS_DIR } from '../db/client.ts';
import { knownMigrations } from '../db/schema-version.ts';
import type { PhotoStorage } from '../storage/storage.ts';
import type { Release } from '../version.ts';
import {
  describeTables,
  photoKeysNamed,
  readLastMigration,
  readSequences,
  tableLines,
  useDumpSettings,
} from './database-dump.ts';
import {
  AUTH_SECRET_PATH,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_HASH_PATH,
  MANIFEST_PATH,
  photoPath,
  tablePath,
  type Manifest,
} from './manifest.ts';
import type { PhotoRemovalPause } from './photo-removal-pause.ts';
import { createTarWriter } from './tar.ts';

export type BackupProgress = { step: 'database' | 'photos'; done: number; total: number | null };

export type BackupSources = {
  database: DatabaseHandle;
  storage: PhotoStorage;
  pause: PhotoRemovalPause;
  release: Release;
  authSecret: string;
};

/** Photos fetched ahead of the one being written: S3 answers in tens of milliseconds, a disk in far less. */
const PHOTOS_AHEAD = 8;

export async function makeBackup(
  sources: BackupSources,
  file: string,
  onProgress: (progress: BackupProgress) => void = () => {},
): Promise<Manifest> {
  const target = path.resolve(file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Written beside the target under another name and renamed when whole: a cut-off backup never looks like one.
  const partial = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${crypto.randomBytes(4).toString('hex')}.partial`,
  );
  const tar = await createTarWriter(partial);
  let endPause: (() => Promise<void>) | null = null;
  try {
    // Before the snapshot: see photo-removal-pause.ts for why this order keeps every named photo in the store.
    endPause = await sources.pause.hold();
    const { database, keys } = await dumpDatabase(sources.database, tar, onProgress);
    const photos = await copyPhotos(sources.storage, keys, tar, onProgress);
    await endPause();
    endPause = null;

    await tar.addBuffer(AUTH_SECRET_PATH, Buffer.from(sources.authSecret));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      foray: { version: sources.release.version, commit: sources.release.commit },
      database: { engine: sources.database.kind, ...database },
      photos,
      entries: [...tar.entries],
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    await tar.addBuffer(MANIFEST_PATH, manifestBytes);
    await tar.addBuffer(
      MANIFEST_HASH_PATH,
      Buffer.from(crypto.createHash('sha256').update(manifestBytes).digest('hex') + '\n'),
    );
    await tar.finish();
    await fs.rename(partial, target);
    return manifest;
  } catch (error) {
    await tar.abort();
    await fs.rm(partial, { force: true });
    throw error;
  } finally {
    await endPause?.();
  }
}

type Tar = Awaited<ReturnType<typeof createTarWriter>>;

/** Every table in one REPEATABLE READ READ ONLY transaction: the rows of one moment, whatever is written meanwhile. */
async function dumpDatabase(
  handle: DatabaseHandle,
  tar: Tar,
  onProgress: (progress: BackupProgress) => void,
): Promise<{ database: Omit<Manifest['database'], 'engine'>; keys: string[] }> {
  return handle.db.transaction(
    async (tx) => {
      await useDumpSettings(tx);
      const migration = await readLastMigration(tx);
      if (!migration) throw new Error('The database holds no Foray schema: there is nothing to back up.');
      const tagOf = new Map(knownMigrations(MIGRATIONS_DIR).map((known) => [known.when, known.tag]));
      const tables = await describeTables(tx);
      const sequences = await readSequences(tx);
      let done = 0;
      const dumped: Manifest['database']['tables'] = [];
      for (const table of tables) {
        let rows = 0;
        const lines = tableLines(tx, table, (count) => {
          rows += count;
          done += count;
          onProgress({ step: 'database', done, total: null });
        });
        await tar.addStream(tablePath(table.name), Readable.from(lines).pipe(zlib.createGzip()));
        dumped.push({ name: table.name, columns: table.columns.map((column) => column.name), rows });
      }
      const keys = await photoKeysNamed(tx);
      return {
        database: {
          migration: { tag: tagOf.get(migration.createdAt) ?? null, ...migration },
          tables: dumped,
          sequences,
        },
        keys,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function copyPhotos(
  storage: PhotoStorage,
  keys: string[],
  tar: Tar,
  onProgress: (progress: BackupProgress) => void,
): Promise<Manifest['photos']> {
  const missing: string[] = [];
  let count = 0;
  let bytes = 0;
  // Fetched a few ahead, written in order.
  const fetches: Promise<{ body: Buffer } | null>[] = [];
  const fetch = (index: number) => {
    const key = keys[index];
    if (key === undefined) return;
    const fetching = storage.get(key);
    // Awaited in its turn; until then a failure must not count as unhandled.
    fetching.catch(() => {});
    fetches[index] = fetching;
  };
  for (let index = 0; index < PHOTOS_AHEAD; index++) fetch(index);
  for (let index = 0; index < keys.length; index++) {
    fetch(index + PHOTOS_AHEAD);
    const photo = await fetches[index]!;
    delete fetches[index];
    const key = keys[index]!;
    if (!photo) missing.push(key);
    else {
      await tar.addBuffer(photoPath(key), photo.body);
      count++;
      bytes += photo.body.length;
    }
    onProgress({ step: 'photos', done: index + 1, total: keys.length });
  }
  return { count, bytes, missing };
}
