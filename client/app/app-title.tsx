// The main screen's header title: Foray's name and who is signed in. Shared with the screen shown while the
// main screen's code loads, so the first thing a signed-in forager sees (and the page's largest text on a
// phone) is painted as soon as the session is known, not after the map's code has run.
import { useTranslation } from '../i18n/use-translation.ts';
import { Spinner } from '../ui/spinner.tsx';

export function AppTitle({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <>
      <img src="/favicon.svg" alt="" className="size-9" />
      <div className="min-w-0 flex-1">
        <h1 className="text-xl font-bold text-green-900">{t('app.title')}</h1>
        <p className="truncate text-sm text-stone-700">{t('app.welcome', { email })}</p>
      </div>
    </>
  );
}

/** The header's place and title with a spinner below: the main screen's stand-in while its code loads. */
export function MainScreenLoading({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-dvh max-w-7xl flex-col">
      <header className="flex flex-wrap items-center gap-3 border-b border-stone-200 px-4 py-3">
        <AppTitle email={email} />
      </header>
      <div className="flex flex-1 items-center justify-center p-6 text-green-800" role="status">
        <Spinner label={t('common.loading')} className="size-10" />
      </div>
    </div>
  );
}
