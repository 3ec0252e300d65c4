// One's own visits, kept on the device each time they are listed, so "due now" — the Locations tab's panel and the
// filter's `due=now` — works with no signal. The spots themselves are kept by spot-cache.ts; sign-out deletes both
// (device-db.ts).
import type { Visit } from '../../../common/schemas/visits.ts';
import { deviceDb, hasDeviceStorage, ownVisitsKey } from './device-db.ts';
import type { OutboxEntry } from './outbox-model.ts';
import { api } from '../../lib/api-client.ts';

/** Only what the ranking reads: notes and photos stay on the server. */
export type KeptVisit = Pick<Visit, 'id' | 'location_id' | 'date' | 'outcome' | 'amount' | 'created_at'>;

/** What a visit needs here: a kept one, or one still waiting in the outbox (no `created_at` yet). */
export type DeviceVisit = Pick<Visit, 'id' | 'location_id' | 'date' | 'outcome' | 'amount'> & { created_at?: string };

/** Asks for one's own visits and keeps them; fails as the request fails (the caller then reads the kept ones). */
export async function refreshOwnVisits(userId: string, signal?: AbortSignal): Promise<KeptVisit[]> {
  const { items } = await api('/api/v1/visits?owner=mine', {
    signal,
    schema: () => import('../../../common/schemas/visits.ts').then((contract) => contract.VisitListSchema),
  });
  const kept = items.map(({ id, location_id, date, outcome, amount, created_at }) => ({
    id,
    location_id,
    date,
    outcome,
    amount,
    created_at,
  }));
  if (hasDeviceStorage()) {
    try {
      await (await deviceDb()).put('meta', kept, ownVisitsKey(userId));
    } catch {
      // A full or unavailable device store: they are asked for again next time.
    }
  }
  return kept;
}

/** The visits last kept; none before the first listing (or with no device storage). */
export async function keptOwnVisits(userId: string): Promise<KeptVisit[]> {
  if (!hasDeviceStorage()) return [];
  try {
    const kept = await (await deviceDb()).get('meta', ownVisitsKey(userId));
    return Array.isArray(kept) ? (kept as KeptVisit[]) : [];
  } catch {
    return [];
  }
}

/** Visits recorded on the device and not sent yet count at once; those deleted on the device are gone at once. */
export function withWaiting(kept: DeviceVisit[], entries: OutboxEntry[]): DeviceVisit[] {
  const deleted = new Set(entries.flatMap((entry) => (entry.kind === 'delete-visit' ? [entry.visitId] : [])));
  const waiting = entries.flatMap((entry) =>
    entry.kind === 'visit' ? [{ ...entry.visit, amount: entry.visit.amount ?? null, location_id: entry.spotId }] : [],
  );
  const waitingIds = new Set(waiting.map((visit) => visit.id));
  return [...kept.filter((visit) => !waitingIds.has(visit.id)), ...waiting].filter((visit) => !deleted.has(visit.id));
}
