// Zips from strangers (KMZ, a Foray export with photos), read defensively (ADR 0036):
// - entry names that are absolute, climb out (..), use backslashes or hold NUL are refused: nothing is ever
//   written to disk, but such a zip is hostile or broken and its paths mean nothing safe;
// - the central directory is listed first (fflate's unzipSync with a filter that takes nothing) and the entry
//   count is capped;
// - only the entries Foray needs are decompressed, into buffers of their declared sizes, and the declared sizes
//   are capped one by one and in total before anything is allocated: output can never exceed them, so an entry
//   that lies about its size comes out cut short and fails to read, and a zip bomb never takes more memory than
//   the caps allow.
import { unzipSync } from 'fflate';
import { IMPORT_SPOTS_MAX, PHOTOS_PER_SPOT_MAX } from '../../../../common/limits.ts';
import { AppError } from '../../../errors.ts';

/** Every spot's photos, a data file and some room for what other tools add (folders, a readme). */
export const ZIP_ENTRIES_MAX = IMPORT_SPOTS_MAX * PHOTOS_PER_SPOT_MAX + 100;

export type ZipEntry = { name: string; size: number; originalSize: number };

export const zipPathRefused = (name: string) =>
  name.startsWith('/') ||
  /^[A-Za-z]:/.test(name) ||
  name.includes('\\') ||
  name.includes('\0') ||
  name.split('/').includes('..');

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 0x03 || bytes[2] === 0x05) &&
    (bytes[3] === 0x04 || bytes[3] === 0x06)
  );
}

/** The zip's files (folders left out), checked. */
export function listZip(bytes: Uint8Array): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  try {
    unzipSync(bytes, {
      filter: (file) => {
        if (zipPathRefused(file.name)) {
          throw new AppError(
            400,
            'IMPORT_ZIP_PATH',
            'The zip holds a file whose path is absolute or leads outside the zip; Foray does not read it.',
          );
        }
        if (entries.size >= ZIP_ENTRIES_MAX) {
          throw new AppError(413, 'IMPORT_ZIP_TOO_LARGE', `The zip holds more than ${ZIP_ENTRIES_MAX} files.`);
        }
        if (!file.name.endsWith('/'))
          entries.set(file.name, { name: file.name, size: file.size, originalSize: file.originalSize });
        return false;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'IMPORT_UNREADABLE', 'The zip could not be read.');
  }
  return entries;
}

/**
 * Decompresses the named entries, whose declared sizes the caller has checked: at most `budget` bytes in
 * total, or 413 IMPORT_ZIP_TOO_LARGE before anything is decompressed.
 */
export function extractZip(
  bytes: Uint8Array,
  entries: Map<string, ZipEntry>,
  names: string[],
  budget: number,
): Map<string, Uint8Array> {
  const wanted = new Set(names);
  let declared = 0;
  for (const name of wanted) declared += entries.get(name)?.originalSize ?? 0;
  if (declared > budget) {
    throw new AppError(
      413,
      'IMPORT_ZIP_TOO_LARGE',
      `The zip unpacks to more than ${Math.round(budget / 1024 / 1024)} MB.`,
    );
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
  } catch {
    throw new AppError(400, 'IMPORT_UNREADABLE', 'The zip could not be read.');
  }
  return new Map(Object.entries(files));
}
