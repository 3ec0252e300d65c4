// The archive's container: a plain POSIX tar (ustar) file, written and read here in a few lines (ADR 0054), so that
// `tar -tf` lists a backup and `tar -xf` unpacks it on any machine, without Foray.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { ArchiveDamagedError } from './backup-errors.ts';

const BLOCK = 512;
/** The size field holds 11 octal digits: 8 GiB less one byte per entry. */
const MAX_ENTRY_BYTES = 8 ** 11 - 1;

export type WrittenEntry = { path: string; bytes: number; sha256: string };

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`Archive entry name too long: ${name}`);
  if (size > MAX_ENTRY_BYTES) throw new Error(`Archive entry ${name} is larger than 8 GiB`);
  const block = Buffer.alloc(BLOCK);
  const field = (value: string, at: number, length: number) => block.write(value, at, length, 'utf8');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0';
  field(name, 0, 100);
  field(octal(0o600, 8), 100, 8);
  field(octal(0, 8), 108, 8);
  field(octal(0, 8), 116, 8);
  field(octal(size, 12), 124, 12);
  field(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12);
  field('        ', 148, 8);
  field('0', 156, 1);
  field('ustar\0', 257, 6);
  field('00', 263, 2);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return block;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/**
 * Writes a tar file entry by entry, each with its sha256. An entry of unknown length is streamed after a
 * provisional header that is rewritten once its length is known, so nothing is held in memory or a temporary file.
 */
export async function createTarWriter(file: string) {
  const handle = await fsp.open(file, 'w', 0o600);
  let position = 0;
  const now = new Date();
  const entries: WrittenEntry[] = [];

  const write = async (bytes: Buffer) => {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
      done += bytesWritten;
    }
    position += bytes.length;
  };

  async function addStream(
    path: string,
    chunks: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer>,
  ): Promise<WrittenEntry> {
    const start = position;
    await write(header(path, 0, now));
    const hash = crypto.createHash('sha256');
    let size = 0;
    for await (const chunk of chunks) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      hash.update(bytes);
      size += bytes.length;
      await write(bytes);
    }
    await write(Buffer.alloc(padding(size)));
    const final = header(path, size, now);
    await handle.write(final, 0, BLOCK, start);
    const entry = { path, bytes: size, sha256: hash.digest('hex') };
    entries.push(entry);
    return entry;
  }

  return {
    entries,
    addStream,
    addBuffer: (path: string, bytes: Buffer) => addStream(path, [bytes]),
    /** The two empty blocks that end a tar, then the bytes are flushed to the disk. */
    async finish() {
      await write(Buffer.alloc(2 * BLOCK));
      await handle.sync();
      await handle.close();
    },
    async abort() {
      await handle.close().catch(() => {});
    },
  };
}

export type TarEntry = { path: string; offset: number; size: number };

/**
 * Every entry of a tar file this module wrote: its name, where its bytes start, and its length. A header whose
 * checksum is wrong, an entry cut short or a missing end of archive throws ArchiveDamagedError.
 */
export async function listTar(file: string): Promise<TarEntry[]> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const entries: TarEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(block, 0, BLOCK, position);
      if (bytesRead < BLOCK)
        throw new ArchiveDamagedError(
          `The archive is truncated: it ends at byte ${fileSize} without the end of the archive (the copy was cut off?).`,
        );
      if (block.every((byte) => byte === 0)) {
        // The end of an archive is two empty blocks: with one, the file was cut (if only just).
        if (position + 2 * BLOCK > fileSize)
          throw new ArchiveDamagedError(`The archive is truncated: its end is cut off at byte ${fileSize}.`);
        return entries;
      }
      const stored = Number.parseInt(block.toString('latin1', 148, 156).replace(/\0.*$/, '').trim(), 8);
      let sum = 0;
      for (let at = 0; at < BLOCK; at++) sum += at >= 148 && at < 156 ? 32 : block[at]!;
      if (stored !== sum)
        throw new ArchiveDamagedError(`The archive is damaged: the entry header at byte ${position} is corrupt.`);
      const path = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = Number.parseInt(block.toString('latin1', 124, 136).replace(/\0.*$/, '').trim(), 8);
      const offset = position + BLOCK;
      if (offset + size > fileSize)
        throw new ArchiveDamagedError(
          `The archive is truncated: its entry ${path} needs ${size} bytes from byte ${offset}, but the file has ${fileSize}.`,
        );
      entries.push({ path, offset, size });
      position = offset + size + padding(size);
    }
  } finally {
    await handle.close();
  }
}

/** The bytes of one entry, streamed from the file. */
export function readEntry(file: string, entry: TarEntry): AsyncIterable<Buffer> {
  if (entry.size === 0) return (async function* () {})();
  return fs.createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

export async function readEntryBuffer(file: string, entry: TarEntry): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const bytes = Buffer.alloc(entry.size);
    let done = 0;
    while (done < entry.size) {
      const { bytesRead } = await handle.read(bytes, done, entry.size - done, entry.offset + done);
      if (bytesRead === 0) throw new ArchiveDamagedError(`The archive is truncated inside ${entry.path}.`);
      done += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

export async function sha256Of(chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of chunks) hash.update(chunk);
  return hash.digest('hex');
}
