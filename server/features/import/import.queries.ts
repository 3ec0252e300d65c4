import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import { imports, spotCircles, spotPhotos, spots, visitPhotos, visits } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { circleIdsOfMember } from '../circles/circles.queries.ts';

/**
 * An id made from the import's id and a label (a spot's index, a photo's place): the same confirm sent twice —
 * even twice at once — names the same rows, so the database itself refuses the second copy. SHA-256, shaped
 * as a version-8 (custom) UUID.
 */
export function derivedId(importId: string, label: string): string {
  const hex = createHash('sha256').update(`foray-import:${importId}:${label}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type OwnPlace = { id: string; latitude: number; longitude: number; mushroom_types: string };

/** The caller's own spots within a box (degrees): nobody else's spot can make a record a duplicate. */
export async function ownSpotsIn(
  db: Database,
  userId: string,
  box: { minLat: number; minLng: number; maxLat: number; maxLng: number },
): Promise<OwnPlace[]> {
  const result = await db.execute(sql`
    select l.id, l.latitude, l.longitude, l.mushroom_types from ${spots} l
    where l.user_id = ${userId}
      and l.position <@ box(point(${box.minLng}::float8, ${box.minLat}::float8), point(${box.maxLng}::float8, ${box.maxLat}::float8))`);
  return (result as unknown as { rows: OwnPlace[] }).rows;
}

export type StoredImport = { userId: string; created: number; photos: number; skipped: number };

export async function findImport(db: Database, id: string): Promise<StoredImport | null> {
  const [row] = await db
    .select({
      userId: imports.userId,
      created: imports.createdCount,
      photos: imports.photoCount,
      skipped: imports.skippedCount,
    })
    .from(imports)
    .where(eq(imports.id, id));
  return row ?? null;
}

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * 400 UNKNOWN_CIRCLE unless the user is in every one of these circles: imported spots, like any spot, are shared
 * only with one's own circles, and a circle one is not in is answered like one that does not exist. `lock` holds the
 * memberships (key share) until the transaction ends, so nobody's leaving slips between the check and the shares.
 */
export async function requireOwnCircles(
  db: Executor,
  userId: string,
  circleIds: string[],
  { lock = false } = {},
): Promise<void> {
  if (circleIds.length === 0) return;
  const member = await circleIdsOfMember(db, userId, circleIds, { lock });
  if (member.length !== circleIds.length) {
    throw new AppError(400, 'UNKNOWN_CIRCLE', 'You can share spots only with circles you are in.');
  }
}

type NewSpot = typeof spots.$inferInsert;
type NewShare = typeof spotCircles.$inferInsert;
type NewPhoto = typeof spotPhotos.$inferInsert;
type NewImport = typeof imports.$inferInsert;
type NewVisit = typeof visits.$inferInsert;
type NewVisitPhoto = typeof visitPhotos.$inferInsert;

/** Rows a multi-row insert carries: a row's columns times this stays well under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 1000;

/**
 * The import's row, its spots, their circles (checked to be the importer's), their photos' rows, their visits and the visits' photos in one transaction.
 * 'exists' when the import's row was already there (an earlier or concurrent confirm with the same id): then
 * nothing of this one is kept.
 */
export async function insertImport(
  db: Database,
  row: NewImport,
  newSpots: NewSpot[],
  circleIds: string[],
  shares: NewShare[],
  photos: NewPhoto[],
  spotVisits: NewVisit[] = [],
  spotVisitPhotos: NewVisitPhoto[] = [],
  limits: PhotoLimits | null = null,
): Promise<'inserted' | 'exists'> {
  return db.transaction(async (tx) => {
    // First, so a concurrent confirm with the same id waits here on the first one's row and then finds it.
    const claimed = await tx
      .insert(imports)
      .values(row)
      .onConflictDoNothing({ target: imports.id })
      .returning({ id: imports.id });
    if (claimed.length === 0) return 'exists';
    await requireOwnCircles(tx, row.userId, circleIds, { lock: true });
    for (let at = 0; at < newSpots.length; at += BATCH) await tx.insert(spots).values(newSpots.slice(at, at + BATCH));
    for (let at = 0; at < shares.length; at += BATCH) await tx.insert(spotCircles).values(shares.slice(at, at + BATCH));
    for (let at = 0; at < photos.length; at += BATCH) await tx.insert(spotPhotos).values(photos.slice(at, at + BATCH));
    for (let at = 0; at < spotVisits.length; at += BATCH)
      await tx.insert(visits).values(spotVisits.slice(at, at + BATCH));
    for (let at = 0; at < spotVisitPhotos.length; at += BATCH)
      await tx.insert(visitPhotos).values(spotVisitPhotos.slice(at, at + BATCH));
    // Every photo's bytes are counted in by now (their triggers): the import fits in its quota whole, or not at all.
    const addedBytes = [...photos, ...spotVisitPhotos].reduce((sum, photo) => sum + (photo.storedBytes ?? 0), 0);
    if (addedBytes > 0) {
      if (!limits) throw new Error('An import’s photos are written only with the quota’s check');
      await limits.withinQuota(tx, row.userId, addedBytes);
    }
    return 'inserted';
  });
}

/** Whether the import's row belongs to the user (after a clash). */
export async function importOwnedBy(db: Database, id: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)));
  return row !== undefined;
}
