import crypto from 'node:crypto';
import type { Config } from '../config.ts';

export type StorageConfig = Config['storage'];

/** Where photo bytes live: a folder on this machine or an S3 bucket, chosen once at start. */
export interface PhotoStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes under a key (keys are random, url-safe: [A-Za-z0-9_-]{20,100}). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such key. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** The stored bytes' length, or null when there is no such key: measuring older photos (ADR 0081) reads no file. */
  size(key: string): Promise<number | null>;
  /** Removes a key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored photo key with its last write time, for reconciling storage with the database. */
  list(): AsyncIterable<StoredPhoto>;
}

export type StoredPhoto = { key: string; modifiedAt: Date };

/**
 * Exactly the keys newPhotoKey makes. Listing takes only these, so nothing else in a folder or bucket is ever
 * taken for a photo of Foray's.
 */
export const NEW_PHOTO_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Every key a driver accepts. Checked by both drivers, so a key can never name a path or object elsewhere. */
export const PHOTO_KEY_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** A new unguessable key: 192 random bits, 32 url-safe characters. Knowing one key tells nothing of another. */
export function newPhotoKey(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export function assertPhotoKey(key: string): void {
  if (!PHOTO_KEY_PATTERN.test(key)) {
    throw new Error(`Invalid photo key ${JSON.stringify(key.slice(0, 120))}: expected ${PHOTO_KEY_PATTERN.source}`);
  }
}

/** Creates the configured driver only; the other one (and the AWS SDK) is never loaded. */
export async function createStorage(config: StorageConfig): Promise<PhotoStorage> {
  switch (config.kind) {
    case 'local': {
      const { createLocalDiskStorage } = await import('./local-disk-storage.ts');
      return createLocalDiskStorage(config);
    }
    case 's3': {
      const { createS3Storage } = await import('./s3-storage.ts');
      return createS3Storage(config);
    }
  }
}
