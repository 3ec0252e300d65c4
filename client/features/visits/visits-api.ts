// A spot's visits and all of one's own, asked of the server when a dialog opens. Plain requests, not
// react-query hooks: sharing those with this lazy chunk split them out of the main screen's script.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Visit } from '../../../common/schemas/visits.ts';
import { api } from '../../lib/api-client.ts';

export type Loaded<T> = { data: T | undefined; isPending: boolean; isError: boolean; reload: () => void };

function useLoaded(path: string | null): Loaded<Visit[]> {
  const [state, setState] = useState<{ data: Visit[] | undefined; isError: boolean; loads: number }>({
    data: undefined,
    isError: false,
    loads: 0,
  });
  const reload = useCallback(() => setState((current) => ({ ...current, loads: current.loads + 1 })), []);
  useEffect(
    function askTheServer() {
      if (!path) return;
      const controller = new AbortController();
      api(path, {
        signal: controller.signal,
        schema: () => import('../../../common/schemas/visits.ts').then((contract) => contract.VisitListSchema),
      }).then(
        (list) => setState((current) => ({ ...current, data: list.items, isError: false })),
        () => !controller.signal.aborted && setState((current) => ({ ...current, isError: true })),
      );
      return () => controller.abort();
    },
    [path, state.loads],
  );
  return {
    data: state.data,
    isPending: path !== null && state.data === undefined && !state.isError,
    isError: state.isError,
    reload,
  };
}

/** `enabled` false for a spot still only on the device: the server has nothing to say about it yet. */
export const useSpotVisits = (spotId: string, enabled: boolean) =>
  useLoaded(enabled ? `/api/v1/locations/${encodeURIComponent(spotId)}/visits` : null);

export const useOwnVisits = () => useLoaded('/api/v1/visits?owner=mine');

/** Asks again when `waiting` (visits still in the outbox) changes after the first look: one went up, or a new one waits. */
export function useReloadAfterUploads(waiting: number, reload: () => void) {
  const first = useRef(true);
  useEffect(
    function askAgainAfterAnUpload() {
      if (first.current) {
        first.current = false;
        return;
      }
      reload();
    },
    [waiting, reload],
  );
}
