// The two answers of "what is fruiting now" (ADR 0059), asked for when the panel opens. Plain requests, as the
// visits feature's: react-query would split its shared code out of the main screen's script into this lazy chunk.
import { useEffect, useState } from 'react';
import { dueNow } from '../../../common/fruiting-due.ts';
import type { DueItem, Nearby } from '../../../common/schemas/fruiting.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { applyPending } from '../../domain/offline/pending-view.ts';
import { keptSpots } from '../../domain/offline/spot-cache.ts';
import { useMe } from '../../domain/session/session.tsx';
import { api, isUnreachable } from '../../lib/api-client.ts';
import { isOnline, useOffline } from '../../lib/connectivity.ts';
import { todayLocal } from '../../lib/format.ts';
import { keptOwnVisits, refreshOwnVisits, withWaiting } from '../../domain/offline/kept-visits.ts';
import { dueSpotsOnDevice } from './due-on-device.ts';

export type Position = { latitude: number; longitude: number };

export type DueState =
  | { status: 'loading' }
  /** `from`: the server (one's own and circle-shared spots) or the device (one's own, with no signal). */
  | { status: 'ready'; from: 'server' | 'device'; items: DueItem[] };

const positionQuery = (position: Position | null) =>
  position ? `lat=${position.latitude.toFixed(6)}&lng=${position.longitude.toFixed(6)}` : '';

/**
 * The spots due now, best first: from the server while it answers, else ranked on the device from the kept copy of
 * one's own spots and visits with the same dueNow() the server runs. `spots`: the kept ones, to open an item.
 */
export function useDue(position: Position | null): { due: DueState; spots: Spot[] } {
  const me = useMe();
  const outbox = useOutbox();
  const [due, setDue] = useState<DueState>({ status: 'loading' });
  const [spots, setSpots] = useState<Spot[]>([]);
  const { entries } = outbox;

  useEffect(
    function rankTheDueSpots() {
      const controller = new AbortController();
      const onDevice = async (): Promise<DueItem[]> => {
        const [kept, visits] = await Promise.all([keptSpots(me.id), keptOwnVisits(me.id)]);
        const own = applyPending(kept, entries, me.name).filter((spot) => spot.pending?.kind !== 'delete');
        if (!controller.signal.aborted) setSpots(own);
        return dueNow(dueSpotsOnDevice(own, withWaiting(visits, entries)), { today: todayLocal(), position });
      };
      const fromServer = () =>
        api(`/api/v1/fruiting/due?${positionQuery(position)}`, {
          signal: controller.signal,
          schema: () => import('../../../common/schemas/fruiting.ts').then((contract) => contract.DueListSchema),
        });
      void (async () => {
        let answer: DueState;
        if (isOnline()) {
          // The device's copy of one's visits is brought up to date alongside, for the next time with no signal.
          const keeping = refreshOwnVisits(me.id, controller.signal).catch(() => undefined);
          try {
            const { items } = await fromServer();
            void onDevice().catch(() => undefined);
            answer = { status: 'ready', from: 'server', items };
          } catch {
            if (controller.signal.aborted) return;
            // Any failure, not only no signal: one's own spots can still be ranked here.
            await keeping;
            answer = { status: 'ready', from: 'device', items: await onDevice() };
          }
        } else {
          answer = { status: 'ready', from: 'device', items: await onDevice() };
        }
        if (!controller.signal.aborted) setDue(answer);
      })().catch(() => !controller.signal.aborted && setDue({ status: 'ready', from: 'device', items: [] }));
      return () => controller.abort();
    },
    [me.id, me.name, position, entries],
  );
  return { due, spots };
}

export type NearbyState =
  { status: 'loading' } | { status: 'offline' } | { status: 'failed' } | { status: 'ready'; nearby: Nearby };

/** Species others found this week near `centre`; with no signal, says so (it is never kept on the device). */
export function useNearby(centre: Position | null, radiusKm: number, attempt: number): NearbyState {
  const offline = useOffline();
  const path = centre ? `/api/v1/fruiting/nearby?${positionQuery(centre)}&radius_km=${radiusKm}` : null;
  // Each answer with the request and attempt it belongs to: another radius shows "loading" until its own comes.
  const [answer, setAnswer] = useState<{ key: string; state: NearbyState } | null>(null);
  const key = `${path}#${attempt}`;
  useEffect(
    function askWhatWasFoundNearby() {
      if (!path || offline) return;
      const controller = new AbortController();
      api(path, {
        signal: controller.signal,
        schema: () => import('../../../common/schemas/fruiting.ts').then((contract) => contract.NearbySchema),
      }).then(
        (nearby) => setAnswer({ key, state: { status: 'ready', nearby } }),
        (error: unknown) =>
          !controller.signal.aborted &&
          setAnswer({ key, state: { status: isUnreachable(error) ? 'offline' : 'failed' } }),
      );
      return () => controller.abort();
    },
    [path, key, offline],
  );
  if (offline) return { status: 'offline' };
  return answer?.key === key ? answer.state : { status: 'loading' };
}
