import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { PhotoStorage } from '../storage/storage.ts';
import { startBackupSchedule } from './backup-schedule.ts';
import { listenForBackupRequests, type RunAdminCommand } from './backup-socket.ts';
import { makeBackup, type BackupProgress } from './make-backup.ts';
import type { PhotoRemovalPause } from './photo-removal-pause.ts';
import { recordBackupResult } from './backup-record.ts';

export type BackupDeps = {
  database: DatabaseHandle;
  /** The store itself, not the app's pausing one: a backup only reads. */
  storage: PhotoStorage;
  pause: PhotoRemovalPause;
  config: Pick<Config, 'release' | 'authSecret' | 'dataDir' | 'backup'>;
  log: FastifyBaseLogger;
};

/** One archive of this instance; the counts say what went in. Its outcome is recorded in the database (backup-record.ts). */
export async function backUp(deps: BackupDeps, file: string, onProgress?: (progress: BackupProgress) => void) {
  let manifest: Awaited<ReturnType<typeof makeBackup>>;
  try {
    manifest = await makeBackup(
      {
        database: deps.database,
        storage: deps.storage,
        pause: deps.pause,
        release: deps.config.release,
        authSecret: deps.config.authSecret,
      },
      file,
      onProgress,
    );
  } catch (error) {
    await recordBackupResult(deps.database.db, { ok: false, error: (error as Error).message ?? String(error) }).catch(
      (recording: unknown) => deps.log.warn({ err: recording }, 'Could not record the failed backup'),
    );
    throw error;
  }
  await recordBackupResult(deps.database.db, { ok: true });
  if (manifest.photos.missing.length > 0)
    deps.log.warn(
      { missing: manifest.photos.missing.length },
      'Photos that rows name were not in the store when the backup was made (lost before it); the archive says which',
    );
  return {
    photos: manifest.photos.count,
    rows: manifest.database.tables.reduce((sum, table) => sum + table.rows, 0),
  };
}

/**
 * The server's part in backups: the socket `npm run backup` talks to when the embedded database is in use (only
 * this process may open it), and the schedule when BACKUP_DIR is set. Stopped when the app closes.
 */
export async function startServerBackups(deps: BackupDeps & { socket: boolean; runAdmin?: RunAdminCommand }) {
  const make = (file: string, onProgress?: (progress: BackupProgress) => void) => backUp(deps, file, onProgress);
  const socket = deps.socket ? await listenForBackupRequests(deps.config.dataDir, make, deps.log, deps.runAdmin) : null;
  const schedule = deps.config.backup
    ? startBackupSchedule({ backup: deps.config.backup, db: deps.database.db, make, log: deps.log })
    : null;
  return {
    async stop() {
      await schedule?.stop();
      await socket?.close();
    },
  };
}
