import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { nextRun } from './backup-schedule-times.ts';

/** Archives the schedule writes, and the only files its clean-up ever removes: `foray-backup-20261127T0300Z.tar`. */
const SCHEDULED_NAME = /^foray-backup-\d{8}T\d{4}Z\.tar$/;

export const scheduledArchiveName = (slot: Date) =>
  `foray-backup-${slot.toISOString().slice(0, 16).replace(/[-:]/g, '')}Z.tar`;

/**
 * Claims one scheduled time for this server: with several servers on one database, each one's timer fires, and the
 * first to move the kept slot forward makes the backup. A row, not a lock held for the backup's length: a server
 * whose clock runs a little late would otherwise find the lock free again and make a second archive of the same time.
 */
export async function claimScheduledSlot(db: Database, slot: Date): Promise<boolean> {
  const claimed = (await db.execute(sql`
    insert into server_settings (key, value) values ('backup_scheduled_slot', ${slot.toISOString()})
    on conflict (key) do update set value = excluded.value where server_settings.value < excluded.value
    returning key`)) as unknown as { rows: unknown[] };
  return claimed.rows.length > 0;
}

/** Removes the oldest scheduled archives in `dir` beyond the newest `keep`. */
export async function removeOldArchives(dir: string, keep: number): Promise<string[]> {
  const archives = (await fs.readdir(dir)).filter((name) => SCHEDULED_NAME.test(name)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) await fs.rm(path.join(dir, name), { force: true });
  return old;
}

/** Backs up at each time of BACKUP_SCHEDULE into BACKUP_DIR, keeping BACKUP_KEEP archives; stopped on close. */
export function startBackupSchedule(deps: {
  backup: NonNullable<Config['backup']>;
  db: Database;
  make: (file: string) => Promise<unknown>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const runSlot = async (slot: Date) => {
    if (!(await claimScheduledSlot(deps.db, slot))) {
      deps.log.info({ slot }, 'Scheduled backup made by another server');
      return;
    }
    const file = path.join(deps.backup.dir, scheduledArchiveName(slot));
    const startedAt = performance.now();
    await deps.make(file);
    const removed = await removeOldArchives(deps.backup.dir, deps.backup.keep);
    deps.log.info({ file, ms: Math.round(performance.now() - startedAt), removed }, 'Scheduled backup written');
  };

  const schedule = () => {
    if (stopped) return;
    const slot = nextRun(deps.backup.schedule, now());
    timer = setTimeout(
      () => {
        running = runSlot(slot)
          .catch((error: unknown) => deps.log.error({ err: error }, 'The scheduled backup failed'))
          .finally(() => {
            running = undefined;
            schedule();
          });
      },
      Math.max(0, slot.getTime() - now().getTime()),
    );
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
