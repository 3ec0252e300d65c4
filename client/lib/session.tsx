// Who is signed in. Resolved once from GET /api/v1/me (a spinner shows until it answers) and changed by
// sign-in, sign-out, or any API call that finds the session gone.
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Me } from '../../common/schemas/config.ts';
import { api, ApiError, setUnauthenticatedHandler } from './api-client.ts';

export type SessionState =
  /** `unreachable` once the first attempt failed (offline, server down): the spinner then says so. */
  | { status: 'loading'; unreachable?: boolean }
  | { status: 'signed-out' }
  | { status: 'signed-in'; me: Me };

type SessionContextValue = {
  session: SessionState;
  /** Asks the server who we are now (after sign-in). */
  refresh: () => Promise<void>;
  /** Forgets the user locally (after sign-out, or when the server says the session is gone). */
  markSignedOut: () => void;
};

const SessionContext = createContext<SessionContextValue | null>(null);

async function fetchMe(): Promise<SessionState> {
  try {
    return { status: 'signed-in', me: await api<Me>('/api/v1/me') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { status: 'signed-out' };
    throw error;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>({ status: 'loading' });

  const refresh = useCallback(async () => {
    setSession(await fetchMe());
  }, []);
  const markSignedOut = useCallback(() => setSession({ status: 'signed-out' }), []);

  useEffect(
    function resolveSessionOnStart() {
      let cancelled = false;
      const attempt = async (delayMs: number) => {
        try {
          const state = await fetchMe();
          if (!cancelled) setSession(state);
        } catch {
          // No answer (offline, server restarting): keep the spinner and try again, backing off to 10 s.
          if (cancelled) return;
          setSession({ status: 'loading', unreachable: true });
          setTimeout(() => void attempt(Math.min(delayMs * 2, 10_000)), delayMs);
        }
      };
      void attempt(500);
      return () => {
        cancelled = true;
      };
    },
    [],
  );

  useEffect(
    function signOutWhenTheServerForgetsUs() {
      setUnauthenticatedHandler(markSignedOut);
      return () => setUnauthenticatedHandler(undefined);
    },
    [markSignedOut],
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
