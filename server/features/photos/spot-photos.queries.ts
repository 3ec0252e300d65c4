import { and, asc, eq, sql } from 'drizzle-orm';
import { PHOTOS_PER_SPOT_MAX } from '../../../common/limits.ts';
import type { Database } from '../../db/client.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import { deletedSpotPhotoIds, spotPhotos, spots } from '../../db/schema.ts';
import { deletedByAnother, deletedIdOwner, IdTakenMeanwhile, type IdUse } from '../../db/ids-once-used.ts';

/**
 * Who used a photo id, whoever they are and whatever became of the photo: its owner and its spot while it is there,
 * the owner it had once it was deleted, alone or with its spot (ADR 0070) — only to tell a retried upload from a
 * clash, never said to anyone.
 */
export async function photoIdUse(db: Database, photoId: string): Promise<IdUse | null> {
  const [row] = await db
    .select({ parentId: spotPhotos.spotId, userId: spots.userId })
    .from(spotPhotos)
    .innerJoin(spots, eq(spots.id, spotPhotos.spotId))
    .where(eq(spotPhotos.id, photoId));
  if (row) return row;
  const owner = await deletedIdOwner(db, deletedSpotPhotoIds, photoId);
  return owner === null ? null : { userId: owner, parentId: null };
}

export async function countPhotos(db: Database, spotId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(spotPhotos)
    .where(eq(spotPhotos.spotId, spotId));
  return row?.n ?? 0;
}

/**
 * Locks the owner's spot row for the rest of the transaction, so that two uploads or an upload and a reorder
 * of the same spot take turns (the photo limit and the positions stay right). False: no such spot of theirs.
 */
async function lockOwnSpot(tx: Pick<Database, 'execute'>, ownerId: string, spotId: string): Promise<boolean> {
  const result = await tx.execute(sql`select 1 from ${spots} where id = ${spotId} and user_id = ${ownerId} for update`);
  return (result as unknown as { rows: unknown[] }).rows.length === 1;
}

export type AddPhotoResult = 'added' | 'not-found' | 'full' | 'id-taken';

/**
 * Adds a photo after the spot's others, unless the spot is not the owner's, already has the most, or the id is
 * taken — in use, or someone else's deleted photo's.
 */
export async function addPhoto(
  db: Database,
  ownerId: string,
  spotId: string,
  photo: { id: string; photoKey: string; thumbnailKey: string; storedBytes: number },
  limits: PhotoLimits,
): Promise<AddPhotoResult> {
  return db
    .transaction(async (tx): Promise<AddPhotoResult> => {
      if (!(await lockOwnSpot(tx, ownerId, spotId))) return 'not-found';
      const [state] = await tx
        .select({
          n: sql<number>`count(*)::int`,
          next: sql<number>`coalesce(max(${spotPhotos.position}) + 1, 0)::int`,
        })
        .from(spotPhotos)
        .where(eq(spotPhotos.spotId, spotId));
      if ((state?.n ?? 0) >= PHOTOS_PER_SPOT_MAX) return 'full';
      const inserted = await tx
        .insert(spotPhotos)
        .values({ ...photo, spotId, position: state?.next ?? 0 })
        .onConflictDoNothing({ target: spotPhotos.id })
        .returning({ id: spotPhotos.id });
      if (inserted.length !== 1) return 'id-taken';
      if (await deletedByAnother(tx, deletedSpotPhotoIds, photo.id, ownerId)) throw new IdTakenMeanwhile();
      await limits.withinQuota(tx, ownerId, photo.storedBytes);
      return 'added';
    })
    .catch((error: unknown) => {
      if (error instanceof IdTakenMeanwhile) return 'id-taken' as const;
      throw error;
    });
}

/** Removes one photo of the owner's spot and returns its two file keys, or null when there is no such photo of theirs. */
export async function removePhoto(
  db: Database,
  ownerId: string,
  spotId: string,
  photoId: string,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnSpot(tx, ownerId, spotId))) return null;
    const [deleted] = await tx
      .delete(spotPhotos)
      .where(and(eq(spotPhotos.id, photoId), eq(spotPhotos.spotId, spotId)))
      .returning({ photo: spotPhotos.photoKey, thumbnail: spotPhotos.thumbnailKey });
    return deleted ? [deleted.photo, deleted.thumbnail] : null;
  });
}

export type OrderResult = 'ordered' | 'not-found' | 'mismatch';

/** Puts the owner's photos in the given order; the list must name every photo of the spot exactly once. */
export async function orderPhotos(
  db: Database,
  ownerId: string,
  spotId: string,
  photoIds: string[],
): Promise<OrderResult> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnSpot(tx, ownerId, spotId))) return 'not-found';
    const current = await tx
      .select({ id: spotPhotos.id })
      .from(spotPhotos)
      .where(eq(spotPhotos.spotId, spotId))
      .orderBy(asc(spotPhotos.position));
    const known = new Set(current.map((row) => row.id));
    if (
      new Set(photoIds).size !== photoIds.length ||
      photoIds.length !== known.size ||
      photoIds.some((id) => !known.has(id))
    ) {
      return 'mismatch';
    }
    // At most eight rows, under the spot's lock.
    for (const [position, id] of photoIds.entries()) {
      await tx.update(spotPhotos).set({ position }).where(eq(spotPhotos.id, id));
    }
    return 'ordered';
  });
}
