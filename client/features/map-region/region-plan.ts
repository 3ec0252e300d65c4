// The pure parts of keeping the region map on the device (ADR 0018): how the file is cut into parts for the
// download, which parts a resumed download still needs, and whether the copy on the device is current.
import type { MapRegion } from '../../../common/schemas/config.ts';

/**
 * One range request per part. Large, so a country of a few hundred megabytes takes a dozen requests (the API's
 * per-address limit is 1,200 a minute), yet small enough that a lost connection costs at most one part.
 */
export const PART_BYTES = 16 * 1024 * 1024;

/** What the device keeps beside the parts: which version of which region they belong to. */
export type StoredRegion = {
  name: string;
  etag: string;
  bytes: number;
  /** True once every part is written; a download that stopped half-way leaves false. */
  complete: boolean;
  /** When the download finished (ISO 8601), or null while it is not complete. */
  saved_at: string | null;
};

export type Part = { index: number; start: number; end: number };

/** The parts of a file of `total` bytes, `end` inclusive (as in an HTTP Range header). */
export function partsOf(total: number, partBytes = PART_BYTES): Part[] {
  if (!Number.isSafeInteger(total) || total <= 0) return [];
  if (!Number.isSafeInteger(partBytes) || partBytes <= 0)
    throw new RangeError('partBytes must be a positive whole number');
  const parts: Part[] = [];
  for (let start = 0, index = 0; start < total; start += partBytes, index += 1) {
    parts.push({ index, start, end: Math.min(total, start + partBytes) - 1 });
  }
  return parts;
}

/** The parts still to fetch, given the sizes of the part files on the device (by index; a missing one is 0). */
export function partsToFetch(
  total: number,
  sizesOnDevice: ReadonlyArray<number | undefined>,
  partBytes = PART_BYTES,
): Part[] {
  return partsOf(total, partBytes).filter((part) => sizesOnDevice[part.index] !== part.end - part.start + 1);
}

/** How the device's copy relates to the server's file. */
export type RegionStatus = 'absent' | 'partial' | 'current' | 'outdated';

export function regionStatus(stored: StoredRegion | null, server: MapRegion | null): RegionStatus {
  if (!stored) return 'absent';
  const sameVersion = server !== null && stored.etag === server.etag && stored.bytes === server.bytes;
  if (stored.complete) return sameVersion || server === null ? 'current' : 'outdated';
  // A half-finished download of an older version cannot be resumed: its parts belong to another file.
  return sameVersion ? 'partial' : 'absent';
}

/**
 * Whether a download may continue the parts already on the device (same version, not finished) or must start
 * from nothing (none yet, another version, or a finished copy being replaced by an update).
 */
export function mayResume(stored: StoredRegion | null, server: MapRegion): boolean {
  return regionStatus(stored, server) === 'partial';
}

/** The slices of the part files that hold bytes [offset, offset + length) of the whole file. */
export function slicesFor(
  offset: number,
  length: number,
  partSizes: readonly number[],
): Array<{ part: number; start: number; end: number }> {
  const slices: Array<{ part: number; start: number; end: number }> = [];
  let partStart = 0;
  const stop = offset + length;
  for (let part = 0; part < partSizes.length && partStart < stop; part += 1) {
    const size = partSizes[part]!;
    const from = Math.max(offset, partStart);
    const to = Math.min(stop, partStart + size);
    if (from < to) slices.push({ part, start: from - partStart, end: to - partStart });
    partStart += size;
  }
  return slices;
}

/** Free space the download needs: what is still to come, since parts already written count as used. */
export function bytesStillNeeded(
  total: number,
  sizesOnDevice: ReadonlyArray<number | undefined>,
  partBytes = PART_BYTES,
): number {
  return partsToFetch(total, sizesOnDevice, partBytes).reduce(
    (sum, part) => sum + (part.end - part.start + 1) - (sizesOnDevice[part.index] ?? 0),
    0,
  );
}
