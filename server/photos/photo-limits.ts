// What bounds the photos an upload may add (ADR 0081): each account's quota, and on local storage a floor of free
// disk. The photo pipeline (photo-files.ts) asks before it processes an upload; the quota is checked for good in
// the transaction that writes the photo's row, after the triggers of migration 0028 added its bytes to the owner's
// `photo_bytes`: that update locks the owner's row, so two uploads at once are counted one after the other and
// cannot both take the last free megabytes.
import { sql } from 'drizzle-orm';
import { MEGABYTE, storageSizeText } from '../../common/storage-size.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { diskSpaceReader } from '../storage/disk-space.ts';

export type PhotoUse = { usedBytes: number; quotaBytes: number };

export type PhotoLimits = {
  /** Throws 507 INSUFFICIENT_STORAGE below the disk floor, 413 PHOTO_QUOTA_EXCEEDED when the account is full already. */
  beforeUpload(db: Database, userId: string): Promise<void>;
  /**
   * In the transaction that wrote rows adding `addedBytes` (their triggers counted them in): throws 413
   * PHOTO_QUOTA_EXCEEDED, which rolls the rows back, when the account's photos now pass its quota.
   */
  withinQuota(tx: Database, userId: string, addedBytes: number): Promise<void>;
  /** What the account's photos use and may use: `GET /api/v1/me`. */
  useOf(db: Database, userId: string): Promise<PhotoUse>;
};

type LimitsConfig = Pick<Config, 'photoQuotaMb' | 'diskFreeMinMb' | 'storage'>;

/** `storageKind`: the store in use (a test may hand in another than the configured one): only local has a floor. */
export function createPhotoLimits(
  config: LimitsConfig,
  storageKind: 'local' | 's3' = config.storage.kind,
): PhotoLimits {
  const useOf = async (db: Database, userId: string): Promise<PhotoUse> => {
    // The effective quota: the account's own, else the server's default set by an administrator, else PHOTO_QUOTA_MB.
    const result = (await db.execute(sql`
      select u.photo_bytes::float8 as used, coalesce(u.photo_quota_mb, p.photo_quota_mb) as quota_mb
      from "user" u left join server_policy p on p.id = 1
      where u.id = ${userId}`)) as unknown as { rows: { used: number; quota_mb: number | null }[] };
    const row = result.rows[0];
    return {
      usedBytes: Number(row?.used ?? 0),
      quotaBytes: Number(row?.quota_mb ?? config.photoQuotaMb) * MEGABYTE,
    };
  };
  const diskSpace =
    storageKind === 'local' && config.storage.kind === 'local' ? diskSpaceReader(config.storage.dir) : null;
  const floorBytes = config.diskFreeMinMb * MEGABYTE;

  return {
    async beforeUpload(db, userId) {
      if (diskSpace && (await diskSpace()).freeBytes < floorBytes) throw insufficientStorage();
      const use = await useOf(db, userId);
      if (use.usedBytes >= use.quotaBytes) throw quotaExceeded(use, null);
    },
    async withinQuota(tx, userId, addedBytes) {
      const use = await useOf(tx, userId);
      if (use.usedBytes > use.quotaBytes) {
        throw quotaExceeded(
          { usedBytes: Math.max(0, use.usedBytes - addedBytes), quotaBytes: use.quotaBytes },
          addedBytes,
        );
      }
    },
    useOf,
  };
}

/** 413: the account's photos would pass its quota; the message says how much is used of how much. */
export function quotaExceeded(use: PhotoUse, addedBytes: number | null): AppError {
  const what = addedBytes === null ? 'No more photos fit' : `These photos (${storageSizeText(addedBytes)}) do not fit`;
  return new AppError(
    413,
    'PHOTO_QUOTA_EXCEEDED',
    `Your photos use ${storageSizeText(use.usedBytes)} of your ${storageSizeText(use.quotaBytes)}. ${what}: ` +
      'remove some photos to make room, or ask the server’s administrator for more.',
    { used_bytes: use.usedBytes, quota_bytes: use.quotaBytes },
  );
}

/** 507: the disk under the photos is below DISK_FREE_MIN_MB. Nothing of the user's is wrong: try again later. */
export const insufficientStorage = () =>
  new AppError(
    507,
    'INSUFFICIENT_STORAGE',
    'The server’s storage is nearly full, so it takes no new photos for now. Try again later.',
  );
