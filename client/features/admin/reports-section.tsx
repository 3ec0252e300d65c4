// The administrators' queue of reports (issue #34, ADR 0077): each report with the reported content as everyone on
// the server sees it, its owner's display name, the reason and the reporter's words (never who reported it). An
// administrator hides the content (after a confirmation), dismisses the report, disables the owner, or shows hidden
// content again. Content that is gone or no longer public is not shown at all: there is nothing to act on.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { AdminReport } from '../../../common/schemas/reports.ts';
import { shownName } from '../../domain/session/display-name.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ReportedContent } from './reported-content.tsx';
import { actOnReport, disableAccount, listReports, reportsKey, showAgain, type ReportStatus } from './reports-api.ts';

export function ReportsSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useQuery({
    queryKey: reportsKey(status),
    queryFn: ({ signal }) => listReports(status, signal),
  });

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold">
        {t('admin.reports.title')}
      </h2>
      <div role="group" aria-label={t('admin.reports.which')} className="inline-flex rounded-lg bg-stone-200 p-1">
        {(['open', 'closed'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className="min-h-10 rounded-md px-4 text-sm font-medium text-stone-800 aria-pressed:bg-white aria-pressed:text-green-900 aria-pressed:shadow"
          >
            {t(`admin.reports.${value}`)}
          </button>
        ))}
      </div>
      {reports.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : reports.isError ? (
        <p className="text-sm text-red-800">{errorMessage(reports.error, t('admin.reports.loadFailed'))}</p>
      ) : reports.data.length === 0 ? (
        <p className="text-sm text-stone-700">
          {status === 'open' ? t('admin.reports.noneOpen') : t('admin.reports.noneClosed')}
        </p>
      ) : (
        <ul className="space-y-3" aria-labelledby={headingId}>
          {reports.data.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Confirming = 'hide' | 'disable' | null;

function ReportItem({ report }: { report: AdminReport }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const titleId = useId();
  const language = i18n.resolvedLanguage ?? 'en';
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const asked = useRef<Confirming>(null);
  const actions = useRef<HTMLDivElement>(null);
  useEffect(
    function backToTheActions() {
      // A question answered with Cancel (or done) gives the focus back to the actions, not to the page's start.
      if (confirming === null && asked.current !== null) actions.current?.querySelector('button')?.focus();
      asked.current = confirming;
    },
    [confirming],
  );
  const { target } = report;
  const owner = target ? shownName(target.owner_name, t) : null;
  const reported = new Date(report.created_at).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast({ title: done });
      setConfirming(null);
      // The report may have closed, and other reports of the same content with it.
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('admin.reports.actionFailed'),
        description: errorMessage(error, t('common.somethingWentWrong')),
      });
    } finally {
      setBusy(false);
    }
  }

  const hide = () => run(() => actOnReport(report.id, 'hide'), t('admin.reports.hiddenDone'));
  const dismiss = () => run(() => actOnReport(report.id, 'dismiss'), t('admin.reports.dismissed'));
  const show = () => run(() => showAgain(report.target_type, report.target_id), t('admin.reports.shownAgain'));
  const disable = (ownerId: string) =>
    run(() => disableAccount(ownerId), t('admin.reports.disabledDone', { name: owner ?? '' }));

  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-300 p-3">
        <h3 id={titleId} className="font-semibold">
          {t(`admin.reports.kind.${report.target_type}`)}: {t(`reports.reason.${report.reason}`)}
        </h3>
        <p className="text-sm text-stone-700">{t('admin.reports.reportedOn', { date: reported })}</p>
        {report.text && (
          <figure className="text-sm">
            <figcaption className="font-medium text-stone-800">{t('admin.reports.reporterText')}</figcaption>
            <blockquote className="border-l-4 border-stone-300 pl-2 whitespace-pre-line text-stone-900">
              {report.text}
            </blockquote>
          </figure>
        )}
        {target === null ? (
          <p className="text-sm text-stone-700">{t('admin.reports.gone')}</p>
        ) : (
          <div className="space-y-1 rounded-md bg-stone-50 p-2 text-sm">
            <ReportedContent target={target} language={language} />
            <p className="font-medium">{t('admin.reports.owner', { name: owner ?? '' })}</p>
            {target.hidden && <p className="self-start font-semibold text-red-900">{t('admin.reports.isHidden')}</p>}
          </div>
        )}
        {confirming === 'hide' ? (
          <Confirmation
            question={t('admin.reports.hideQuestion')}
            confirm={t('admin.reports.hideConfirm')}
            busy={busy}
            onConfirm={() => void hide()}
            onCancel={() => setConfirming(null)}
          />
        ) : confirming === 'disable' && target ? (
          <Confirmation
            question={t('admin.reports.disableQuestion', { name: owner ?? '' })}
            confirm={t('admin.reports.disableConfirm')}
            busy={busy}
            onConfirm={() => void disable(target.owner_id)}
            onCancel={() => setConfirming(null)}
          />
        ) : (
          <div ref={actions} className="flex flex-wrap gap-2">
            {report.status === 'open' && target && !target.hidden && (
              <Button
                variant="destructive"
                className="px-3 py-1.5"
                disabled={busy}
                onClick={() => setConfirming('hide')}
              >
                {t('admin.reports.hide')}
              </Button>
            )}
            {report.status === 'open' && (
              <Button variant="secondary" className="px-3 py-1.5" disabled={busy} onClick={() => void dismiss()}>
                {t('admin.reports.dismiss')}
              </Button>
            )}
            {target?.hidden && (
              <Button variant="secondary" className="px-3 py-1.5" disabled={busy} onClick={() => void show()}>
                {t('admin.reports.showAgain')}
              </Button>
            )}
            {target && (
              <Button
                variant="secondary"
                className="px-3 py-1.5 text-red-800"
                disabled={busy}
                onClick={() => setConfirming('disable')}
              >
                {t('admin.reports.disable')}
              </Button>
            )}
          </div>
        )}
      </article>
    </li>
  );
}

/** A question asked in place, its confirming button focused; Cancel goes back. */
function Confirmation({
  question,
  confirm,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const questionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div role="group" aria-labelledby={questionId} className="space-y-2 rounded-md border border-red-300 bg-red-50 p-2">
      <p id={questionId} className="text-sm font-medium text-red-950">
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          ref={confirmRef}
          type="button"
          className={buttonClass('destructive', 'px-3 py-1.5')}
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          {busy && <Spinner />}
          {confirm}
        </button>
        <Button variant="secondary" className="px-3 py-1.5" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
