// The signed-in user's outbox in React: what waits (for the map, the list and the status line), and the
// page's part in sending it — at start, when the network returns, when the page is shown again, after each
// save, when the backoff timer fires, and on "Upload now". Each send that reaches its end is followed by a check
// of the spots the device keeps (kept-spots-check.ts); queued photos are shown by outbox-photo-urls.ts.
import { afterFirstDraw } from '../../lib/after-first-draw.ts';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { spotKeys } from '../spots/spot-keys.ts';
import { useSession } from '../session/session.tsx';
import type { OutboxChange, OutboxEntry } from './outbox-model.ts';
import type { OutboxError, PhotoUrls } from '../spots/spot-types.ts';
import {
  discardEntry,
  enqueue,
  listenToOutbox,
  outboxEntries,
  retryEntry,
  retryWithoutPhotos,
  type Planner,
} from './outbox.ts';
import { showAppliedChange, showTakenBack } from './shown-changes.ts';
import type { DrainResult } from './sync.ts';
import { useKeptSpotsCheck } from './kept-spots-check.ts';
import { useOutboxPhotoUrls } from './outbox-photo-urls.ts';

// The sender checks what it sends and what comes back against the spot's contract (zod): it loads after the
// main screen's first code, which stays within its size budget, when the outbox is first drained.
const loadSender = () => import('./sync.ts');

type OutboxContextValue = {
  entries: OutboxEntry[];
  /** Photos of spots still on the device, for their cards and popups. */
  photoUrls: PhotoUrls;
  /** Entries that will go by themselves (not refused ones). */
  waitingCount: number;
  /** A send is running in this page. */
  sending: boolean;
  /** The last send was turned away because the server's storage is full (507): it is tried again later. */
  storageFull: boolean;
  /** Writes the change on the device, then tries to send it. Throws when the device could not store it. */
  record: (change: OutboxChange, plan?: Planner) => Promise<void>;
  uploadNow: () => void;
  retry: (seq: number) => Promise<void>;
  /** A spot or visit refused for its photos (the quota) is sent again without them: the spot is kept. */
  retryWithoutPhotos: (seq: number) => Promise<void>;
  discard: (seq: number) => Promise<void>;
};

const OutboxContext = createContext<OutboxContextValue | null>(null);

export function OutboxProvider({
  userId,
  onUploaded,
  onPhotosRefused,
  children,
}: {
  userId: string;
  onUploaded: (count: number) => void;
  /** A change the server refused for its photos (over the quota), once, when it is refused. */
  onPhotosRefused?: (error: OutboxError) => void;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const { markSignedOut } = useSession();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [sending, setSending] = useState(false);
  const [storageFull, setStorageFull] = useState(false);
  const sender = useRef({
    running: false,
    again: false,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  const { check: checkKeptSpots, markDue: markKeptSpotsDue } = useKeptSpotsCheck(userId);
  const latest = useRef({ markSignedOut, onUploaded, onPhotosRefused, checkKeptSpots });
  useEffect(() => {
    latest.current = { markSignedOut, onUploaded, onPhotosRefused, checkKeptSpots };
  });
  /** Refused entries already seen by this page (those refused before it opened are told in the list, not a toast). */
  const refusedSeen = useRef<Set<number> | null>(null);
  const tellNewRefusals = useCallback((next: OutboxEntry[]) => {
    const refused = next.filter((entry) => entry.status === 'failed' && entry.seq !== undefined);
    const seen = refusedSeen.current;
    refusedSeen.current = new Set(refused.map((entry) => entry.seq!));
    if (!seen) return;
    for (const entry of refused) {
      if (!seen.has(entry.seq!) && entry.error?.code === 'PHOTO_QUOTA_EXCEEDED')
        latest.current.onPhotosRefused?.(entry.error);
    }
  }, []);
  /** Uploads confirmed since the outbox last had to wait; announced once it is empty. */
  const uploadedAfterWaiting = useRef({ count: 0, waited: false });

  const { photoUrls: photoUrlsView, follow: followPhotos } = useOutboxPhotoUrls();
  const show = useCallback(
    (next: OutboxEntry[]) => {
      // An empty outbox read again changes nothing: keep the same arrays so the map does not redraw.
      followPhotos(next);
      setEntries((previous) => (next.length === 0 && previous.length === 0 ? previous : next));
    },
    [followPhotos],
  );

  const reload = useCallback(async () => {
    const next = await outboxEntries(userId).catch(() => null);
    if (next) {
      tellNewRefusals(next);
      show(next);
    }
    return next;
  }, [userId, show, tellNewRefusals]);

  const uploadNowRef = useRef<() => void>(() => undefined);
  const uploadNow = useCallback(() => {
    const state = sender.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    clearTimeout(state.timer);
    setSending(true);
    void (async () => {
      let result: DrainResult | null = null;
      do {
        state.again = false;
        result = await loadSender()
          .then((sender) => sender.drainOutbox())
          .catch(() => null);
      } while (state.again);
      state.running = false;
      setSending(false);
      if (result) setStorageFull(result.outcome === 'retry-later' && result.storageFull === true);
      if (result?.outcome === 'retry-later') {
        uploadedAfterWaiting.current.waited = true;
        state.timer = setTimeout(() => uploadNowRef.current(), Math.max(0, result.retryAt - Date.now()));
      }
      if (result?.outcome === 'sign-in') latest.current.markSignedOut();
      // The outbox is through (or was empty): the device may reach the server, and what it keeps is checked.
      if (result?.outcome === 'drained') latest.current.checkKeptSpots();
    })();
  }, []);
  useEffect(() => {
    uploadNowRef.current = uploadNow;
  });

  const record = useCallback(
    async (change: OutboxChange, plan?: Planner) => {
      await enqueue(userId, change, plan);
      if (!navigator.onLine) uploadedAfterWaiting.current.waited = true;
      await reload();
      uploadNow();
      void askForBackgroundSync();
    },
    [userId, reload, uploadNow],
  );

  useEffect(
    function followTheOutbox() {
      const stop = listenToOutbox((message) => {
        if (message.type === 'applied') {
          // A visit changes the spot's summary (and its visits list): both are asked for again.
          if (message.kind === 'visit' || message.kind === 'delete-visit')
            void queryClient.invalidateQueries({ queryKey: spotKeys.all });
          else showAppliedChange(queryClient, message.kind, message.spotId, message.spot);
          const progress = uploadedAfterWaiting.current;
          progress.count += 1;
          if (message.savedOffline) progress.waited = true;
        }
        if (message.type === 'sign-in-needed') latest.current.markSignedOut();
        if (message.type === 'taken-back') showTakenBack(queryClient, message.spotIds);
        void reload().then((next) => {
          const progress = uploadedAfterWaiting.current;
          if (!next || next.some((entry) => entry.status === 'waiting') || progress.count === 0) return;
          if (progress.waited) latest.current.onUploaded(progress.count);
          uploadedAfterWaiting.current = { count: 0, waited: false };
          void queryClient.invalidateQueries({ queryKey: spotKeys.all });
        });
      });
      void outboxEntries(userId)
        .then((next) => {
          if (next.some((entry) => entry.status === 'waiting')) uploadedAfterWaiting.current.waited = true;
          tellNewRefusals(next);
          show(next);
        })
        .catch(() => undefined);
      return stop;
    },
    [queryClient, reload, show, tellNewRefusals, userId],
  );

  useEffect(
    function sendWhenItMayWork() {
      const onVisible = () => {
        if (document.visibilityState === 'visible') uploadNow();
      };
      const onOnline = () => {
        markKeptSpotsDue();
        uploadNow();
      };
      window.addEventListener('online', onOnline);
      document.addEventListener('visibilitychange', onVisible);
      // At app start, once the map has drawn: the sender's code and its contracts are not needed for the first tiles.
      let mounted = true;
      afterFirstDraw(() => mounted && uploadNow()).catch(() => undefined);
      const state = sender.current;
      return () => {
        mounted = false;
        window.removeEventListener('online', onOnline);
        document.removeEventListener('visibilitychange', onVisible);
        clearTimeout(state.timer);
      };
    },
    [uploadNow, markKeptSpotsDue],
  );

  const retry = useCallback(
    async (seq: number) => {
      await retryEntry(seq);
      await reload();
      uploadNow();
    },
    [reload, uploadNow],
  );
  const retryBare = useCallback(
    async (seq: number) => {
      await retryWithoutPhotos(seq);
      await reload();
      uploadNow();
    },
    [reload, uploadNow],
  );
  const discard = useCallback(
    async (seq: number) => {
      await discardEntry(seq);
      await reload();
    },
    [reload],
  );

  const value = useMemo(
    () => ({
      entries,
      photoUrls: photoUrlsView,
      waitingCount: entries.filter((entry) => entry.status === 'waiting').length,
      sending,
      storageFull,
      record,
      uploadNow,
      retry,
      retryWithoutPhotos: retryBare,
      discard,
    }),
    [entries, photoUrlsView, sending, storageFull, record, uploadNow, retry, retryBare, discard],
  );
  return <OutboxContext value={value}>{children}</OutboxContext>;
}

export function useOutbox(): OutboxContextValue {
  const value = use(OutboxContext);
  if (!value) throw new Error('useOutbox must be used inside <OutboxProvider>');
  return value;
}

/** Chromium wakes the service worker to send when the network returns, even with no Foray page open. */
async function askForBackgroundSync() {
  try {
    const { SYNC_TAG } = await loadSender();
    const registration = await navigator.serviceWorker?.ready;
    const sync = (
      registration as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync here (Safari, Firefox): the page sends when it is open.
  }
}
