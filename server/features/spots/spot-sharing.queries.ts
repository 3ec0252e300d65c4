// The writes of a spot's sharing with circles (ADR 0053), inside the transaction that writes the spot: who it is shared
// with is decided in spot-sharing.ts; here the rows of location_circles are written, and only for circles the owner is
// in, holding the membership lock until the spot is written.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { spotCircles } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { circleIdsOfMember } from '../circles/circles.queries.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Throws 400 UNKNOWN_CIRCLE unless the user is a member of every one of these circles: one may share only with
 * one's own circles, and a circle one is not in is answered like one that does not exist.
 */
export async function requireOwnCircles(tx: Transaction, userId: string, circleIds: string[]): Promise<void> {
  if (circleIds.length === 0) return;
  // Locked (key share) until the spot is written: someone leaving the circle meanwhile waits, then takes this share
  // away with their others, so a share never outlives its owner's membership.
  const member = await circleIdsOfMember(tx, userId, circleIds, { lock: true });
  if (member.length !== circleIds.length) {
    throw new AppError(400, 'UNKNOWN_CIRCLE', 'You can share a spot only with circles you are in.');
  }
}

/**
 * Inserts a new spot (`insert`, which does nothing when the id is taken and returns the spot's id, owner, type,
 * is_public and shown point) and shares it with these circles in one statement: sharing is a common write, and one
 * round trip less is most of what it costs more than a private spot. The shares are written by
 * `foray_share_new_spot` (migration 0021), whose insert keeps its plan, with the spot's values as the insert
 * returned them (its shown point included), so their fill trigger has nothing to look up; they are marked counted
 * with the spot: the spot's insert settles the owner's kept cells for them in its one upsert (migration 0020). The
 * membership lock is taken as `requireOwnCircles` takes it. False when the id was taken; 400 UNKNOWN_CIRCLE, and
 * the whole transaction undone, when the owner is not in one of the circles.
 */
export async function insertSharedSpot(tx: Transaction, insert: SQL, circleIds: string[]): Promise<boolean> {
  // The ids passed the schema (uuids, each once), so the array's text is safe to build.
  const result = await tx.execute(sql`
    with spot as (${insert})
    select foray_share_new_spot(spot.id, spot.user_id, spot.type::text, spot.is_public, spot.shown_latitude,
      spot.shown_longitude, ${`{${circleIds.join(',')}}`}::uuid[]) as shared
    from spot`);
  const [row] = (result as unknown as { rows: Array<{ shared: number }> }).rows;
  // No row: the spot's insert did nothing, its id being taken.
  if (!row) return false;
  if (Number(row.shared) !== circleIds.length) {
    throw new AppError(400, 'UNKNOWN_CIRCLE', 'You can share a spot only with circles you are in.');
  }
  return true;
}

/** Sets the circles a spot is shared with to exactly these. */
export async function setCircles(tx: Transaction, spotId: string, circleIds: string[]): Promise<void> {
  await tx.delete(spotCircles).where(eq(spotCircles.spotId, spotId));
  if (circleIds.length > 0) await tx.insert(spotCircles).values(circleIds.map((circleId) => ({ spotId, circleId })));
}
