import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskSpaceReader, readDiskSpace } from './disk-space.ts';

describe('free disk space', () => {
  it('is read from the filesystem holding a folder, or the folder it will be made in', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-disk-'));
    try {
      const here = await readDiskSpace(dir);
      expect(here.totalBytes).toBeGreaterThan(0);
      expect(here.freeBytes).toBeGreaterThanOrEqual(0);
      expect(here.freeBytes).toBeLessThanOrEqual(here.totalBytes);
      const notYet = await readDiskSpace(path.join(dir, 'photos', 'later'));
      expect(notYet.totalBytes).toBe(here.totalBytes);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reuses one reading for a while, shared by callers at once', async () => {
    const read = diskSpaceReader(os.tmpdir(), 60_000);
    const [first, second] = [read(), read()];
    expect(first).toBe(second);
    expect(read()).toBe(first);
    expect((await first).totalBytes).toBeGreaterThan(0);
  });
});
