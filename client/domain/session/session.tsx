// Who is signed in. Asked of GET /api/v1/session at start, changed by sign-in, sign-out, or any API call that
// finds the session gone. With no network, the user who last signed in on this device is used (kept in
// IndexedDB), so Foray opens in the forest; the server is asked again as soon as it can be reached.
import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Me, Session } from '../../../common/schemas/config.ts';
import { forgetSession, hasDeviceStorage, rememberedUser, rememberUser } from '../offline/device-db.ts';
import { forgetAllKeptPhotos } from '../offline/kept-photos.ts';
import {
  api,
  ApiError,
  isUnreachable,
  resumeSessionRequests,
  setUnauthenticatedHandler,
} from '../../lib/api-client.ts';

export type SessionState =
  /** `unreachable` once the first attempt failed (offline, server down) and no user is kept on the device. */
  | { status: 'loading'; unreachable?: boolean }
  | { status: 'signed-out' }
  /** `confirmed`: the server said so since the page opened; false while Foray runs on the kept user. */
  | { status: 'signed-in'; me: Me; confirmed: boolean };

type SessionContextValue = {
  session: SessionState;
  /** Asks the server who we are now (after sign-in). */
  refresh: () => Promise<void>;
  /** Forgets the user locally (the server says the session is gone); unsent spots stay on the device. */
  markSignedOut: () => void;
};

const SessionContext = createContext<SessionContextValue | null>(null);

/** How long a start with a kept user waits for the server before opening on what the device has. */
const OPEN_FROM_DEVICE_AFTER_MS = 1_500;
const RECHECK_MAX_MS = 60_000;

/**
 * The server's answer is 200 either way (`user: null` when signed out), so a signed-out visit logs no failed
 * request. A network failure or 5xx still throws: that is "unknown", never "signed out".
 */
async function fetchMe(): Promise<{ status: 'signed-in'; me: Me } | { status: 'signed-out' }> {
  // Not checked against SessionSchema: a signed-in start would then carry the zod runtime before its first screen,
  // over that screen's size budget (scripts/bundle-size.ts).
  const { user } = await api<Session>('/api/v1/session');
  return user ? { status: 'signed-in', me: user } : { status: 'signed-out' };
}

const keptUser = (): Promise<Me | null> =>
  hasDeviceStorage() ? rememberedUser().catch(() => null) : Promise.resolve(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>({ status: 'loading' });
  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  });

  const apply = useCallback(async (answer: Awaited<ReturnType<typeof fetchMe>>) => {
    if (answer.status === 'signed-in') {
      await rememberUser(answer.me).catch(() => undefined);
      // The main screen renders in slices the page can answer a tap between (ADR 0067). Signing out is not put off.
      startTransition(() => setSession({ status: 'signed-in', me: answer.me, confirmed: true }));
      return;
    }
    const current = sessionRef.current;
    const forgotten = current.status === 'signed-in' ? current.me.id : (await keptUser())?.id;
    // The spots kept for them go, and the photos of those spots with them (kept-photos.ts).
    if (forgotten) await Promise.all([forgetSession(forgotten).catch(() => undefined), forgetAllKeptPhotos()]);
    setSession({ status: 'signed-out' });
  }, []);

  const refresh = useCallback(async () => {
    await apply(await fetchMe());
  }, [apply]);
  const markSignedOut = useCallback(() => void apply({ status: 'signed-out' }), [apply]);

  useEffect(
    function resolveSessionOnStart() {
      let cancelled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // What this start has shown so far; React state lags a render behind, so it is tracked here.
      let shown: 'nothing' | 'device' | 'server' = 'nothing';
      const kept = keptUser();
      const openFromDevice = async () => {
        const me = await kept;
        if (cancelled || !me || shown !== 'nothing') return;
        shown = 'device';
        startTransition(() => setSession({ status: 'signed-in', me, confirmed: false }));
      };
      // A kept user opens the app at once when the device knows it is offline, and after a short wait when the
      // server is slow to answer (one bar of signal).
      const slowServer = setTimeout(() => void openFromDevice(), navigator.onLine ? OPEN_FROM_DEVICE_AFTER_MS : 0);

      const attempt = async (delayMs: number) => {
        try {
          const answer = await fetchMe();
          if (cancelled) return;
          shown = 'server';
          await apply(answer);
        } catch (error) {
          if (cancelled) return;
          if (isUnreachable(error) || !(error instanceof ApiError)) {
            await openFromDevice();
            if (shown === 'nothing') setSession({ status: 'loading', unreachable: true });
          }
          // Ask again, backing off; the `online` event below asks at once.
          timer = setTimeout(() => void attempt(Math.min(delayMs * 2, RECHECK_MAX_MS)), delayMs);
        }
      };
      const onOnline = () => {
        if (shown === 'server') return;
        clearTimeout(timer);
        void attempt(500);
      };
      window.addEventListener('online', onOnline);
      void attempt(500);
      return () => {
        cancelled = true;
        clearTimeout(slowServer);
        clearTimeout(timer);
        window.removeEventListener('online', onOnline);
      };
    },
    [apply],
  );

  useEffect(
    function signOutWhenTheServerForgetsUs() {
      setUnauthenticatedHandler(markSignedOut);
      return () => setUnauthenticatedHandler(undefined);
    },
    [markSignedOut],
  );

  useEffect(
    function letRequestsGoOnceSignedOut() {
      // Sign-out held the signed-in page's requests back; its screen is gone now, and the next user's must go.
      if (session.status !== 'signed-in') resumeSessionRequests();
    },
    [session.status],
  );

  const value = useMemo(() => ({ session, refresh, markSignedOut }), [session, refresh, markSignedOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** For screens that only render when signed in. */
export function useMe(): Me {
  const { session } = useSession();
  if (session.status !== 'signed-in') throw new Error('useMe needs a signed-in session');
  return session.me;
}
