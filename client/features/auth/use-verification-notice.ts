// The e-mailed verification link passes through the server and lands on /?verified=1, or on /?error=CODE
// when the link was bad. Say what happened, then take the parameters out of the address bar.
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useToast } from '../../ui/toast.tsx';

export function useVerificationNotice() {
  const { t } = useTranslation();
  const toast = useToast();

  useEffect(
    function announceVerificationResult() {
      const url = new URL(window.location.href);
      if (url.pathname !== '/') return;
      const verified = url.searchParams.get('verified');
      const error = url.searchParams.get('error');
      if (!verified && !error) return;

      if (error) {
        const description =
          error === 'TOKEN_EXPIRED'
            ? t('auth.verifyExpired')
            : error === 'INVALID_TOKEN'
              ? t('auth.verifyInvalid')
              : t('auth.verifyOtherError');
        toast({ variant: 'destructive', title: t('auth.verifyFailedTitle'), description });
      } else {
        toast({ title: t('auth.verifiedTitle'), description: t('auth.verifiedDescription') });
      }
      url.searchParams.delete('verified');
      url.searchParams.delete('error');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    },
    [t, toast],
  );
}
