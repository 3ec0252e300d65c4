// A Foray zip's photos, for the spots an import saves and for their visits: taken out of the zip a batch at a
// time, each stored through the one photo pipeline, and named by ids derived from the import's id.
import type { ImportSpot } from '../../../common/schemas/import.ts';
import type { spotPhotos, visitPhotos } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PhotoKeys } from '../../photos/photo-files.ts';
import type { ImportFile } from './import-file.ts';
import { derivedId } from './import.queries.ts';

/**
 * Photos decompressed and re-encoded at a time: a zip's photos never all sit in memory at once. Each batch is
 * one pass over the zip's directory, so batches are large enough that a zip of thousands of photos takes few.
 */
const PHOTO_BATCH_MAX = 128;
const PHOTO_BATCH_BYTES = 32 * 1024 * 1024;

/** Consecutive groups of jobs, each at most PHOTO_BATCH_MAX long and PHOTO_BATCH_BYTES big (or one photo). */
export function batchesOf<Job>(jobs: Job[], size: (job: Job) => number): Job[][] {
  const batches: Job[][] = [];
  let current: Job[] = [];
  let bytes = 0;
  for (const job of jobs) {
    if (current.length > 0 && (current.length >= PHOTO_BATCH_MAX || bytes + size(job) > PHOTO_BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(job);
    bytes += size(job);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The id of a saved spot's visit: the same confirm names the same rows. */
export const importedVisitId = (importId: string, spotIndex: number, visit: number) =>
  derivedId(importId, `visit:${spotIndex}:${visit}`);

export type ImportedPhotoRows = {
  spotPhotoRows: Array<typeof spotPhotos.$inferInsert>;
  visitPhotoRows: Array<typeof visitPhotos.$inferInsert>;
};

/**
 * Stores the photos of the chosen spots (`record`: each one's record in the file) and of their visits with
 * `store`, and returns the rows that name them. Throws on the first photo that cannot be read, naming it; the
 * caller takes away the files stored so far.
 */
export async function storeImportPhotos(
  importId: string,
  file: ImportFile,
  chosen: Array<{ spot: ImportSpot; record: number }>,
  store: (upload: Buffer) => Promise<PhotoKeys>,
): Promise<ImportedPhotoRows> {
  const rows: ImportedPhotoRows = { spotPhotoRows: [], visitPhotoRows: [] };
  const jobs = chosen.flatMap(({ spot, record }) => [
    ...file.photoEntries[record]!.map((entry, position) => ({ spot, entry, position, visit: null as number | null })),
    ...file.visitPhotoEntries[record]!.flatMap((entries, visit) =>
      entries.map((entry, position) => ({ spot, entry, position, visit })),
    ),
  ]);
  for (const batch of batchesOf(jobs, (job) => file.photoSize(job.entry))) {
    const bytes = file.extractPhotos(batch.map((job) => job.entry));
    // Every job of the batch settles before a failure is thrown: no file is written after the clean-up.
    const settled = await Promise.allSettled(
      batch.map(async (job) => {
        let keys: PhotoKeys;
        try {
          keys = await store(Buffer.from(bytes.get(job.entry) ?? new Uint8Array()));
        } catch (error) {
          if (error instanceof AppError) {
            throw new AppError(
              error.statusCode,
              error.code,
              `${job.entry} (${job.spot.where.kind} ${job.spot.where.number}): ${error.message}`,
            );
          }
          throw error;
        }
        if (job.visit === null) {
          rows.spotPhotoRows.push({
            id: derivedId(importId, `photo:${job.spot.index}:${job.position}`),
            spotId: derivedId(importId, `spot:${job.spot.index}`),
            position: job.position,
            ...keys,
          });
        } else {
          rows.visitPhotoRows.push({
            id: derivedId(importId, `visit-photo:${job.spot.index}:${job.visit}:${job.position}`),
            visitId: importedVisitId(importId, job.spot.index, job.visit),
            position: job.position,
            ...keys,
          });
        }
      }),
    );
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return rows;
}
