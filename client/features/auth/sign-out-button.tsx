import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';
import { forgetPrivateData } from '../../lib/private-data.ts';
import { useSession } from '../../lib/session.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { signOut } from './auth-api.ts';

/** An icon button; its accessible name is "Sign out". */
export function SignOutButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { markSignedOut } = useSession();
  const [busy, setBusy] = useState(false);

  async function handleSignOut() {
    setBusy(true);
    try {
      await signOut();
      await forgetPrivateData(queryClient);
      markSignedOut();
    } catch (error) {
      toast({ variant: 'destructive', title: t('auth.signOutFailed'), description: errorMessage(error, t('common.somethingWentWrong')) });
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void handleSignOut()}
      disabled={busy}
      aria-label={t('auth.signOut')}
      title={t('auth.signOut')}
      className="inline-flex size-9 items-center justify-center rounded-md border border-stone-300 bg-white text-stone-800 hover:bg-stone-100"
    >
      {busy ? (
        <Spinner />
      ) : (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3M16 17l5-5-5-5M21 12H9" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
    </button>
  );
}
