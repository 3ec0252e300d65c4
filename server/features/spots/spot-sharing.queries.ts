// The writes of a spot's sharing with circles (ADR 0053), inside the transaction that writes the spot: who it is shared
// with is decided in spot-sharing.ts; here the rows of location_circles are written, and only for circles the owner is
// in, holding the membership lock until the spot is written.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { circleMembers, spotCircles } from '../../db/schema.ts';
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
 * Shares a new spot with these circles in one statement, which also takes the membership lock (as
 * `requireOwnCircles` does); 400 UNKNOWN_CIRCLE, and the whole transaction undone, when the owner is not in one.
 */
export async function shareNewSpot(
  tx: Transaction,
  spotId: string,
  userId: string,
  circleIds: string[],
): Promise<void> {
  if (circleIds.length === 0) return;
  // The ids passed the schema (uuids, each once), so the array's text is safe to build.
  const shared = await tx.execute(sql`
    insert into ${spotCircles} (location_id, circle_id)
    select ${spotId}, m.circle_id from ${circleMembers} m
    where m.user_id = ${userId} and m.circle_id = any(${`{${circleIds.join(',')}}`}::uuid[])
    for key share of m
    returning circle_id`);
  if ((shared as unknown as { rows: unknown[] }).rows.length !== circleIds.length) {
    throw new AppError(400, 'UNKNOWN_CIRCLE', 'You can share a spot only with circles you are in.');
  }
}

/** Sets the circles a spot is shared with to exactly these. */
export async function setCircles(tx: Transaction, spotId: string, circleIds: string[]): Promise<void> {
  await tx.delete(spotCircles).where(eq(spotCircles.spotId, spotId));
  if (circleIds.length > 0) await tx.insert(spotCircles).values(circleIds.map((circleId) => ({ spotId, circleId })));
}
