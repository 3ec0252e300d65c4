// Which circles someone else's spot may be taken out of by me (issue #34): those it is shared with whose owner or
// admin I am. Apart from the dialog (take-out-of-circle.tsx), so the map's popup reads it without loading the dialog.
import type { Circle } from '../../../common/schemas/circles.ts';
import type { ShownSpot } from '../spots/spot-types.ts';

export function circlesToTakeOutOf(spot: ShownSpot, circles: Circle[] | undefined): Circle[] {
  if (spot.is_owner || !circles) return [];
  return circles.filter((circle) => circle.role !== 'member' && spot.circle_ids.includes(circle.id));
}
