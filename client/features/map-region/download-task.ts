// The one download of the region map in this tab: it goes on while the "On this device" panel is closed, and
// the panel shows its progress when opened again.
import { useSyncExternalStore } from 'react';
import type { MapRegion } from '../../../common/schemas/config.ts';
import { downloadRegion, RegionDownloadError, removeStoredRegion, type RegionFailure } from './region-store.ts';

export type DownloadTask =
  | { state: 'idle' }
  | { state: 'running'; received: number; total: number }
  | { state: 'failed'; reason: RegionFailure; needed?: number; available?: number };

/** Fired on window when the copy on the device changed (downloaded, removed): readers look again. */
export const REGION_CHANGED_EVENT = 'foray:map-region-changed';

let task: DownloadTask = { state: 'idle' };
let controller: AbortController | null = null;
/** Settles when the running download has let go of its files. */
let running: Promise<unknown> = Promise.resolve();
const listeners = new Set<() => void>();

function set(next: DownloadTask) {
  task = next;
  for (const listener of listeners) listener();
}

export function announceRegionChanged() {
  window.dispatchEvent(new Event(REGION_CHANGED_EVENT));
}

/**
 * Starts (or resumes) the download. `reloadRegion` re-reads the server's config: when the file was replaced
 * during the download, the new version is downloaded from the start, once.
 */
export async function startRegionDownload(
  region: MapRegion,
  reloadRegion: () => Promise<MapRegion | null>,
  restarted = false,
): Promise<void> {
  if (task.state === 'running') return;
  const abort = new AbortController();
  controller = abort;
  set({ state: 'running', received: 0, total: region.bytes });
  const download = downloadRegion(region, {
    signal: abort.signal,
    onProgress: ({ received, total }) => {
      if (!abort.signal.aborted) set({ state: 'running', received, total });
    },
  });
  running = download.catch(() => undefined);
  try {
    await download;
    set({ state: 'idle' });
  } catch (error) {
    if (abort.signal.aborted) {
      set({ state: 'idle' });
    } else if (error instanceof RegionDownloadError && error.reason === 'changed' && !restarted) {
      set({ state: 'idle' });
      const current = await reloadRegion().catch(() => null);
      if (current) return startRegionDownload(current, reloadRegion, true);
    } else {
      const failure = error instanceof RegionDownloadError ? error : new RegionDownloadError('network');
      set({ state: 'failed', reason: failure.reason, needed: failure.needed, available: failure.available });
    }
  } finally {
    if (controller === abort) controller = null;
    announceRegionChanged();
  }
}

/** Stops the download and frees what it had written. */
export async function cancelRegionDownload(): Promise<void> {
  controller?.abort();
  await running;
  await removeStoredRegion().catch(() => undefined);
  set({ state: 'idle' });
  announceRegionChanged();
}

export function useRegionDownload(): DownloadTask {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => task,
  );
}
