// The audit log (ADR 0077, 0082): what administrators did, newest first — who, what, on whom, when, from where —
// with the names of the accounts still on the server, and "More" for older entries.
import { useId } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction, AuditPage } from '../../../common/schemas/admin-audit.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { shownName } from '../../domain/session/display-name.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AUDIT_KEY, listAudit } from './admin-api.ts';

type T = ReturnType<typeof useTranslation>['t'];

/** Each action in words (typed keys: a new action without words is a compile error). */
const ACTION_WORDS = {
  'user.create': 'admin.audit.action.userCreate',
  'user.approve': 'admin.audit.action.userApprove',
  'user.refuse': 'admin.audit.action.userRefuse',
  'user.disable': 'admin.audit.action.userDisable',
  'user.enable': 'admin.audit.action.userEnable',
  'user.delete': 'admin.audit.action.userDelete',
  'user.reset_two_step': 'admin.audit.action.userResetTwoStep',
  'user.resend_confirmation': 'admin.audit.action.userResendConfirmation',
  'user.role': 'admin.audit.action.userRole',
  'user.quota': 'admin.audit.action.userQuota',
  'settings.update': 'admin.audit.action.settingsUpdate',
  'invite.create': 'admin.audit.action.inviteCreate',
  'invite.revoke': 'admin.audit.action.inviteRevoke',
  'report.hide': 'admin.audit.action.reportHide',
  'report.dismiss': 'admin.audit.action.reportDismiss',
  'content.show': 'admin.audit.action.contentShow',
} as const satisfies Record<AuditAction, string>;

/** An account by its name and address while it exists; otherwise the words for one that is gone. */
function who(id: string | null, people: AuditPage['people'], t: T, none: string): string {
  if (id === null) return none;
  const person = people[id];
  return person ? `${shownName(person.name, t)} (${person.email})` : t('admin.audit.goneAccount');
}

export default function AuditSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const audit = useInfiniteQuery({
    queryKey: AUDIT_KEY,
    queryFn: ({ pageParam, signal }) => listAudit(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const entries = audit.data?.pages.flatMap((page) => page.items.map((item) => ({ item, people: page.people }))) ?? [];

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold">
        {t('admin.audit.title')}
      </h2>
      <p className="text-sm text-stone-700">{t('admin.audit.explain')}</p>
      {audit.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : audit.isError ? (
        <div className="space-y-2">
          <p className="text-sm text-red-800">{errorMessage(audit.error, t('common.somethingWentWrong'))}</p>
          <Button variant="secondary" onClick={() => void audit.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="text-sm text-stone-700">{t('admin.audit.none')}</p>
      ) : (
        <ol className="divide-y divide-stone-200 rounded-md border border-stone-200" aria-labelledby={headingId}>
          {entries.map(({ item, people }, index) => (
            <li key={`${item.at}-${index}`} className="space-y-0.5 px-3 py-2 text-sm">
              <p>
                <span className="font-medium">{t(ACTION_WORDS[item.action])}</span>{' '}
                <time dateTime={item.at} className="text-stone-700">
                  {when(item.at)}
                </time>
              </p>
              <p className="break-words text-stone-800">
                {t('admin.audit.by', { who: who(item.actor_id, people, t, t('admin.audit.console')) })}
              </p>
              {item.subject_id !== null && (item.action.startsWith('user.') || people[item.subject_id]) && (
                <p className="break-words text-stone-800">
                  {t('admin.audit.on', { who: who(item.subject_id, people, t, '') })}
                </p>
              )}
              {item.address !== null && (
                <p className="text-stone-700">{t('admin.audit.from', { address: item.address })}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      {audit.hasNextPage && (
        <Button variant="secondary" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
          {t('admin.more')}
        </Button>
      )}
    </section>
  );
}
