import zlib from 'node:zlib';
import crypto from 'node:crypto';

// A small PMTiles v3 writer for test fixtures (spec: github.com/protomaps/PMTiles, spec/v3/spec.md). Real region
// files come from `pmtiles extract`; this exists so tests need neither a download nor the Go tool.

export const PMTILES_HEADER_BYTES = 127;
/** The spec's limit: header and root directory must fit in the first 16 KiB, which readers fetch in one go. */
const ROOT_LIMIT_BYTES = 16_384;

const COMPRESSION_GZIP = 2;
const TILE_TYPE_MVT = 1;

export type PmtilesInput = {
  /** Tile bodies by z/x/y, already compressed as `tileCompression` says (gzip here). */
  tiles: Array<{ z: number; x: number; y: number; data: Uint8Array }>;
  metadata: Record<string, unknown>;
  bounds: { minLon: number; minLat: number; maxLon: number; maxLat: number };
  center: { lon: number; lat: number; zoom: number };
  /** Entries above this many go to leaf directories (the root then lists the leaves); small values test leaves. */
  maxRootEntries?: number;
  leafEntries?: number;
};

type Entry = { tileId: number; offset: number; length: number; runLength: number };

/**
 * The tile's position on the series of Hilbert curves, z = 0 first: every tile of lower zooms comes before
 * (4^z − 1) / 3 of them, then the Hilbert index of (x, y) on the 2^z × 2^z grid.
 */
export function tileIdOf(z: number, x: number, y: number): number {
  if (z > 26) throw new Error('zoom above 26 does not fit in a double');
  const n = 2 ** z;
  if (x < 0 || y < 0 || x >= n || y >= n) throw new Error(`tile ${z}/${x}/${y} is outside its zoom level`);
  let before = 0;
  for (let level = 0; level < z; level++) before += 4 ** level;
  let d = 0;
  for (let s = n / 2; s >= 1; s /= 2) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    // Rotate the quadrant so the curve inside it has the orientation the next level expects.
    if (ry === 0) {
      if (rx === 1) {
        x = n - 1 - x;
        y = n - 1 - y;
      }
      [x, y] = [y, x];
    }
  }
  return before + d;
}

/** Unsigned LEB128, the directories' varints. Plain arithmetic: tile ids pass 2^32 from zoom 16 on. */
function pushVarint(out: number[], value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`cannot encode ${value} as a varint`);
  while (value >= 0x80) {
    out.push((value % 0x80) | 0x80);
    value = Math.floor(value / 0x80);
  }
  out.push(value);
}

/** One directory: count, then the columns tile-id deltas, run lengths, lengths, offsets (0 = right after the previous), gzipped. */
function serializeDirectory(entries: Entry[]): Buffer {
  const bytes: number[] = [];
  pushVarint(bytes, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    pushVarint(bytes, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) pushVarint(bytes, entry.runLength);
  for (const entry of entries) pushVarint(bytes, entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    pushVarint(bytes, previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1);
  });
  return zlib.gzipSync(Buffer.from(bytes));
}

/** A whole archive: header, root directory, metadata, leaf directories, tile data — the spec's usual order. */
export function writePmtiles(input: PmtilesInput): Buffer {
  const sorted = input.tiles
    .map((tile) => ({ ...tile, tileId: tileIdOf(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.tileId - b.tileId);

  // Identical tiles (inside a lake, inside a forest) are stored once; consecutive ones become one run.
  const entries: Entry[] = [];
  const chunks: Buffer[] = [];
  const offsetByHash = new Map<string, number>();
  let dataLength = 0;
  for (const tile of sorted) {
    if (tile.data.length === 0) throw new Error('a tile must not be empty');
    const hash = crypto.createHash('sha256').update(tile.data).digest('hex');
    let offset = offsetByHash.get(hash);
    if (offset === undefined) {
      offset = dataLength;
      offsetByHash.set(hash, offset);
      chunks.push(Buffer.from(tile.data));
      dataLength += tile.data.length;
    }
    const last = entries.at(-1);
    if (last && last.offset === offset && last.tileId + last.runLength === tile.tileId) last.runLength++;
    else entries.push({ tileId: tile.tileId, offset, length: tile.data.length, runLength: 1 });
  }
  if (entries.length === 0) throw new Error('an archive needs at least one tile');

  const maxRootEntries = input.maxRootEntries ?? 4096;
  let root: Buffer;
  let leaves = Buffer.alloc(0);
  if (entries.length <= maxRootEntries) {
    root = serializeDirectory(entries);
  } else {
    const leafEntries = input.leafEntries ?? 4096;
    const rootEntries: Entry[] = [];
    const leafBuffers: Buffer[] = [];
    let leafOffset = 0;
    for (let start = 0; start < entries.length; start += leafEntries) {
      const leaf = serializeDirectory(entries.slice(start, start + leafEntries));
      // RunLength 0 marks a leaf: its offset is relative to the leaf section, its tile id the leaf's first.
      rootEntries.push({ tileId: entries[start]!.tileId, offset: leafOffset, length: leaf.length, runLength: 0 });
      leafBuffers.push(leaf);
      leafOffset += leaf.length;
    }
    root = serializeDirectory(rootEntries);
    leaves = Buffer.concat(leafBuffers);
  }
  if (PMTILES_HEADER_BYTES + root.length > ROOT_LIMIT_BYTES)
    throw new Error('the root directory is too large: lower maxRootEntries');

  const metadata = zlib.gzipSync(Buffer.from(JSON.stringify(input.metadata)));
  const rootOffset = PMTILES_HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const dataOffset = leavesOffset + leaves.length;
  const zooms = sorted.map((tile) => tile.z);

  const header = Buffer.alloc(PMTILES_HEADER_BYTES);
  header.write('PMTiles', 0, 'latin1');
  header.writeUInt8(3, 7);
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, leavesOffset);
  u64(48, leaves.length);
  u64(56, dataOffset);
  u64(64, dataLength);
  u64(72, sorted.length); // addressed tiles
  u64(80, entries.length); // tile entries
  u64(88, chunks.length); // distinct tile contents
  header.writeUInt8(1, 96); // clustered: data is in tile-id order, repeats point back
  header.writeUInt8(COMPRESSION_GZIP, 97); // directories and metadata
  header.writeUInt8(COMPRESSION_GZIP, 98); // tiles
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  header.writeInt32LE(e7(input.bounds.minLon), 102);
  header.writeInt32LE(e7(input.bounds.minLat), 106);
  header.writeInt32LE(e7(input.bounds.maxLon), 110);
  header.writeInt32LE(e7(input.bounds.maxLat), 114);
  header.writeUInt8(input.center.zoom, 118);
  header.writeInt32LE(e7(input.center.lon), 119);
  header.writeInt32LE(e7(input.center.lat), 123);

  return Buffer.concat([header, root, metadata, leaves, ...chunks]);
}
