// The devices signed in to the account, and signing out all but this one.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { listSessions, SESSIONS_KEY, signOutOtherSessions } from './account-api.ts';
import { Section, useAction } from './account-section.tsx';
import { deviceOf } from './device-name.ts';

export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { busy, run } = useAction();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: listSessions });
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const others = (sessions.data?.sessions ?? []).filter((session) => !session.current).length;

  return (
    <Section title={t('account.sessionsTitle')}>
      {sessions.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : sessions.isError ? (
        <p className="text-sm text-red-800">{errorMessage(sessions.error, t('common.somethingWentWrong'))}</p>
      ) : (
        <ul
          className="divide-y divide-stone-200 rounded-md border border-stone-200"
          aria-label={t('account.sessionsTitle')}
        >
          {sessions.data.sessions.map((session) => {
            const { browser, system } = deviceOf(session.user_agent);
            const name =
              browser && system
                ? t('account.browserOn', { browser, system })
                : (browser ?? system ?? t('account.unknownDevice'));
            return (
              <li key={session.id} className="flex flex-wrap items-baseline gap-x-2 px-3 py-2 text-sm">
                <span className="font-medium">{name}</span>
                {session.current && (
                  <span className="rounded bg-green-100 px-1.5 text-xs font-semibold text-green-900">
                    {t('account.thisDevice')}
                  </span>
                )}
                <span className="w-full text-stone-700">
                  {t('account.lastActive', { when: when(session.last_active_at) })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Button
        variant="secondary"
        className="mt-3"
        disabled={busy || others === 0}
        aria-busy={busy}
        onClick={() =>
          void run(async () => {
            await signOutOtherSessions();
            toast({ title: t('account.othersSignedOut') });
            await sessions.refetch();
          }, t('account.signOutOthersFailed'))
        }
      >
        {busy && <Spinner />}
        {t('account.signOutOthers')}
      </Button>
    </Section>
  );
}
