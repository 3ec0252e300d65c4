import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgliteSharedBuffersMb } from './client.ts';
import { pgliteTemplateFile, readPgliteTemplate } from './pglite-template.ts';

const MB = 1024 ** 2;

describe("the embedded database's shared buffers", () => {
  it.each([
    // PostgreSQL's default wherever there is room for it: nothing changes on an ordinary machine.
    [24 * 1024 * MB, 128],
    [2048 * MB, 128],
    [1024 * MB, 64],
    // A 512 MB container: 32 MB of buffers, the rest of the database's pages in the kernel's file cache.
    [512 * MB, 32],
    [128 * MB, 16],
  ])('with %d bytes to use: %d MB', (memory, expected) => {
    expect(pgliteSharedBuffersMb(memory)).toBe(expected);
  });
});

describe('the template of a new embedded database', () => {
  it('is used only when this PGlite made one: a checkout without it runs initdb as before', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-template-'));
    try {
      expect(readPgliteTemplate(root)).toBeNull();
      const file = pgliteTemplateFile(root);
      // The installed PGlite's version is in the name: another version's template is never read.
      expect(path.basename(file)).toMatch(/^pglite-\d+\.\d+\.\d+-initdb\.tar\.gz$/);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(path.join(path.dirname(file), 'pglite-0.0.1-initdb.tar.gz'), 'older');
      expect(readPgliteTemplate(root)).toBeNull();
      fs.writeFileSync(file, 'made by this PGlite');
      expect(readPgliteTemplate(root)?.size).toBe('made by this PGlite'.length);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
