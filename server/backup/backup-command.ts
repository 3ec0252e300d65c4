// `npm run backup -- <file>`: one archive of this instance (ADR 0054). With the embedded database and a server
// running, the server makes it (only one process may open the data folder); otherwise this process does.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { exitOnFailure } from '../fatal.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { createStorage } from '../storage/storage.ts';
import { askServerForBackup } from './backup-socket.ts';
import { backUp } from './backups.ts';
import type { BackupProgress } from './make-backup.ts';
import { createPhotoRemovalPause } from './photo-removal-pause.ts';
import { formatBytes, progressLine } from './progress-line.ts';

const USAGE = 'Usage: npm run backup -- <archive file>   (e.g. npm run backup -- foray-backup.tar)';

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0 || file.startsWith('-')) {
    console.error(USAGE);
    process.exit(2);
  }
  const target = path.resolve(file);
  const config = loadConfig();
  const line = progressLine();
  const onProgress = (progress: BackupProgress) =>
    line.show(
      progress.step === 'database'
        ? `Backing up: database, ${progress.done.toLocaleString('en')} rows`
        : `Backing up: photos, ${progress.done} of ${progress.total}`,
    );
  const startedAt = performance.now();
  const written = await (config.database.kind === 'pglite'
    ? embedded(config, target, onProgress)
    : direct(config, target, onProgress));
  line.end();
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `Backup written to ${target}: ${written.rows.toLocaleString('en')} rows, ${written.photos} photo files, ` +
      `${formatBytes(fs.statSync(target).size)} in ${seconds} s.`,
  );
}

async function embedded(config: Config, target: string, onProgress: (progress: BackupProgress) => void) {
  let lock;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error('A Foray server is running on this data folder: it makes the archive.');
    return askServerForBackup(config.dataDir, target, onProgress);
  }
  try {
    if (config.database.kind !== 'pglite' || !fs.existsSync(path.join(config.database.dir, 'PG_VERSION')))
      throw new Error(`There is no Foray database in ${config.dataDir}: nothing to back up.`);
    return await direct(config, target, onProgress);
  } finally {
    lock.release();
  }
}

/** This process opens the database as it is (no migration: a backup changes nothing) and the photo store. */
async function direct(config: Config, target: string, onProgress: (progress: BackupProgress) => void) {
  const database = await openDatabase({ ...config.database, migrations: 'none' });
  try {
    const storage = await createStorage(config.storage);
    const pause = createPhotoRemovalPause(database);
    const silent = { info() {}, warn: (_: unknown, message: string) => console.warn(`Warning: ${message}`) };
    return await backUp(
      { database, storage, pause, config, log: silent as unknown as Parameters<typeof backUp>[0]['log'] },
      target,
      onProgress,
    );
  } finally {
    await database.close();
  }
}

main().catch(exitOnFailure('The backup failed'));
