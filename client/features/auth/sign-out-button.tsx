import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQueryClient } from '@tanstack/react-query';
import { cutSessionRequests, errorMessage, resumeSessionRequests, requestIdOf } from '../../lib/api-client.ts';
import { forgetEverything } from '../../domain/offline/device-db.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { forgetPrivateData } from '../../domain/session/private-data.ts';
import { useMe, useSession } from '../../domain/session/session.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { useToast } from '../../ui/toast.tsx';
import { signOut } from './auth-api.ts';
import { withAllWords } from '../../i18n/later-words.ts';

// The dialog's code loads only when there is something to ask about: the main screen stays within budget.
const UnsentChangesDialog = lazy(withAllWords(() => import('./unsent-changes-dialog.tsx')));

/**
 * An icon button; its accessible name is "Sign out". With changes that exist only on this phone it asks
 * first: upload them, or discard them and sign out. After sign-out nothing of the user stays on the device.
 */
export function SignOutButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const me = useMe();
  const outbox = useOutbox();
  const { markSignedOut } = useSession();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const unsentSpots = new Set(outbox.entries.map((entry) => entry.spotId)).size;

  async function handleSignOut() {
    setBusy(true);
    try {
      // Nothing still in flight as this user when the session ends: it would come back refused (401).
      await queryClient.cancelQueries();
      cutSessionRequests();
      await signOut();
      // Device data first, while nothing is shown that could ask for more; a write put off to an idle moment
      // and planned before this is dropped (device-db.ts).
      await forgetEverything(me.id);
      // Off the main screen before the in-memory spots go: a mounted map would ask again, with no session.
      markSignedOut();
      await forgetPrivateData(queryClient);
    } catch (error) {
      resumeSessionRequests();
      toast({
        variant: 'destructive',
        title: t('auth.signOutFailed'),
        description: errorMessage(error, t('common.somethingWentWrong')),
        requestId: requestIdOf(error),
      });
      setBusy(false);
    }
  }

  return (
    <>
      <IconButton
        label={t('auth.signOut')}
        onClick={() => (unsentSpots > 0 ? setAsking(true) : void handleSignOut())}
        disabled={busy}
        busy={busy}
      >
        <path
          d="M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3M16 17l5-5-5-5M21 12H9"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </IconButton>
      {asking && (
        <Suspense fallback={null}>
          <UnsentChangesDialog
            count={unsentSpots}
            busy={busy}
            onCancel={() => setAsking(false)}
            onUpload={() => {
              outbox.uploadNow();
              setAsking(false);
            }}
            onDiscard={() => {
              setAsking(false);
              void handleSignOut();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
