import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import {
  deletedSpotIds,
  deletedSpotPhotoIds,
  spotCircles,
  spotPhotos,
  spots,
  user,
  visitPhotos,
  visits,
} from '../../db/schema.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { SPOT_COLUMNS, type EditableSpot, type SpotChanges, type SpotValues } from '../../db/spot-columns.ts';
import { spotJson, versionFor } from '../../db/spot-json.ts';
import { deletedByAnother, deletedIdOwner, IdTakenMeanwhile } from '../../db/ids-once-used.ts';
import { notHiddenFrom, visibleTo } from './spot-privacy.queries.ts';
import { insertSharedSpot, requireOwnCircles, setCircles } from './spot-sharing.queries.ts';

export async function findVisibleSpot(db: Database, viewerId: string, id: string): Promise<Spot | null> {
  const result = await db.execute(sql`
    select ${spotJson(viewerId)} as item
    from ${spots} l join ${user} u on u.id = l.user_id
    where l.id = ${id} and ${visibleTo(viewerId)}`);
  const [row] = (result as unknown as { rows: Array<{ item: Spot | string }> }).rows;
  if (!row) return null;
  // node-postgres parses json columns; PGlite may hand back text.
  return typeof row.item === 'string' ? (JSON.parse(row.item) as Spot) : row.item;
}

/**
 * Who owns an id, whatever its visibility, or owned it before deleting it — only to tell an idempotent retry from a
 * clash. A deleted spot's id stays its owner's, so a clash says nothing about whether the spot is still there.
 */
export async function findOwnerOf(db: Database, id: string): Promise<{ userId: string; deleted: boolean } | null> {
  const [row] = await db.select({ userId: spots.userId }).from(spots).where(eq(spots.id, id));
  if (row) return { userId: row.userId, deleted: false };
  const gone = await deletedIdOwner(db, deletedSpotIds, id);
  return gone === null ? null : { userId: gone, deleted: true };
}

type NewPhoto = { id: string; photoKey: string; thumbnailKey: string; storedBytes: number };

/**
 * Inserts a spot, with its circles and its first photo when it has one, in one transaction; false when the spot's
 * id was taken in the meantime (a concurrent retry, or someone else's spot deleted meanwhile). Throws 409
 * ID_CONFLICT when the photo's id is in use or someone else's deleted photo had it (ADR 0070), 400 UNKNOWN_CIRCLE
 * for a circle the owner is not in.
 */
export async function insertSpot(
  db: Database,
  spot: { id: string; userId: string; values: SpotValues; circleIds: string[] },
  photo: NewPhoto | null,
  /** The quota's check, in the transaction, once the photo's bytes are counted (required with a photo). */
  limits: PhotoLimits | null = null,
): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const insert = tx
        .insert(spots)
        .values({ id: spot.id, userId: spot.userId, ...spot.values })
        .onConflictDoNothing({ target: spots.id });
      if (spot.circleIds.length > 0) {
        const returning = insert.returning({
          id: spots.id,
          userId: spots.userId,
          type: spots.type,
          isPublic: spots.isPublic,
          shownLatitude: spots.shownLatitude,
          shownLongitude: spots.shownLongitude,
        });
        if (!(await insertSharedSpot(tx, returning.getSQL(), spot.circleIds))) return false;
      } else if ((await insert.returning({ id: spots.id })).length !== 1) return false;
      if (await deletedByAnother(tx, deletedSpotIds, spot.id, spot.userId)) throw new IdTakenMeanwhile();
      if (photo) {
        const added = await tx
          .insert(spotPhotos)
          .values({ ...photo, spotId: spot.id, position: 0 })
          .onConflictDoNothing({ target: spotPhotos.id })
          .returning({ id: spotPhotos.id });
        if (added.length !== 1 || (await deletedByAnother(tx, deletedSpotPhotoIds, photo.id, spot.userId)))
          throw photoIdInUse();
        if (!limits) throw new Error('A spot’s first photo is written only with the quota’s check');
        await limits.withinQuota(tx, spot.userId, photo.storedBytes);
      }
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof IdTakenMeanwhile) return false;
      throw error;
    });
}

/** A photo id someone else used, whatever became of their photo, or one in use on another spot (ADR 0070). */
export const photoIdInUse = () => new AppError(409, 'ID_CONFLICT', 'That photo id is already in use.');

/** What an edit reads under the row lock: every column a spot's fields fill (spot-columns.ts), and the version. */
const editableColumns = {
  ...(Object.fromEntries(Object.values(SPOT_COLUMNS).map((column) => [column, spots[column]])) as {
    [Column in keyof SpotValues]-?: (typeof spots)[Column];
  }),
  version: spots.version,
};

/**
 * Changes the owner's spot in one transaction, its row locked: `decide` sees the spot as it is (its circles too)
 * and returns the changes to write, or throws (a stale version, a rule broken by the result). Every change moves
 * `version` on by one and sets `updated_at`. Null when the owner has no such spot.
 */
export async function changeOwnSpot(
  db: Database,
  ownerId: string,
  id: string,
  decide: (current: EditableSpot & { circleIds: string[] }) => (SpotChanges & { circleIds?: string[] }) | null,
): Promise<'changed' | 'unchanged' | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select(editableColumns)
      .from(spots)
      .where(and(eq(spots.id, id), eq(spots.userId, ownerId)))
      .for('update');
    if (!current) return null;
    const circleRows = await tx
      .select({ circleId: spotCircles.circleId })
      .from(spotCircles)
      .where(eq(spotCircles.spotId, id));
    const decided = decide({ ...current, circleIds: circleRows.map((row) => row.circleId) });
    if (!decided) return 'unchanged';
    const { circleIds, ...changes } = decided;
    if (circleIds) {
      await requireOwnCircles(tx, ownerId, circleIds);
      await setCircles(tx, id, circleIds);
    }
    await tx
      .update(spots)
      .set({
        ...changes,
        version: sql`${spots.version} + 1`,
        updatedAt: sql`date_trunc('milliseconds', clock_timestamp())`,
      })
      .where(and(eq(spots.id, id), eq(spots.userId, ownerId)));
    return 'changed';
  });
}

/**
 * Of these ids, the spots the viewer may still see, with their versions: what a device keeps is checked against
 * it, and whatever is missing is dropped from the device (ADR 0053). It tells nothing a read by id would not: the
 * version of someone else's spot is the one they are shown (ADR 0070).
 */
export async function stillVisible(
  db: Database,
  viewerId: string,
  ids: string[],
): Promise<Array<{ id: string; version: number }>> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select l.id, ${versionFor(viewerId)} as version from ${spots} l
    where l.id = any(${`{${ids.join(',')}}`}::uuid[]) and ${visibleTo(viewerId)}
    order by l.id`);
  return (result as unknown as { rows: Array<{ id: string; version: number }> }).rows.map((row) => ({
    id: row.id,
    version: Number(row.version),
  }));
}

/** Deletes the owner's spot and returns the keys of all its photo files, or null when there is no such spot of theirs. */
export async function deleteSpot(db: Database, ownerId: string, id: string): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    // Read before the delete: the photo rows go with the spot (on delete cascade).
    const files = await tx
      .select({ photo: spotPhotos.photoKey, thumbnail: spotPhotos.thumbnailKey })
      .from(spotPhotos)
      .innerJoin(spots, eq(spots.id, spotPhotos.spotId))
      .where(and(eq(spots.id, id), eq(spots.userId, ownerId)))
      .for('update');
    // And its visits' photos (ADR 0025), which go with the visits.
    const visitFiles = await tx
      .select({ photo: visitPhotos.photoKey, thumbnail: visitPhotos.thumbnailKey })
      .from(visitPhotos)
      .innerJoin(visits, eq(visits.id, visitPhotos.visitId))
      .innerJoin(spots, eq(spots.id, visits.spotId))
      .where(and(eq(spots.id, id), eq(spots.userId, ownerId)));
    const deleted = await tx
      .delete(spots)
      .where(and(eq(spots.id, id), eq(spots.userId, ownerId)))
      .returning({ id: spots.id });
    if (deleted.length === 0) return null;
    return [...files, ...visitFiles].flatMap((file) => [file.photo, file.thumbnail]);
  });
}

/** Whether the viewer may see the spot a photo key (a photo's or a thumbnail's, of the spot or one of its visits) belongs to. */
export async function canViewPhoto(db: Database, viewerId: string, key: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${spotPhotos} p join ${spots} l on l.id = p.location_id
    where (p.photo_key = ${key} or p.thumbnail_key = ${key}) and ${visibleTo(viewerId)}
      and ${notHiddenFrom(viewerId, 'p')}
    union all
    select 1 from ${visitPhotos} p join ${visits} v on v.id = p.visit_id join ${spots} l on l.id = v.location_id
    where (p.photo_key = ${key} or p.thumbnail_key = ${key}) and ${visibleTo(viewerId)}
      and ${notHiddenFrom(viewerId, 'v')} and ${notHiddenFrom(viewerId, 'p')}
    limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
