// "Due now" with no signal (ADR 0059): the device's own spots and visits, shaped as the server shapes the database's
// rows for dueNow() (server/features/fruiting/fruiting.queries.ts), so one's own spots rank the same either way.
import type { DueSpot } from '../../../common/fruiting-due.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { DeviceVisit } from '../../domain/offline/kept-visits.ts';

/**
 * One's own spots with every visit, oldest first (by date, then as recorded: the server's order, which decides the
 * latest of one day's visits). Spots with no find at all are left out, as the server leaves them out.
 */
export function dueSpotsOnDevice(spots: readonly Spot[], visits: readonly DeviceVisit[]): DueSpot[] {
  const bySpot = new Map<string, DeviceVisit[]>();
  for (const visit of visits) bySpot.set(visit.location_id, [...(bySpot.get(visit.location_id) ?? []), visit]);
  return spots.flatMap((spot) => {
    if (!spot.is_owner) return [];
    const own = (bySpot.get(spot.id) ?? []).sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        // A waiting visit was recorded after every kept one.
        (a.created_at ?? '\uffff').localeCompare(b.created_at ?? '\uffff') ||
        a.id.localeCompare(b.id),
    );
    if (!own.some((visit) => visit.outcome === 'found')) return [];
    return [
      {
        location_id: spot.id,
        mushroom_types: spot.mushroom_types,
        latitude: spot.latitude,
        longitude: spot.longitude,
        visits: own.map(({ date, outcome, amount }) => ({ date, outcome, amount })),
      },
    ];
  });
}
