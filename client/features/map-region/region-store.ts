// The region map on the device (ADR 0018): the operator's PMTiles file, downloaded in parts into the
// origin-private file system (OPFS), and read back from there by the map with no signal.
//
// Layout: <OPFS>/map-region/region.json (which version, complete or not) and part-0000, part-0001, …, one per
// range request. Parts, not one file: OPFS in Chromium commits a write by copying the file, so appending to a
// single file of a few hundred megabytes part after part would copy it over and over; a finished part is never
// touched again, and a resumed download only fetches the parts that are missing or short.
import type { MapRegion } from '../../../common/schemas/config.ts';
import { partsOf, partsToFetch, bytesStillNeeded, regionStatus, slicesFor, type StoredRegion } from './region-plan.ts';

const FOLDER = 'map-region';
const META = 'region.json';
const DOWNLOAD_LOCK = 'foray-region-download';
const partName = (index: number) => `part-${String(index).padStart(4, '0')}`;

export type RegionFailure = 'unsupported' | 'space' | 'quota' | 'changed' | 'network' | 'signed-out' | 'server';

/** Why a download stopped; `needed` and `available` (bytes) for the storage messages. */
export class RegionDownloadError extends Error {
  readonly reason: RegionFailure;
  readonly needed?: number;
  readonly available?: number;
  constructor(reason: RegionFailure, needed?: number, available?: number) {
    super(`Region map download stopped: ${reason}`);
    this.name = 'RegionDownloadError';
    this.reason = reason;
    this.needed = needed;
    this.available = available;
  }
}

export function deviceCanKeepRegion(): boolean {
  return (
    typeof navigator.storage?.getDirectory === 'function' &&
    typeof FileSystemFileHandle !== 'undefined' &&
    'createWritable' in FileSystemFileHandle.prototype
  );
}

async function folder(create: boolean): Promise<FileSystemDirectoryHandle | null> {
  if (typeof navigator.storage?.getDirectory !== 'function') return null;
  try {
    return await (await navigator.storage.getDirectory()).getDirectoryHandle(FOLDER, { create });
  } catch {
    // NotFoundError: nothing kept yet. SecurityError: no OPFS here (some private modes).
    return null;
  }
}

function parseStored(text: string): StoredRegion | null {
  try {
    const value = JSON.parse(text) as Partial<StoredRegion>;
    if (
      typeof value.name !== 'string' ||
      typeof value.etag !== 'string' ||
      typeof value.bytes !== 'number' ||
      typeof value.complete !== 'boolean'
    ) {
      return null;
    }
    return {
      name: value.name,
      etag: value.etag,
      bytes: value.bytes,
      complete: value.complete,
      saved_at: typeof value.saved_at === 'string' ? value.saved_at : null,
    };
  } catch {
    return null;
  }
}

/** What the device keeps of the region map, or null for nothing (or something unreadable). */
export async function readStoredRegion(): Promise<StoredRegion | null> {
  const dir = await folder(false);
  if (!dir) return null;
  try {
    return parseStored(await (await (await dir.getFileHandle(META)).getFile()).text());
  } catch {
    return null;
  }
}

async function writeStored(dir: FileSystemDirectoryHandle, stored: StoredRegion) {
  const writable = await (await dir.getFileHandle(META, { create: true })).createWritable();
  await writable.write(JSON.stringify(stored));
  await writable.close();
}

async function partFiles(dir: FileSystemDirectoryHandle, count: number): Promise<Array<File | undefined>> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      dir
        .getFileHandle(partName(index))
        .then((handle) => handle.getFile())
        .catch(() => undefined),
    ),
  );
}

/** How many bytes of the region map's parts the device holds (a download that stopped shows how far it got). */
export async function bytesOnDevice(): Promise<number> {
  const dir = await folder(false);
  const stored = await readStoredRegion();
  if (!dir || !stored) return 0;
  const files = await partFiles(dir, partsOf(stored.bytes).length);
  return files.reduce((sum, file) => sum + (file?.size ?? 0), 0);
}

/** Frees the space: the parts and the record. Also what "Cancel" does to a download. */
export async function removeStoredRegion(): Promise<void> {
  if (typeof navigator.storage?.getDirectory !== 'function') return;
  try {
    await (await navigator.storage.getDirectory()).removeEntry(FOLDER, { recursive: true });
  } catch (error) {
    if ((error as DOMException).name !== 'NotFoundError') throw error;
  }
}

/** The pmtiles library's Source interface (pmtiles' `Source`), written out so this file does not load pmtiles. */
export type RegionSource = {
  getKey: () => string;
  getBytes: (offset: number, length: number) => Promise<{ data: ArrayBuffer }>;
};

/** A reader over the complete copy on the device, or null when there is none. */
export async function openStoredRegion(): Promise<{ stored: StoredRegion; source: RegionSource } | null> {
  const dir = await folder(false);
  const stored = await readStoredRegion();
  if (!dir || !stored?.complete) return null;
  const parts = partsOf(stored.bytes);
  const files = await partFiles(dir, parts.length);
  if (files.some((file, index) => file?.size !== parts[index]!.end - parts[index]!.start + 1)) return null;
  const kept = files as File[];
  const sizes = kept.map((file) => file.size);
  return {
    stored,
    source: {
      // Tiles read from one version are never mixed with another's in the reader's caches.
      getKey: () => `foray-region-on-device:${stored.etag}`,
      async getBytes(offset, length) {
        const slices = slicesFor(offset, length, sizes).map(({ part, start, end }) => kept[part]!.slice(start, end));
        return { data: await new Blob(slices).arrayBuffer() };
      },
    },
  };
}

export type DownloadProgress = { received: number; total: number };

/**
 * Downloads the server's region file into OPFS, continuing the parts of an unfinished download of the same
 * version. Each part is one `Range` request with `If-Range: <etag>`: if the operator replaced the file meanwhile
 * the server sends the whole new file (200) instead, and the download stops with `changed` (the caller
 * re-reads the config and starts again). Rejects with a RegionDownloadError, or the AbortError of `signal`.
 */
export async function downloadRegion(
  server: MapRegion,
  options: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
) {
  try {
    // One download at a time across tabs: a second one waits, then finds the copy current and stops there.
    if (!navigator.locks) return await downloadParts(server, options);
    return await navigator.locks.request(DOWNLOAD_LOCK, { signal: options.signal }, () =>
      downloadParts(server, options),
    );
  } catch (error) {
    if ((error as DOMException | undefined)?.name !== 'QuotaExceededError') throw error;
    // The device filled up (from elsewhere meanwhile, or a quota smaller than it said): give the space back
    // rather than keep part of a map.
    await removeStoredRegion().catch(() => undefined);
    throw new RegionDownloadError('quota', server.bytes);
  }
}

async function downloadParts(
  server: MapRegion,
  options: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
) {
  const { signal, onProgress } = options;
  if (!deviceCanKeepRegion()) throw new RegionDownloadError('unsupported');
  const before = await readStoredRegion();
  const status = regionStatus(before, server);
  if (status === 'current') return before!;
  if (status !== 'partial') await removeStoredRegion();
  const parts = partsOf(server.bytes);
  const existing = await folder(false);
  const sizes = existing ? (await partFiles(existing, parts.length)).map((file) => file?.size) : [];
  const needed = bytesStillNeeded(server.bytes, sizes);
  const estimate = await navigator.storage.estimate().catch(() => undefined);
  if (estimate?.quota !== undefined) {
    const available = Math.max(0, estimate.quota - (estimate.usage ?? 0));
    if (available < needed) throw new RegionDownloadError('space', needed, available);
  }
  // Without this, Safari on iOS may evict the file after some days without use; Chromium decides by itself.
  void navigator.storage.persist?.().catch(() => false);

  // Created here, not through folder(): a full device must show as such, not as a browser without OPFS.
  const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(FOLDER, { create: true });
  await writeStored(dir, {
    name: server.name,
    etag: server.etag,
    bytes: server.bytes,
    complete: false,
    saved_at: null,
  });
  let received = server.bytes - needed;
  onProgress({ received, total: server.bytes });

  for (const part of partsToFetch(server.bytes, sizes)) {
    received -= sizes[part.index] ?? 0;
    const response = await fetch(server.url, {
      headers: { range: `bytes=${part.start}-${part.end}`, 'if-range': server.etag },
      // The parts go to OPFS: the browser's HTTP cache should not hold a second copy.
      cache: 'no-store',
      signal,
    }).catch((error: unknown) => {
      throw signal.aborted ? error : new RegionDownloadError('network');
    });
    if (response.status === 401) throw new RegionDownloadError('signed-out');
    const expectedRange = `bytes ${part.start}-${part.end}/${server.bytes}`;
    if (
      response.status === 200 ||
      (response.status === 206 && response.headers.get('content-range') !== expectedRange)
    ) {
      await response.body?.cancel().catch(() => undefined);
      throw new RegionDownloadError('changed');
    }
    // Gone (404) or shorter than it was (416): the operator changed the file too.
    if (response.status !== 206 || !response.body)
      throw new RegionDownloadError(response.status === 404 || response.status === 416 ? 'changed' : 'server');

    const writable = await (await dir.getFileHandle(partName(part.index), { create: true })).createWritable();
    let written = 0;
    try {
      const reader = response.body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        await writable.write(chunk.value);
        written += chunk.value.byteLength;
        onProgress({ received: received + written, total: server.bytes });
      }
      if (written !== part.end - part.start + 1) throw new RegionDownloadError('network');
      await writable.close();
    } catch (error) {
      await writable.abort().catch(() => undefined);
      if (
        error instanceof RegionDownloadError ||
        signal.aborted ||
        (error as DOMException).name === 'QuotaExceededError'
      )
        throw error;
      throw new RegionDownloadError('network');
    }
    received += written;
  }
  const stored: StoredRegion = {
    name: server.name,
    etag: server.etag,
    bytes: server.bytes,
    complete: true,
    saved_at: new Date().toISOString(),
  };
  await writeStored(dir, stored);
  return stored;
}
