import crypto from 'node:crypto';
import {
  AUTH_SECRET_PATH,
  MANIFEST_HASH_PATH,
  MANIFEST_PATH,
  ManifestSchema,
  tablePath,
  type Manifest,
} from './manifest.ts';
import { ArchiveDamagedError } from './backup-errors.ts';
import { listTar, readEntry, readEntryBuffer, sha256Of, type TarEntry } from './tar.ts';

/** `photos/<key>.webp`, with a key the photo stores accept (storage.ts). */
const PHOTO_ENTRY = /^photos\/[A-Za-z0-9_-]{20,100}\.webp$/;

export type VerifiedArchive = { manifest: Manifest; entries: Map<string, TarEntry> };

/**
 * Reads the whole archive and checks it against its manifest before anything is changed: every entry the manifest
 * lists is there, with its length and sha256, and nothing else is. A truncated or damaged archive throws
 * ArchiveDamagedError saying what is wrong.
 */
export async function verifyArchive(
  file: string,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<VerifiedArchive> {
  let listed: TarEntry[];
  try {
    listed = await listTar(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ArchiveDamagedError(`There is no file ${file}.`);
    throw error;
  }
  const entries = new Map(listed.map((entry) => [entry.path, entry]));
  const manifestEntry = entries.get(MANIFEST_PATH);
  const hashEntry = entries.get(MANIFEST_HASH_PATH);
  if (!manifestEntry || !hashEntry)
    throw new ArchiveDamagedError(
      'The archive is incomplete: it has no manifest, which a Foray backup writes last (was the backup cut off?).',
    );
  const manifestBytes = await readEntryBuffer(file, manifestEntry);
  const expectedHash = (await readEntryBuffer(file, hashEntry)).toString('utf8').trim();
  if (crypto.createHash('sha256').update(manifestBytes).digest('hex') !== expectedHash)
    throw new ArchiveDamagedError('The archive is damaged: its manifest does not match its checksum.');
  let manifest: Manifest;
  try {
    manifest = ManifestSchema.parse(JSON.parse(manifestBytes.toString('utf8')));
  } catch {
    throw new ArchiveDamagedError('This is not a Foray backup archive, or one of a format this Foray cannot read.');
  }

  const listedInManifest = new Set(manifest.entries.map((entry) => entry.path));
  for (const path of manifest.database.tables.map((table) => tablePath(table.name))) {
    if (!listedInManifest.has(path))
      throw new ArchiveDamagedError(`The archive is damaged: ${path} is not in its manifest.`);
  }
  const photos = [...entries.keys()].filter((path) => path.startsWith('photos/')).length;
  if (photos !== manifest.photos.count)
    throw new ArchiveDamagedError(
      `The archive is damaged: its manifest counts ${manifest.photos.count} photos, the archive holds ${photos}.`,
    );
  const tablePaths = new Set(manifest.database.tables.map((table) => tablePath(table.name)));
  for (const path of entries.keys()) {
    if (path !== MANIFEST_PATH && path !== MANIFEST_HASH_PATH && !listedInManifest.has(path))
      throw new ArchiveDamagedError(`The archive is damaged: it holds ${path}, which its manifest does not list.`);
    // Only the entries a Foray backup writes: a photo's name becomes a key in the store, so it must be one.
    if (
      ![MANIFEST_PATH, MANIFEST_HASH_PATH, AUTH_SECRET_PATH].includes(path) &&
      !tablePaths.has(path) &&
      !PHOTO_ENTRY.test(path)
    )
      throw new ArchiveDamagedError(`This is not a Foray backup archive: it holds ${path}.`);
  }
  if (!entries.has(AUTH_SECRET_PATH))
    throw new ArchiveDamagedError('The archive is incomplete: it has no signing secret (auth-secret).');

  const total = manifest.entries.reduce((sum, entry) => sum + entry.bytes, 0);
  let done = 0;
  for (const expected of manifest.entries) {
    const entry = entries.get(expected.path);
    if (!entry) throw new ArchiveDamagedError(`The archive is incomplete: ${expected.path} is missing.`);
    if (entry.size !== expected.bytes)
      throw new ArchiveDamagedError(
        `The archive is damaged: ${expected.path} has ${entry.size} bytes where the manifest says ${expected.bytes}.`,
      );
    if ((await sha256Of(readEntry(file, entry))) !== expected.sha256)
      throw new ArchiveDamagedError(`The archive is damaged: the checksum of ${expected.path} does not match.`);
    done += entry.size;
    onProgress(done, total);
  }
  return { manifest, entries };
}

/** A photo's key from its entry's path, `photos/<key>.webp`. */
export const keyOf = (photoEntryPath: string) => photoEntryPath.slice('photos/'.length, -'.webp'.length);
