import { inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { spotPhotos, visitPhotos } from '../db/schema.ts';
import type { PhotoStorage } from '../storage/storage.ts';

/** How long a photo may exist without a row before it is taken for a crash's leftover. */
export const PHOTO_ORPHAN_GRACE_MS = 3600_000;
/** How often the store is compared with the database, after the pass at start. */
export const PHOTO_RECONCILE_INTERVAL_MS = 6 * 3600_000;
const BATCH = 500;

/**
 * Removes photo objects that no spot refers to and that are older than `graceMs`. A spot's files are written
 * before its row is inserted (and removed if the insert fails), so a crash between the two leaves files no row
 * will ever name.
 *
 * Why the grace period makes this safe with several servers on one database (ADR 0012): a file whose row is
 * still being inserted was written moments ago — creating a spot writes its files and inserts its row within
 * one request, seconds apart — so it is younger than the grace and never a candidate. An object is a candidate
 * only if it was written more than `graceMs` ago, and only removed if, after that, no row names it.
 */
export async function reconcilePhotos(deps: {
  db: Database;
  storage: PhotoStorage;
  graceMs: number;
}): Promise<{ checked: number; removed: number }> {
  const cutoff = Date.now() - deps.graceMs;
  let checked = 0;
  let removed = 0;
  let batch: string[] = [];
  const removeUnreferenced = async () => {
    const rows = await deps.db
      .select({ photo: spotPhotos.photoKey, thumbnail: spotPhotos.thumbnailKey })
      .from(spotPhotos)
      .where(or(inArray(spotPhotos.photoKey, batch), inArray(spotPhotos.thumbnailKey, batch)));
    const visitRows = await deps.db
      .select({ photo: visitPhotos.photoKey, thumbnail: visitPhotos.thumbnailKey })
      .from(visitPhotos)
      .where(or(inArray(visitPhotos.photoKey, batch), inArray(visitPhotos.thumbnailKey, batch)));
    const referenced = new Set([...rows, ...visitRows].flatMap((row) => [row.photo, row.thumbnail]));
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await deps.storage.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const photo of deps.storage.list()) {
    checked++;
    if (photo.modifiedAt.getTime() > cutoff) continue;
    batch.push(photo.key);
    if (batch.length === BATCH) await removeUnreferenced();
  }
  if (batch.length > 0) await removeUnreferenced();
  return { checked, removed };
}

/** Reconciles once soon after start (without holding the start up) and then every `intervalMs`. */
export function startPhotoReconciler(deps: {
  db: Database;
  storage: PhotoStorage;
  graceMs: number;
  intervalMs: number;
  log: FastifyBaseLogger;
}) {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = reconcilePhotos(deps)
      .then(({ checked, removed }) => {
        if (removed > 0) deps.log.info({ checked, removed }, 'Removed photos no spot refers to (left by a crash)');
      })
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, 'Reconciling photos with the database failed; will try again'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, deps.intervalMs);
  timer.unref();
  const first = setImmediate(run);
  return {
    async stop() {
      clearImmediate(first);
      clearInterval(timer);
      await running;
    },
  };
}
