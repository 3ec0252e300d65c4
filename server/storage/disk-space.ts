// Free space on the filesystem that holds a folder: read with one statfs call, cached for a few seconds, so an
// upload's check costs nothing noticeable. Each server reads its own disk. The photo uploads' floor
// (photos/photo-limits.ts) reads it; so may a health report.
import fs from 'node:fs/promises';
import path from 'node:path';

export type DiskSpace = {
  /** Bytes an unprivileged process may still write (statfs `bavail`): what the photos can still use. */
  freeBytes: number;
  /** The filesystem's size in bytes. */
  totalBytes: number;
};

/** The filesystem holding `dir`, read now; a folder not made yet is on its nearest existing parent's. */
export async function readDiskSpace(dir: string): Promise<DiskSpace> {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const stats = await fs.statfs(at);
      return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
    } catch (error) {
      const parent = path.dirname(at);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw error;
      at = parent;
    }
  }
}

/** How long a reading is reused: long enough that a burst of uploads reads the disk once, short enough to be current. */
export const DISK_SPACE_MAX_AGE_MS = 5_000;

/**
 * A reader of `dir`'s filesystem that reuses a reading for `maxAgeMs`; concurrent callers share one statfs call. A
 * failed reading is not kept: the next call tries again.
 */
export function diskSpaceReader(dir: string, maxAgeMs = DISK_SPACE_MAX_AGE_MS): () => Promise<DiskSpace> {
  let last: { at: number; reading: Promise<DiskSpace> } | null = null;
  return () => {
    const now = Date.now();
    if (last && now - last.at < maxAgeMs) return last.reading;
    const reading = readDiskSpace(dir);
    const current = { at: now, reading };
    last = current;
    reading.catch(() => {
      if (last === current) last = null;
    });
    return reading;
  };
}
