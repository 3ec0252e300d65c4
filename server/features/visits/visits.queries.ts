import { and, eq, sql } from 'drizzle-orm';
import { PHOTOS_PER_VISIT_MAX } from '../../../common/limits.ts';
import type { Database } from '../../db/client.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import { deletedVisitIds, deletedVisitPhotoIds, spots, visitPhotos, visits } from '../../db/schema.ts';
import { deletedByAnother, deletedIdOwner, IdTakenMeanwhile, type IdUse } from '../../db/ids-once-used.ts';
import type { CreateVisit, Visit } from '../../../common/schemas/visits.ts';
import { photoJson } from '../../db/spot-json.ts';
import { notHiddenFrom, visibleParts, visibleTo } from '../spots/spot-privacy.queries.ts';

/**
 * A row as the API's Visit. The note only for the spot's owner (ADR 0022) and the members of a circle the spot is
 * shared with (ADR 0053); a public spot's visitors see no notes. `v` is a visits row, `l` its spot.
 */
const visitObject = (viewerId: string) => sql`json_build_object(
  'id', v.id,
  'location_id', v.location_id,
  'date', v.visited_on,
  'outcome', v.outcome,
  'amount', v.amount,
  'note', case when l.user_id = ${viewerId} or ${visibleParts(viewerId).sharedWithViewer} then v.note end,
  'photos', (select coalesce(json_agg(${photoJson(viewerId)} order by p.position, p.created_at, p.id), '[]'::json)
             from visit_photos p where p.visit_id = v.id and ${notHiddenFrom(viewerId, 'p')}),
  'created_at', to_char(v.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/**
 * A visit (`v`, its spot `l`) as the viewer may see it: the owner's own hidden one with `hidden: {reason}` (ADR 0078).
 * Callers leave hidden visits out for anyone else.
 */
export const visitJson = (viewerId: string) => sql`(case when v.hidden_reason is not null and l.user_id = ${viewerId}
  then (${visitObject(viewerId)}::jsonb || jsonb_build_object('hidden', json_build_object('reason', v.hidden_reason)))::json
  else ${visitObject(viewerId)} end)`;

const NEWEST_FIRST = sql.raw('v.visited_on desc, v.created_at desc, v.id desc');

type Rows<Row> = { rows: Row[] };
// node-postgres parses json columns; PGlite may hand back text.
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The spot's visits, newest first, or null when the viewer may not see the spot (the same 404 as a missing one). */
export async function listVisits(db: Database, viewerId: string, spotId: string): Promise<Visit[] | null> {
  const result = (await db.execute(sql`
    select (select coalesce(json_agg(${visitJson(viewerId)} order by ${NEWEST_FIRST}), '[]')
            from ${visits} v where v.location_id = l.id and ${notHiddenFrom(viewerId, 'v')}) as items
    from ${spots} l
    where l.id = ${spotId} and ${visibleTo(viewerId)}`)) as unknown as Rows<{
    items: Visit[] | string;
  }>;
  const [row] = result.rows;
  return row ? parsed(row.items) : null;
}

/** All of the caller's own visits, each with its spot's id: what the fruiting calendar is drawn from. */
export async function listOwnVisits(db: Database, ownerId: string): Promise<Visit[]> {
  const result = (await db.execute(sql`
    select coalesce(json_agg(${visitJson(ownerId)} order by ${NEWEST_FIRST}), '[]') as items
    from ${visits} v join ${spots} l on l.id = v.location_id
    where l.user_id = ${ownerId}`)) as unknown as Rows<{ items: Visit[] | string }>;
  return parsed(result.rows[0]?.items ?? '[]');
}

/**
 * The visits of the given spots, oldest first, by spot id: what an export carries with each spot. Only spots the
 * viewer may see (the export's ids came through the list's privacy rule already, this holds it again), and a note
 * only where the viewer may read it, as everywhere.
 */
export async function visitsOfSpots(db: Database, viewerId: string, spotIds: string[]): Promise<Map<string, Visit[]>> {
  const found = new Map<string, Visit[]>();
  if (spotIds.length === 0) return found;
  const result = (await db.execute(sql`
    select v.location_id as id, json_agg(${visitJson(viewerId)} order by v.visited_on, v.created_at, v.id) as items
    from ${visits} v join ${spots} l on l.id = v.location_id
    where v.location_id in (${sql.join(
      spotIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${visibleTo(viewerId)} and ${notHiddenFrom(viewerId, 'v')}
    group by v.location_id`)) as unknown as Rows<{ id: string; items: Visit[] | string }>;
  for (const row of result.rows) found.set(row.id, parsed(row.items));
  return found;
}

/** One visit of one spot, as its owner sees it; null when there is no such visit of theirs. */
export async function findOwnVisit(
  db: Database,
  ownerId: string,
  spotId: string,
  visitId: string,
): Promise<Visit | null> {
  const result = (await db.execute(sql`
    select ${visitJson(ownerId)} as item
    from ${visits} v join ${spots} l on l.id = v.location_id
    where v.id = ${visitId} and v.location_id = ${spotId} and l.user_id = ${ownerId}`)) as unknown as Rows<{
    item: Visit | string;
  }>;
  const [row] = result.rows;
  return row ? parsed(row.item) : null;
}

/** Whether the viewer owns the spot (only owners record and delete visits). */
export async function ownsSpot(db: Database, ownerId: string, spotId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: spots.id })
    .from(spots)
    .where(and(eq(spots.id, spotId), eq(spots.userId, ownerId)));
  return row !== undefined;
}

/**
 * Who used a visit id, whoever they are and whatever became of the visit: the owner of its spot and the spot while it
 * is there, the owner it had once it was deleted, alone or with its spot (ADR 0070) — only to tell a retry from a
 * clash, never said to anyone.
 */
export async function visitIdUse(db: Database, id: string): Promise<IdUse | null> {
  const [row] = await db
    .select({ parentId: visits.spotId, userId: spots.userId })
    .from(visits)
    .innerJoin(spots, eq(spots.id, visits.spotId))
    .where(eq(visits.id, id));
  if (row) return row;
  const owner = await deletedIdOwner(db, deletedVisitIds, id);
  return owner === null ? null : { userId: owner, parentId: null };
}

/**
 * Inserts a visit of the owner's spot; false when the id was taken in the meantime (a concurrent retry, or someone
 * else's visit with this id deleted meanwhile).
 */
export async function insertVisit(db: Database, ownerId: string, spotId: string, input: CreateVisit): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const inserted = await tx
        .insert(visits)
        .values({
          id: input.id,
          spotId,
          visitedOn: input.date,
          outcome: input.outcome,
          amount: input.outcome === 'found' ? (input.amount ?? null) : null,
          note: input.note ?? null,
        })
        .onConflictDoNothing({ target: visits.id })
        .returning({ id: visits.id });
      if (inserted.length !== 1) return false;
      if (await deletedByAnother(tx, deletedVisitIds, input.id, ownerId)) throw new IdTakenMeanwhile();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof IdTakenMeanwhile) return false;
      throw error;
    });
}

/**
 * Deletes a visit of the owner's spot and returns the keys of its photo files (their rows go with it), or null
 * when there is no such visit of theirs.
 */
export async function deleteVisit(
  db: Database,
  ownerId: string,
  spotId: string,
  visitId: string,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnVisit(tx, ownerId, spotId, visitId))) return null;
    const files = await tx
      .select({ photo: visitPhotos.photoKey, thumbnail: visitPhotos.thumbnailKey })
      .from(visitPhotos)
      .where(eq(visitPhotos.visitId, visitId));
    await tx.delete(visits).where(eq(visits.id, visitId));
    return files.flatMap((file) => [file.photo, file.thumbnail]);
  });
}

/**
 * Locks the owner's visit row for the rest of the transaction, so two uploads to one visit take turns (the
 * photo limit and positions stay right). False: no such visit of a spot of theirs.
 */
async function lockOwnVisit(
  tx: Pick<Database, 'execute'>,
  ownerId: string,
  spotId: string,
  visitId: string,
): Promise<boolean> {
  const result = (await tx.execute(sql`
    select 1 from ${visits} v join ${spots} l on l.id = v.location_id
    where v.id = ${visitId} and v.location_id = ${spotId} and l.user_id = ${ownerId}
    for update of v`)) as unknown as Rows<unknown>;
  return result.rows.length === 1;
}

/**
 * Who used a visit photo's id, as `visitIdUse`: the owner and the visit while the photo is there, the owner it had
 * once it was deleted, alone or with its visit or spot (ADR 0070).
 */
export async function visitPhotoIdUse(db: Database, photoId: string): Promise<IdUse | null> {
  const [row] = await db
    .select({ parentId: visitPhotos.visitId, userId: spots.userId })
    .from(visitPhotos)
    .innerJoin(visits, eq(visits.id, visitPhotos.visitId))
    .innerJoin(spots, eq(spots.id, visits.spotId))
    .where(eq(visitPhotos.id, photoId));
  if (row) return row;
  const owner = await deletedIdOwner(db, deletedVisitPhotoIds, photoId);
  return owner === null ? null : { userId: owner, parentId: null };
}

export async function countVisitPhotos(db: Database, visitId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(visitPhotos)
    .where(eq(visitPhotos.visitId, visitId));
  return row?.n ?? 0;
}

export type AddVisitPhotoResult = 'added' | 'not-found' | 'full' | 'id-taken';

/**
 * Adds a photo after the visit's others, unless the visit is not of the owner's spot, already has the most, or the
 * id is taken — in use, or someone else's deleted photo's.
 */
export async function addVisitPhoto(
  db: Database,
  ownerId: string,
  spotId: string,
  visitId: string,
  photo: { id: string; photoKey: string; thumbnailKey: string; storedBytes: number },
  limits: PhotoLimits,
): Promise<AddVisitPhotoResult> {
  return db
    .transaction(async (tx): Promise<AddVisitPhotoResult> => {
      if (!(await lockOwnVisit(tx, ownerId, spotId, visitId))) return 'not-found';
      const [state] = await tx
        .select({
          n: sql<number>`count(*)::int`,
          next: sql<number>`coalesce(max(${visitPhotos.position}) + 1, 0)::int`,
        })
        .from(visitPhotos)
        .where(eq(visitPhotos.visitId, visitId));
      if ((state?.n ?? 0) >= PHOTOS_PER_VISIT_MAX) return 'full';
      const inserted = await tx
        .insert(visitPhotos)
        .values({ ...photo, visitId, position: state?.next ?? 0 })
        .onConflictDoNothing({ target: visitPhotos.id })
        .returning({ id: visitPhotos.id });
      if (inserted.length !== 1) return 'id-taken';
      if (await deletedByAnother(tx, deletedVisitPhotoIds, photo.id, ownerId)) throw new IdTakenMeanwhile();
      await limits.withinQuota(tx, ownerId, photo.storedBytes);
      return 'added';
    })
    .catch((error: unknown) => {
      if (error instanceof IdTakenMeanwhile) return 'id-taken' as const;
      throw error;
    });
}

/** Removes one photo of the owner's visit and returns its two file keys, or null when there is no such photo of theirs. */
export async function removeVisitPhoto(
  db: Database,
  ownerId: string,
  spotId: string,
  visitId: string,
  photoId: string,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnVisit(tx, ownerId, spotId, visitId))) return null;
    const [deleted] = await tx
      .delete(visitPhotos)
      .where(and(eq(visitPhotos.id, photoId), eq(visitPhotos.visitId, visitId)))
      .returning({ photo: visitPhotos.photoKey, thumbnail: visitPhotos.thumbnailKey });
    return deleted ? [deleted.photo, deleted.thumbnail] : null;
  });
}
