import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createStorage } from '../storage/storage.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { parseSchedule } from './backup-schedule-times.ts';
import { claimScheduledSlot, startBackupSchedule } from './backup-schedule.ts';
import { askServerForBackup, backupSocketPath } from './backup-socket.ts';
import { backUp } from './backups.ts';
import { createPhotoRemovalPause } from './photo-removal-pause.ts';
import { verifyArchive } from './verify-archive.ts';

const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

let t: TestContext;
/** A second server's connection to the same database (PostgreSQL); the embedded database has one process. */
let second: DatabaseHandle;
beforeAll(async () => {
  t = await createTestContext();
  second = t.database.url
    ? await openDatabase({ kind: 'postgres', url: t.database.url, migrations: 'none' })
    : t.database;
});
afterAll(async () => {
  if (second !== t.database) await second.close();
  await t.close();
});

describe('the backup socket of a server on the embedded database', () => {
  it.skipIf(process.env.FORAY_TEST_DB === 'postgres')(
    'is in DATA_DIR, for the server’s user alone, and answers a request that is not one with a message',
    async () => {
      const socket = backupSocketPath(t.dataDir);
      expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
      await expect(askServerForBackup(t.dataDir, 'relative/path.tar', () => {})).rejects.toThrow(/absolute path/);
    },
  );
});

describe('scheduled backups with several servers on one database', () => {
  it('lets exactly one server claim each scheduled time, and each later time once again', async () => {
    const slot = new Date(Date.UTC(2020, 0, 1, 3, 0));
    const claims = await Promise.all([
      claimScheduledSlot(t.db, slot),
      claimScheduledSlot(second.db, slot),
      claimScheduledSlot(t.db, slot),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    // A server whose clock runs late and comes to an earlier time does not make it again.
    expect(await claimScheduledSlot(second.db, new Date(slot.getTime() - 3600_000))).toBe(false);
    const next = new Date(slot.getTime() + 86_400_000);
    expect(await Promise.all([claimScheduledSlot(second.db, next), claimScheduledSlot(t.db, next)])).toContain(true);
  });

  it(
    'writes one archive at the scheduled time, from one of the servers, and it checks out whole',
    { timeout: 60_000 },
    async () => {
      const storage = await createStorage(t.config.storage);
      // The embedded database: through the server's socket, as it is the one process on the folder.
      const make = (file: string) =>
        t.database.kind === 'pglite'
          ? askServerForBackup(t.dataDir, file, () => {})
          : backUp(
              {
                database: t.database,
                storage,
                pause: createPhotoRemovalPause(t.database),
                config: t.config,
                log: silent,
              },
              file,
            );
      const schedule = parseSchedule('hourly@00');
      // Both servers' clocks stand a moment before the next full hour.
      const nextHour = Math.ceil((Date.now() + 1) / 3600_000) * 3600_000;
      const offset = nextHour - 300 - Date.now();
      const now = () => new Date(Date.now() + offset);
      const dirs = [0, 1].map((index) => fs.mkdtempSync(path.join(t.dataDir, `backups-${index}-`)));
      const servers = dirs.map((dir, index) =>
        startBackupSchedule({
          backup: { dir, schedule, keep: 3 },
          db: index === 0 ? t.db : second.db,
          make,
          log: silent,
          now,
        }),
      );
      const archives = () => dirs.flatMap((dir) => fs.readdirSync(dir).map((name) => path.join(dir, name)));
      for (let waited = 0; archives().length === 0 && waited < 40_000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      // Give the other server's timer time to fire too, then stop both.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const server of servers) await server.stop();

      const written = archives();
      expect(written).toHaveLength(1);
      expect(path.basename(written[0]!)).toBe(
        `foray-backup-${new Date(nextHour).toISOString().slice(0, 16).replace(/[-:]/g, '')}Z.tar`,
      );
      const { manifest } = await verifyArchive(written[0]!);
      expect(manifest.database.tables.find((table) => table.name === 'server_settings')?.rows).toBeGreaterThan(0);
    },
  );
});
