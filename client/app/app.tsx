// The root screen switches on sign-in state: spinner, sign-in, or the (lazily loaded) main screen.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { AuthScreen } from '../features/auth/auth-screen.tsx';
import { ResetPasswordScreen } from '../features/auth/reset-password-screen.tsx';
import { useVerificationNotice } from '../features/auth/use-verification-notice.ts';
import { hasDeviceStorage, rememberedUser } from '../domain/offline/device-db.ts';
import {
  forgetJoin,
  inviteTokenFromPath,
  joinTokenFromPath,
  pendingInvite,
  pendingJoin,
  rememberInvite,
  rememberJoin,
} from '../domain/session/pending-invite.ts';
import { useSession } from '../domain/session/session.tsx';
import { FullScreenSpinner } from '../ui/spinner.tsx';
import { MainScreenLoading } from './app-title.tsx';

// The map, its data layer and the list are only fetched once someone has signed in: the sign-in screen
// stays small on a slow connection.
const loadMainScreen = () => import('./main-screen.tsx');
const MainScreen = lazy(loadMainScreen);

// Someone signed in on this device before: fetch the main screen's code while the session is checked, so
// opening with no signal (or one bar) doesn't wait for the two one after the other.
if (hasDeviceStorage()) {
  void rememberedUser()
    .then((user) => user && loadMainScreen())
    .catch(() => undefined);
}

// An invitation link (/invite/<token>): its token is kept for this tab, through a sign-in or a sign-up, and the
// address becomes / before anything renders; the main screen then asks "Join …?" (pending-invite.ts). A sign-up's
// confirmation link leads back here with ?verified=1 (or ?error=…), which stays for the notice that says so.
const invitation = inviteTokenFromPath(window.location.pathname);
if (invitation) {
  rememberInvite(invitation);
  window.history.replaceState(null, '', `/${window.location.search}`);
}
// A server invitation (/join/<token>, ADR 0079): kept the same way for the sign-up, which it lets through.
const joining = joinTokenFromPath(window.location.pathname);
if (joining) {
  rememberJoin(joining);
  window.history.replaceState(null, '', `/${window.location.search}`);
}

export function App() {
  const { t } = useTranslation();
  const { session } = useSession();
  // No router: /reset-password is the only other path (an invitation's became / above), and the server serves
  // index.html for any page.
  const [path, setPath] = useState(() => window.location.pathname);
  useVerificationNotice();

  if (path === '/reset-password') {
    return (
      <ResetPasswordScreen
        onDone={() => {
          window.history.replaceState(null, '', '/');
          setPath('/');
        }}
      />
    );
  }
  if (session.status === 'loading') {
    return (
      <FullScreenSpinner
        label={t('common.loading')}
        message={session.unreachable ? t('common.serverUnreachable') : undefined}
      />
    );
  }
  if (session.status === 'signed-out') {
    const inviteToken = pendingInvite();
    const joinToken = pendingJoin();
    return (
      <AuthScreen
        notice={inviteToken ? t('app.inviteSignInFirst') : joinToken ? t('auth.joinInvited') : undefined}
        inviteToken={inviteToken}
        joinToken={joinToken}
      />
    );
  }
  // Signed in: a server invitation has nothing more to do here.
  forgetJoin();
  return (
    <Suspense fallback={<MainScreenLoading email={session.me.email} />}>
      {/* Keyed by user: another account signing in starts from nothing of the previous one's. */}
      <MainScreen key={session.me.id} />
    </Suspense>
  );
}
