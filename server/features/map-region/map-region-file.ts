import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { MapRegion } from '../../../common/schemas/config.ts';
import type { Config } from '../../config.ts';
import type { Validators } from '../../lib/byte-ranges.ts';

/** Stable: it does not change with the file's version, so the answer is revalidated by ETag (ADR 0017). */
export const MAP_REGION_URL = '/api/v1/map-region/region.pmtiles';

export type RegionFileState = Validators & { bytes: number };

/**
 * The region file's validators from its size and modification time (nanoseconds where the file system keeps
 * them), the way nginx and Apache make strong ETags for files. A content hash would read hundreds of megabytes
 * at every start (seconds on a small server), and would go stale when the operator swaps the file without a
 * restart; size + mtime are read with each request from the very file being sent, so the tag always
 * names the bytes that go with it.
 */
export function regionFileState(stat: fs.BigIntStats): RegionFileState {
  return {
    bytes: Number(stat.size),
    etag: `"${stat.size.toString(16)}-${stat.mtimeNs.toString(16)}"`,
    lastModified: new Date(Number(stat.mtimeMs)),
  };
}

/** What GET /api/v1/config says of the region map: null when none is configured or the file has gone. */
export async function describeMapRegion(
  region: Config['mapRegion'],
  log: FastifyBaseLogger,
): Promise<MapRegion | null> {
  if (!region) return null;
  try {
    const state = regionFileState(await fs.promises.stat(region.file, { bigint: true }));
    if (state.bytes === 0) return null;
    return { name: region.name, url: MAP_REGION_URL, bytes: state.bytes, etag: state.etag };
  } catch (error) {
    log.warn({ err: error, file: region.file }, 'The region map file (MAP_REGION_FILE) cannot be read');
    return null;
  }
}
