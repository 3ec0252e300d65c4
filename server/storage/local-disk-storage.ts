import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertPhotoKey, NEW_PHOTO_KEY_PATTERN, type PhotoStorage, type StorageConfig } from './storage.ts';

/**
 * Foray stores only WebP (see photo-processing.ts), so the content type is the file's extension: each photo is
 * one ordinary `<key>.webp` file that a self-hoster can open, back up or copy, with no sidecar to keep in step.
 * Any other type is refused rather than stored under a wrong name.
 */
const STORED_TYPE = 'image/webp';
const EXTENSION = '.webp';

export async function createLocalDiskStorage({
  dir,
}: Extract<StorageConfig, { kind: 'local' }>): Promise<PhotoStorage> {
  const root = path.resolve(dir);
  await fs.mkdir(root, { recursive: true });
  await removeAbandonedWrites(root);

  const fileFor = (key: string) => {
    // The key pattern allows no dot or slash, so the file is always directly inside the folder.
    assertPhotoKey(key);
    return path.join(root, key + EXTENSION);
  };

  return {
    kind: 'local',

    async put(key, body, contentType) {
      const file = fileFor(key);
      if (contentType !== STORED_TYPE) {
        throw new Error(`Local photo storage keeps only ${STORED_TYPE}, not ${JSON.stringify(contentType)}`);
      }
      // Written beside the target, flushed, then renamed over it: a reader sees the old file or the whole new one,
      // never a half-written photo, even after a crash. A crash can leave a `.*.tmp` file behind; nothing reads it, and the next start removes it.
      const temporary = path.join(root, `.${key}.${crypto.randomBytes(6).toString('hex')}.tmp`);
      try {
        const handle = await fs.open(temporary, 'wx');
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      try {
        return { body: await fs.readFile(file), contentType: STORED_TYPE };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async size(key) {
      try {
        return (await fs.stat(fileFor(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },

    async *list() {
      for (const name of await fs.readdir(root)) {
        const key = name.slice(0, -EXTENSION.length);
        if (!name.endsWith(EXTENSION) || !NEW_PHOTO_KEY_PATTERN.test(key)) continue;
        try {
          yield { key, modifiedAt: (await fs.stat(path.join(root, name))).mtime };
        } catch {
          // Deleted since the folder was read: nothing to reconcile.
        }
      }
    },
  };
}

/** A write older than this was cut off by a crash: no upload takes an hour to flush. */
export const ABANDONED_WRITE_AGE_MS = 3600 * 1000;

/**
 * Removes temporary files left by writes that a crash cut off. Only old ones: with PostgreSQL, several servers
 * may share one photo folder, and another may be writing right now.
 */
async function removeAbandonedWrites(root: string) {
  const cutoff = Date.now() - ABANDONED_WRITE_AGE_MS;
  for (const name of await fs.readdir(root)) {
    if (!name.startsWith('.') || !name.endsWith('.tmp')) continue;
    const file = path.join(root, name);
    try {
      if ((await fs.stat(file)).mtimeMs < cutoff) await fs.rm(file, { force: true });
    } catch {
      // Gone already, or not ours to remove: nothing to clean.
    }
  }
}
