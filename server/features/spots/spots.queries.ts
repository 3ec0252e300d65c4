import { and, eq, sql, type SQL } from 'drizzle-orm';
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
import type { BBox, Spot } from '../../../common/schemas/spots.ts';
import type { SpotFilter } from '../../../common/spot-filter.ts';
import { SPOT_COLUMNS, type EditableSpot, type SpotChanges, type SpotValues } from '../../db/spot-columns.ts';
import { isoCreated, spotJson, versionFor } from '../../db/spot-json.ts';
import { deletedByAnother, deletedIdOwner, IdTakenMeanwhile } from '../../db/ids-once-used.ts';
import { filterConditions } from './spot-filter.queries.ts';
import { notHiddenFrom, placedInBox, visibleParts, visibleTo } from './spot-privacy.queries.ts';
import { insertSharedSpot, requireOwnCircles, setCircles } from './spot-sharing.queries.ts';

export type Cursor = { createdAt: string; id: string };

const encodeCursor = (raw: string) => Buffer.from(raw).toString('base64url');

/**
 * Exactly what `listSpots` writes: `isoCreated`, a bar, a uuid. Anything looser reaches `::timestamptz`,
 * which refuses much that Date.parse accepts ("1", "2025", "-1") with a 500.
 */
const CURSOR_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A cursor from the client, or null when it is not one we wrote. */
export function decodeCursor(cursor: string): Cursor | null {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return null;
  const [, createdAt, id] = match as unknown as [string, string, string];
  // A real instant, written back exactly as given (no 2026-02-30T25:61…), and in an era Foray has rows from:
  // JavaScript knows a year 0 that PostgreSQL refuses.
  const parsed = new Date(createdAt);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString() !== createdAt || parsed.getUTCFullYear() < 1900)
    return null;
  return { createdAt, id };
}

/**
 * Newest first, written as the two ordered indexes are (DESC NULLS LAST): PostgreSQL only reads an index in
 * order for an ORDER BY that matches it to the letter, and plain DESC means NULLS FIRST, though these
 * columns are never null.
 */
const NEWEST_FIRST = sql.raw('l.created_at desc nulls last, l.id desc nulls last');

/** One page of what the viewer may see, newest first, as the JSON text of `items` plus the next cursor. */
export async function listSpots(
  db: Database,
  viewerId: string,
  options: { limit: number; cursor: Cursor | null; bbox: BBox | undefined; filter?: SpotFilter },
): Promise<{ itemsJson: string; nextCursor: string | null }> {
  const filter = options.filter ?? {};
  const conditions: SQL[] = filterConditions(viewerId, filter);
  if (options.cursor) {
    conditions.push(sql`(l.created_at, l.id) < (${options.cursor.createdAt}::timestamptz, ${options.cursor.id}::uuid)`);
  }
  // One more row than asked tells whether there is a next page.
  const take = options.limit + 1;
  const summary = sql`
    select coalesce(json_agg(item order by n) filter (where n <= ${options.limit}), '[]')::text as items,
           (array_agg(cursor order by n desc) filter (where n <= ${options.limit}))[1] as last_cursor,
           count(*) > ${options.limit} as has_more
    from page`;
  let result: unknown;
  if (options.bbox) {
    const inBox = placedInBox(viewerId, options.bbox);
    result = await db.execute(sql`
      with page as (
        select ${spotJson(viewerId)} as item, ${isoCreated} || '|' || l.id as cursor,
               row_number() over (order by ${NEWEST_FIRST}) as n
        from ${spots} l join ${user} u on u.id = l.user_id
        where ${sql.join([visibleTo(viewerId), inBox, ...conditions], sql` and `)}
        order by ${NEWEST_FIRST}
        limit ${take}
      )
      ${summary}`);
  } else {
    // The list: the privacy rule whole, as one condition, would defeat the ordered indexes and read the whole
    // table for every page. Instead its parts — the caller's own spots, others' public ones, and others' shared with
    // the caller's circles — are read one by one (the first two as ordered index scans, locations_owner_recent_idx and
    // locations_public_recent_idx), each stopping after one page, and merged. The parts never overlap.
    const { own, othersPublic, sharedWithViewer } = visibleParts(viewerId);
    const branches: SQL[] = [];
    if (filter.owner !== 'others') branches.push(own);
    if (
      filter.owner !== 'mine' &&
      filter.visibility !== 'private' &&
      filter.audience !== 'private' &&
      filter.audience !== 'circles' &&
      // Others' public spots are never due for the viewer (ADR 0059).
      filter.due !== 'now'
    )
      branches.push(othersPublic);
    if (filter.owner !== 'mine' && !filter.visibility && filter.audience !== 'private' && filter.audience !== 'public')
      branches.push(sharedWithViewer);
    if (branches.length === 0) return { itemsJson: '[]', nextCursor: null };
    const chosen = sql.join(
      branches.map(
        (
          branch,
        ) => sql`(select l.id, l.created_at from ${spots} l where ${sql.join([branch, ...conditions], sql` and `)}
          order by ${NEWEST_FIRST} limit ${take})`,
      ),
      sql` union all `,
    );
    result = await db.execute(sql`
      with chosen as (${chosen}),
      -- The page's rows first; each spot's JSON (photos, visit summary) is only built for those.
      top as (
        select c.id, row_number() over (order by c.created_at desc nulls last, c.id desc nulls last) as n from chosen c
        order by n limit ${take}
      ),
      page as (
        select ${spotJson(viewerId)} as item, ${isoCreated} || '|' || l.id as cursor, t.n
        from top t join ${spots} l on l.id = t.id join ${user} u on u.id = l.user_id
      )
      ${summary}`);
  }
  const [row] = (result as unknown as { rows: Array<{ items: string; last_cursor: string | null; has_more: boolean }> })
    .rows;
  return {
    itemsJson: row?.items ?? '[]',
    nextCursor: row?.has_more && row.last_cursor ? encodeCursor(row.last_cursor) : null,
  };
}

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
