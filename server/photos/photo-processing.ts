import os from 'node:os';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { PHOTO_MAX_EDGE, PHOTO_MAX_PIXELS, THUMBNAIL_MAX_EDGE } from '../../common/limits.ts';
import { libuvThreadPoolSize } from '../config.ts';
import { AppError } from '../errors.ts';
import { createConcurrencyLimit } from '../lib/concurrency.ts';
import { memoryLimitBytes } from '../lib/memory.ts';

// One libvips thread per image. Each sharp job already runs on its own libuv thread-pool thread, so two
// uploads at once use both cores; a second vips thread for one job saved little of its time and took
// the core the event loop and the database need. Set explicitly because sharp's default differs by platform:
// 1 on glibc Linux, the core count on musl (Alpine images) and elsewhere.
sharp.concurrency(1);
// No libvips operation cache: each photo is read once, and the cache (up to 50 MB by default) would only hold
// memory that a small machine needs for the next upload (ADR 0055).
sharp.cache(false);

/** What one photo job may hold in memory: the largest photo accepted, decoded at 4 bytes a pixel. */
const JOB_MEMORY_BYTES = PHOTO_MAX_PIXELS * 4;

/**
 * Photos processed at once; more uploads wait their turn. As many as the machine has cores, but never more than
 * - half of libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default): each job runs two sharp operations at once
 *   there, and password hashing for sign-in needs threads from the same pool;
 * - what a quarter of the memory holds at JOB_MEMORY_BYTES a job: a burst of uploads must not exhaust the machine.
 */
export function photoJobsFor(machine: { cores: number; threadPoolSize: number; totalMemoryBytes: number }): number {
  const byThreads = Math.floor(machine.threadPoolSize / 2);
  const byMemory = Math.floor(machine.totalMemoryBytes / 4 / JOB_MEMORY_BYTES);
  return Math.max(1, Math.min(machine.cores, byThreads, byMemory));
}

export const PHOTO_JOBS_AT_ONCE = photoJobsFor({
  cores: os.availableParallelism(),
  threadPoolSize: libuvThreadPoolSize(),
  // A container's memory limit, not the host's memory: past it the kernel kills the server (ADR 0055).
  totalMemoryBytes: memoryLimitBytes(),
});
const photoJobs = createConcurrencyLimit(PHOTO_JOBS_AT_ONCE);
export const photoJobLoad = () => photoJobs.load;

export type ProcessedPhoto = { photo: Buffer; thumbnail: Buffer; contentType: 'image/webp' };

type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const ACCEPTED = 'JPEG, PNG, WebP, GIF or AVIF';

const INPUT_OPTIONS: SharpOptions = {
  // Pixel-bomb guard: the declared size is checked from the header, before any pixel is decoded.
  limitInputPixels: PHOTO_MAX_PIXELS,
  // 'error' refuses truncated and corrupt pixel data instead of storing a half-grey photo. sharp's default,
  // 'warning', would also refuse files that merely make a decoder warn, which every other app shows fine.
  failOn: 'error',
  // Animated GIF or WebP: only the first frame is read and kept.
  pages: 1,
};

/**
 * Turns uploaded bytes into the photo and thumbnail Foray stores: upright, within the size limits, WebP, and
 * with every bit of metadata removed — a mushroom photo's EXIF GPS would give the spot away.
 * Throws AppError 415 UNSUPPORTED_PHOTO for anything that is not a readable image of an accepted format.
 */
export function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  return photoJobs.run(() => processNow(input));
}

async function processNow(input: Buffer): Promise<ProcessedPhoto> {
  const sniffed = sniffFormat(input);
  if (!sniffed) {
    // SVG, TIFF, HEIC, PDF, text…: refused by their first bytes, so libvips never runs a loader on them.
    // sharp has no option that sandboxes its SVG renderer (XML with references to other resources), so an SVG
    // must not reach it at all.
    throw new AppError(415, 'UNSUPPORTED_PHOTO', `The photo must be a ${ACCEPTED} image.`);
  }
  try {
    const metadata = await sharp(input, INPUT_OPTIONS).metadata();
    if (decodedFormat(metadata) !== sniffed) {
      throw new AppError(415, 'UNSUPPORTED_PHOTO', `The photo must be a ${ACCEPTED} image.`);
    }
    // Both come from the original: a thumbnail made from the re-encoded photo would be compressed twice,
    // and JPEG shrink-on-load makes the thumbnail's own decode cheap.
    const [photo, thumbnail] = await Promise.all([encode(input, PHOTO_MAX_EDGE), encode(input, THUMBNAIL_MAX_EDGE)]);
    return { photo, thumbnail, contentType: 'image/webp' };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) {
      throw new AppError(
        415,
        'UNSUPPORTED_PHOTO',
        `The photo is too large in pixels: at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels are accepted.`,
      );
    }
    throw new AppError(
      415,
      'UNSUPPORTED_PHOTO',
      `The photo could not be read: it is damaged or not a ${ACCEPTED} image.`,
    );
  }
}

function encode(input: Buffer, maxEdge: number): Promise<Buffer> {
  return (
    sharp(input, INPUT_OPTIONS)
      // Upright by EXIF orientation first, since the orientation tag goes with the rest of the metadata.
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
      // sharp writes no metadata unless asked (keepMetadata/withMetadata/keepExif are never called here):
      // no EXIF, GPS, XMP or ICC. Colours are converted to sRGB first, so they still look right.
      // Effort 2 took about half the time of the default 4 for slightly more bytes (docs/performance.md).
      .webp({ quality: 80, effort: 2 })
      .toBuffer()
  );
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format the first bytes announce, if it is one Foray accepts. */
function sniffFormat(bytes: Buffer): AcceptedFormat | null {
  const ascii = (start: number, end: number) => bytes.toString('latin1', start, end);
  if (bytes.length < 16) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    // ISO-BMFF: the major brand at 8, then compatible brands after the minor version, up to the box's end.
    // HEIC shares this container and is refused here, as the prebuilt libvips cannot decode it.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length);
    const brands = [ascii(8, 12)];
    for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(ascii(offset, offset + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

/** What libvips actually decoded; AVIF is reported as HEIF with AV1 compression. */
function decodedFormat(metadata: Metadata): AcceptedFormat | null {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return metadata.format;
    case 'heif':
      return metadata.compression === 'av1' ? 'avif' : null;
    default:
      return null;
  }
}
