import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no cross-process lock: two processes on one folder were seen to lose acknowledged rows
 * silently. The server and every admin command hold this lock on DATA_DIR for as long as they run.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export type DataDirLock = { release(): void };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'foray.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // 'wx' fails if the file exists: creation is the atomic step that decides who holds the lock.
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `Another Foray process (pid ${holder}) is using the data folder ${dataDir}. ` +
            'Stop it first: two processes on one embedded database lose data.',
        );
      }
      // The holder died without cleaning up (kill -9, power loss): the lock is stale, take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
