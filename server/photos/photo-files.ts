// The one photo pipeline: an upload is processed (re-encoded, no metadata, a thumbnail), its two files are
// stored, and the row that refers to them is written; when the row is not written, the files are taken away
// again. Spots, their photos, visits' photos and imports all store photos through it.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { newPhotoKey, type PhotoStorage } from '../storage/storage.ts';
import type { PhotoLimits } from './photo-limits.ts';
import { processPhoto } from './photo-processing.ts';

/**
 * A stored photo's two files, and their bytes: the row that names them keeps `storedBytes`, which its triggers add
 * to the owner's `photo_bytes` (ADR 0081).
 */
export type PhotoKeys = { photoKey: string; thumbnailKey: string; storedBytes: number };

/**
 * Whose upload it is and what bounds it: checked before any work (the disk floor, an account already full), and
 * again, for good, by `record` in the row's transaction (`limits.withinQuota`).
 */
export type PhotoUploader = { db: Database; limits: PhotoLimits; userId: string };

/** Deletes stored files. A failure only leaves wasted space, which the reconciler removes later (ADR 0012): logged. */
export async function removePhotoFiles(storage: PhotoStorage, log: FastifyBaseLogger, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      log.error({ err: error }, 'Could not delete a photo file');
    }
  }
}

/**
 * Processes an upload and stores its photo and thumbnail; their keys. `stored` hears of each key as soon as its
 * file may exist, so a caller can take the files away again.
 */
async function storeFiles(storage: PhotoStorage, upload: Buffer, stored: (key: string) => void): Promise<PhotoKeys> {
  const processed = await processPhoto(upload);
  const keys = {
    photoKey: newPhotoKey(),
    thumbnailKey: newPhotoKey(),
    storedBytes: processed.photo.length + processed.thumbnail.length,
  };
  stored(keys.photoKey);
  await storage.put(keys.photoKey, processed.photo, processed.contentType);
  stored(keys.thumbnailKey);
  await storage.put(keys.thumbnailKey, processed.thumbnail, processed.contentType);
  return keys;
}

/**
 * One photo and its row: the uploader's bounds are checked, the files are stored, then `record` writes the row (and
 * checks the quota in its transaction). Unless that answers 'added', the files are removed: the row and its files
 * exist together or not at all.
 */
export async function storePhotoWithRow<Result extends string>(
  storage: PhotoStorage,
  log: FastifyBaseLogger,
  uploader: PhotoUploader,
  upload: Buffer,
  record: (keys: PhotoKeys) => Promise<Result>,
): Promise<Result> {
  await uploader.limits.beforeUpload(uploader.db, uploader.userId);
  const stored: string[] = [];
  let result: Result | null = null;
  try {
    result = await record(await storeFiles(storage, upload, (key) => stored.push(key)));
    return result;
  } finally {
    if (result !== 'added') await removePhotoFiles(storage, log, stored);
  }
}

/**
 * Many photos whose rows are written later, together (an import's one transaction): `store` each, then
 * `discard()` takes every file stored so far away again unless the rows were saved. The uploader's bounds are
 * checked before each photo; the transaction checks the quota for them all (`limits.withinQuota`).
 */
export function photoBatch(storage: PhotoStorage, log: FastifyBaseLogger, uploader: PhotoUploader) {
  const stored: string[] = [];
  return {
    store: async (upload: Buffer): Promise<PhotoKeys> => {
      await uploader.limits.beforeUpload(uploader.db, uploader.userId);
      return storeFiles(storage, upload, (key) => stored.push(key));
    },
    discard: (): Promise<void> => removePhotoFiles(storage, log, stored),
  };
}
