// Ids made by the client stay their first owner's (ADR 0053 for spots, ADR 0070 for spot photos, visits and visit
// photos): deleting a thing leaves its id in a table of deleted ids, written by triggers (migrations 0015, 0023). A
// create with an id someone else used is refused alike whether the thing still exists, is hidden or was deleted, so
// an id once seen tells nobody whether it is still there. The owner's own retry still finds what it made.
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from './client.ts';
import { deletedSpotIds, deletedSpotPhotoIds, deletedVisitIds, deletedVisitPhotoIds } from './schema.ts';

type DeletedIds =
  typeof deletedSpotIds | typeof deletedSpotPhotoIds | typeof deletedVisitIds | typeof deletedVisitPhotoIds;
type Reader = Pick<Database, 'select'>;

/**
 * Who used an id: the owner, and what the thing hangs on while it is there (the spot of a photo or visit, the visit
 * of a visit's photo) — null once it is deleted.
 */
export type IdUse = { userId: string; parentId: string | null };

/** The owner an id had when what it named was deleted, or null when nothing with this id was ever deleted. */
export async function deletedIdOwner(db: Reader, table: DeletedIds, id: string): Promise<string | null> {
  const [row] = await db.select({ userId: table.userId }).from(table).where(eq(table.id, id));
  return row?.userId ?? null;
}

/**
 * What a create of `userId`'s under `parentId` with a used id is: a retry of the caller's own (the thing is there,
 * theirs, on the same parent), a clash (someone else used it, whatever became of it, or it is the caller's own on
 * another parent), or free (unused, or the caller's own deleted one, which they may make again as before).
 */
export function idUseFor(use: IdUse | null, userId: string, parentId: string): 'free' | 'retry' | 'clash' {
  if (!use) return 'free';
  if (use.userId !== userId) return 'clash';
  if (use.parentId === null) return 'free';
  return use.parentId === parentId ? 'retry' : 'clash';
}

/** Thrown inside an insert's transaction to undo it: the id turned out to be someone else's deleted one. */
export class IdTakenMeanwhile extends Error {
  override name = 'IdTakenMeanwhile';
}

/**
 * Asked after inserting a row with a client-made id, in the same transaction: whether someone else's thing with this
 * id was deleted meanwhile (its deletion committed while the insert waited on its row), so that the insert is undone.
 * The check before the insert answers every other case; this one closes the window between the two.
 */
export async function deletedByAnother(tx: Reader, table: DeletedIds, id: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), ne(table.userId, userId)));
  return row !== undefined;
}
