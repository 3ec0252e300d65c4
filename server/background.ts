// What the server does besides answering requests, started once its routes are in place and stopped when it closes:
// the mail outbox, the removal of photos no spot refers to, the measuring of photos stored before their sizes were
// counted, the hourly sweep of what has expired, and backups.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Outbox } from './mail/outbox.ts';
import type { PhotoStorage } from './storage/storage.ts';
import type { PhotoRemovalPause } from './backup/photo-removal-pause.ts';
import { startServerBackups } from './backup/backups.ts';
import { PHOTO_ORPHAN_GRACE_MS, PHOTO_RECONCILE_INTERVAL_MS, startPhotoReconciler } from './photos/photo-reconcile.ts';
import { startPhotoSizes } from './photos/photo-sizes.ts';
import { runAdminCommand } from './features/admin/administrators.ts';
import { sweepAuditLog } from './features/admin/audit.ts';
import { sweepApiRequestCounts } from './plugins/api-rate-limit.ts';

export type BackgroundDeps = {
  config: Config;
  database: DatabaseHandle;
  /** The app's store, whose removals wait while a backup runs. */
  storage: PhotoStorage;
  /** The store itself, for backups, which only read. */
  photoStore: PhotoStorage;
  pause: PhotoRemovalPause;
  outbox: Outbox;
  log: FastifyBaseLogger;
  /** Removing photos no spot refers to: age before a photo counts as left over, and how often to look. */
  photoReconcile?: { graceMs: number; intervalMs: number } | undefined;
  /** The backup socket in DATA_DIR (embedded database only; ADR 0054). */
  backupSocket: boolean;
};

/** Starts the background work; `stop` ends all of it. */
export async function startBackgroundWork(deps: BackgroundDeps): Promise<{ stop(): Promise<void> }> {
  const { database, storage, log } = deps;
  const { db } = database;
  deps.outbox.start();
  const photoReconciler = startPhotoReconciler({
    db,
    storage,
    graceMs: deps.photoReconcile?.graceMs ?? PHOTO_ORPHAN_GRACE_MS,
    intervalMs: deps.photoReconcile?.intervalMs ?? PHOTO_RECONCILE_INTERVAL_MS,
    log,
  });
  // Photos stored before their sizes were counted are measured once, in the background (ADR 0081).
  const photoSizes = startPhotoSizes({ db, storage, log });
  const sweeper = setInterval(() => {
    sweepExpired(database).catch((error: unknown) => log.warn({ err: error }, 'Sweeping expired sessions failed'));
  }, 3600_000);
  sweeper.unref();
  await sweepExpired(database);
  const backups = await startServerBackups({
    database,
    storage: deps.photoStore,
    pause: deps.pause,
    config: deps.config,
    log,
    socket: database.kind === 'pglite' && deps.backupSocket,
    // `npm run admin -- grant|revoke <email>` while this server holds the embedded database (ADR 0082).
    runAdmin: (request) => runAdminCommand(db, request),
  });

  return {
    async stop() {
      await backups.stop();
      clearInterval(sweeper);
      await deps.outbox.stop();
      await photoReconciler.stop();
      await photoSizes.stop();
    },
  };
}

/** Sessions past their absolute lifetime, used tokens' leftovers, old failure counters and request counts go. */
async function sweepExpired({ db }: DatabaseHandle) {
  await db.execute(sql`delete from "session" where expires_at < now() or created_at < now() - interval '30 days'`);
  await db.execute(sql`delete from verification where expires_at < now()`);
  await db.execute(sql`delete from sign_in_failure where window_started_at < now() - interval '1 day'`);
  await db.execute(sql`delete from sign_in_device_failure where window_started_at < now() - interval '1 day'`);
  await sweepApiRequestCounts(db);
  await sweepAuditLog(db);
}
