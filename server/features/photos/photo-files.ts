// A photo's two files (the WebP and its thumbnail) and the row that refers to them, kept together: the files
// are written first, and taken away again when the row is not written.
import type { FastifyBaseLogger } from 'fastify';
import { newPhotoKey, type PhotoStorage } from '../../storage/storage.ts';
import { processPhoto } from './photo-processing.ts';

export type PhotoKeys = { photoKey: string; thumbnailKey: string };

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
 * Processes an uploaded photo (re-encoded, no metadata, a thumbnail), stores both files, then records the row
 * with `record`. Unless that answers 'added', the files are removed: the row and its files exist together or
 * not at all.
 */
export async function storePhotoWithRow<Result extends string>(
  storage: PhotoStorage,
  log: FastifyBaseLogger,
  upload: Buffer,
  record: (keys: PhotoKeys) => Promise<Result>,
): Promise<Result> {
  const processed = await processPhoto(upload);
  const keys = { photoKey: newPhotoKey(), thumbnailKey: newPhotoKey() };
  let result: Result | null = null;
  try {
    await storage.put(keys.photoKey, processed.photo, processed.contentType);
    await storage.put(keys.thumbnailKey, processed.thumbnail, processed.contentType);
    result = await record(keys);
    return result;
  } finally {
    if (result !== 'added') await removePhotoFiles(storage, log, [keys.photoKey, keys.thumbnailKey]);
  }
}
