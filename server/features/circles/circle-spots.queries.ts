// Taking a spot out of a circle (issue #34): its owner and admins keep what is shared with their circle in order. The
// spot stays its owner's, shared with whatever else it was shared with; the circle's tile counts follow through the
// triggers on location_circles, and its members' devices drop the spot at their next device check.
import { sql } from 'drizzle-orm';
import type { CircleRole } from '../../../common/schemas/circles.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { forbidden, inCircle } from './circles.queries.ts';

type Share = { owner_id: string; owner_role: CircleRole | null };

/**
 * Removes the spot's share with the circle. The circle's owner takes out anyone's spot; an admin a member's (not the
 * owner's or another admin's, as with removing people); a spot's own owner may always take it out. Someone not in
 * the circle: the 404 of a circle that does not exist; a spot not shared with it: 404.
 */
export async function takeSpotOut(db: Database, callerId: string, circleId: string, spotId: string): Promise<void> {
  await inCircle(db, circleId, callerId, async (tx, role) => {
    // The spot's row first, as an edit of its sharing takes it: the two wait for each other, never cross.
    const result = (await tx.execute(sql`
      select l.user_id as owner_id,
             (select m.role from circle_members m where m.circle_id = ${circleId} and m.user_id = l.user_id) as owner_role
      from locations l
      where l.id = ${spotId}
        and exists (select 1 from location_circles s where s.location_id = l.id and s.circle_id = ${circleId})
      for no key update of l`)) as unknown as { rows: Share[] };
    const share = result.rows[0];
    if (!share) throw notFound('Spot');
    if (share.owner_id !== callerId) {
      if (role === 'member') throw forbidden('Only the circle’s owner and admins can take a spot out of it.');
      if (role === 'admin' && share.owner_role !== 'member') {
        throw forbidden('An admin can take out members’ spots only; the owner takes out admins’.');
      }
    }
    await tx.execute(sql`delete from location_circles where location_id = ${spotId} and circle_id = ${circleId}`);
    // The owner's version moves, so their devices fetch the spot with its circles as they now are; what others are
    // shown (shown_version) does not change.
    await tx.execute(sql`update locations set version = version + 1, updated_at = date_trunc('milliseconds', clock_timestamp())
                         where id = ${spotId}`);
  });
}
