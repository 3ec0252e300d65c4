import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import type { PhotoStorage } from '../storage/storage.ts';

/** Any fixed number, the same in every Foray process: held by a running backup (see `createPhotoRemovalPause`). */
const BACKUP_LOCK_KEY = 7_305_117_054;

/**
 * While a backup runs, no photo file is removed (ADR 0054).
 *
 * A backup copies the files that the rows of its snapshot name, after the snapshot. Every file is written before
 * the row that names it and removed only after that row's deletion has committed (`photos/photo-files.ts`), so the
 * one way a named file could be gone is a removal that starts after the snapshot. Removals that begin once a backup
 * holds the pause are skipped; the file, which no row names any more, is left to the reconciler
 * (`photos/photo-reconcile.ts`), whose own removals are skipped the same way. A removal that checked before the
 * backup took the pause is of a row whose deletion had committed before it, so outside the snapshot: the pause is
 * taken before the snapshot begins.
 *
 * On PostgreSQL the pause is an advisory lock, so every server on the database sees it; on the embedded database
 * only one process can open the data folder, and the pause is that process's own.
 */
export type PhotoRemovalPause = {
  /** Held while a backup runs; call the result to end it. */
  hold(): Promise<() => Promise<void>>;
  /** Whether a file may be removed now: false while any backup runs. */
  removalAllowed(): Promise<boolean>;
};

export function createPhotoRemovalPause(database: DatabaseHandle): PhotoRemovalPause {
  if (database.kind === 'postgres' && database.holdAdvisoryLock) {
    const holdLock = database.holdAdvisoryLock.bind(database);
    return {
      hold: () => holdLock(BACKUP_LOCK_KEY),
      async removalAllowed() {
        // Taken and given back within the statement: it fails only while a backup holds the lock.
        const result = (await database.db.execute(
          sql`select pg_try_advisory_xact_lock_shared(${BACKUP_LOCK_KEY}) as free`,
        )) as unknown as { rows: { free: boolean }[] };
        return result.rows[0]?.free === true;
      },
    };
  }
  let running = 0;
  return {
    async hold() {
      running++;
      let ended = false;
      return async () => {
        if (!ended) running--;
        ended = true;
      };
    },
    removalAllowed: async () => running === 0,
  };
}

/** The app's storage with removals held back while a backup runs; everything else goes straight through. */
export function pausingRemovals(storage: PhotoStorage, pause: PhotoRemovalPause, log: FastifyBaseLogger): PhotoStorage {
  return {
    kind: storage.kind,
    put: (key, body, contentType) => storage.put(key, body, contentType),
    get: (key) => storage.get(key),
    size: (key) => storage.size(key),
    list: () => storage.list(),
    async delete(key) {
      if (await pause.removalAllowed()) return storage.delete(key);
      log.info('A photo file is kept while a backup runs; the reconciler removes it later');
    },
  };
}
