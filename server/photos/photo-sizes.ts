// The sizes of photos stored before Foray counted them (ADR 0081). Migration 0028 cannot read files, so an upgraded
// server's older photo rows have no `stored_bytes` and count nothing in their owner's `photo_bytes`. After each start,
// in the background and in batches, their files are measured through the storage (a stat on the local disk, a HEAD on
// S3; nothing is downloaded) and each size is written with a conditional update, whose trigger adds it to the owner's
// sum. A row is measured once: several servers doing it at once, or a photo deleted meanwhile, change nothing twice.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { PhotoStorage } from '../storage/storage.ts';

const TABLES = ['location_photos', 'visit_photos'] as const;
export const PHOTO_SIZE_BATCH = 200;
/** After a failed pass (the bucket unreachable), the next one starts this much later. */
const RETRY_MS = 15 * 60_000;

type Unmeasured = { id: string; photo_key: string; thumbnail_key: string };

/**
 * Measures every photo row without a size, `batch` rows at a time, until none is left or `stopped()` says so. A file
 * that is not there counts 0 bytes (nothing is stored for it). Returns how many rows were measured.
 */
export async function measurePhotoSizes(
  deps: { db: Database; storage: PhotoStorage },
  options: { batch?: number; stopped?: () => boolean } = {},
): Promise<number> {
  const batch = options.batch ?? PHOTO_SIZE_BATCH;
  let measured = 0;
  for (const table of TABLES) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      if (options.stopped?.()) return measured;
      const result = (await deps.db.execute(sql`
        select id::text as id, photo_key, thumbnail_key from ${sql.identifier(table)}
        where stored_bytes is null and id > ${after}::uuid order by id limit ${batch}`)) as unknown as {
        rows: Unmeasured[];
      };
      const rows = result.rows;
      if (rows.length === 0) break;
      const sizes = await Promise.all(
        rows.map(async (row) => {
          const [photo, thumbnail] = await Promise.all([
            deps.storage.size(row.photo_key),
            deps.storage.size(row.thumbnail_key),
          ]);
          return { id: row.id, bytes: (photo ?? 0) + (thumbnail ?? 0) };
        }),
      );
      // One statement for the batch; each row's trigger adds its size to its owner's sum.
      await deps.db.execute(sql`
        update ${sql.identifier(table)} p set stored_bytes = m.bytes
        from (select unnest(${`{${sizes.map((size) => size.id).join(',')}}`}::uuid[]) as id,
                     unnest(${`{${sizes.map((size) => size.bytes).join(',')}}`}::bigint[]) as bytes) m
        where p.id = m.id and p.stored_bytes is null`);
      measured += rows.length;
      after = rows.at(-1)!.id;
    }
  }
  return measured;
}

/** Measures older photos once, soon after start, without holding the start up; a failed pass is tried again later. */
export function startPhotoSizes(deps: { db: Database; storage: PhotoStorage; log: FastifyBaseLogger }) {
  let stopped = false;
  let running: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  const run = () => {
    running = measurePhotoSizes(deps, { stopped: () => stopped })
      .then((measured) => {
        if (measured > 0) deps.log.info({ measured }, 'Measured the photos stored before their sizes were counted');
      })
      .catch((error: unknown) => {
        deps.log.warn({ err: error }, 'Measuring older photos failed; will try again');
        if (!stopped) {
          retry = setTimeout(run, RETRY_MS);
          retry.unref();
        }
      });
  };
  const first = setImmediate(run);
  return {
    async stop() {
      stopped = true;
      clearImmediate(first);
      clearTimeout(retry);
      await running;
    },
  };
}
