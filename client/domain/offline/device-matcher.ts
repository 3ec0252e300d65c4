// The filter as a test for spots on the device, loaded when a filter is first used (ADR 0020): the shared matcher,
// and for `due=now` (ADR 0061) one's own spots judged by the shared rule (common/fruiting-due.ts) from the visits kept
// here and those still waiting, with today as the server counts it (UTC). Another's spot shared with one's circles is
// due only by the server's answer: its visits are not kept here.
import { spotMatcher, type DueOnDevice, type SpotFilter } from '../../../common/spot-filter.ts';
import { isOnline } from '../../lib/connectivity.ts';
import { keptOwnVisits, refreshOwnVisits, withWaiting, type DeviceVisit } from './kept-visits.ts';
import { outboxEntries } from './outbox.ts';

// Every other filter's test is the shared one as it stands.
export { spotMatcher };

/** Whose visits this page has asked for since it loaded, for the filter. */
const refreshed = new Set<string>();

/** What the device knows for `due=now`: read afresh each time, as visits are recorded and sent. */
export async function dueOnDevice(userId: string): Promise<DueOnDevice> {
  if (!refreshed.has(userId) && isOnline()) {
    // While there is signal, the filter's first use keeps one's visits for the next time with none, as the Locations
    // tab does; this answer does not wait for it.
    refreshed.add(userId);
    void refreshOwnVisits(userId).catch(() => refreshed.delete(userId));
  }
  const [kept, entries] = await Promise.all([keptOwnVisits(userId), outboxEntries(userId).catch(() => [])]);
  const bySpot = new Map<string, DeviceVisit[]>();
  for (const visit of withWaiting(kept, entries))
    bySpot.set(visit.location_id, [...(bySpot.get(visit.location_id) ?? []), visit]);
  return { today: new Date().toISOString().slice(0, 10), visitsOf: (spotId) => bySpot.get(spotId) ?? [] };
}

/** The filter as a test for the spots kept on the device, `due=now` decided from the visits kept here. */
export async function dueMatcher(filter: SpotFilter, userId: string) {
  return spotMatcher(filter, await dueOnDevice(userId));
}
