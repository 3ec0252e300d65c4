// "Report": why someone else's public spot, visit or photo should not be there, sent to the server's administrators
// (issue #34). Whoever posted it is never told who reported it. Online only: with no connection the dialog says so and
// sends nothing, as a report kept on the phone would reach the administrators too late to matter.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { REPORT_TEXT_MAX, type ReportReason } from '../../../common/schemas/reports.ts';
import type { ReportRequest } from '../../domain/dialogs/report-context.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { isOnline, useOffline } from '../../lib/connectivity.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useToast } from '../../ui/toast.tsx';
import { sendReport } from './reports-api.ts';

const REASONS: ReportReason[] = ['spam', 'wrong', 'offensive', 'dangerous', 'other'];

export default function ReportDialog({ request, onClose }: { request: ReportRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const offline = useOffline();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [reasonError, setReasonError] = useState(false);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState(false);
  const [busy, setBusy] = useState(false);
  const legendId = useId();
  const textId = useId();
  const textHintId = useId();
  const offlineId = useId();
  const textRequired = reason === 'other';

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (reason === null) {
      setReasonError(true);
      document.getElementById(`${legendId}-spam`)?.focus();
      return;
    }
    const trimmed = text.trim();
    if (textRequired && trimmed === '') {
      setTextError(true);
      document.getElementById(textId)?.focus();
      return;
    }
    if (!isOnline()) {
      toast({ variant: 'destructive', title: t('reports.notSent'), description: t('reports.onlineOnly') });
      return;
    }
    setBusy(true);
    try {
      const outcome = await sendReport({
        target_type: request.target_type,
        target_id: request.target_id,
        reason,
        ...(trimmed !== '' && { text: trimmed }),
      });
      toast({ title: outcome === 'sent' ? t('reports.thanks') : t('reports.already') });
      onClose();
    } catch (error) {
      setBusy(false);
      const noAnswer = error instanceof ApiError && error.status === 0;
      toast({
        variant: 'destructive',
        title: t('reports.notSent'),
        description: noAnswer ? t('reports.onlineOnly') : errorMessage(error, t('common.somethingWentWrong')),
      });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('reports.title')}
      description={t('reports.description', { what: request.what })}
    >
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
        <fieldset aria-describedby={reasonError ? `${legendId}-error` : undefined} className="space-y-2">
          <legend id={legendId} className="mb-2 text-sm font-medium text-stone-800">
            {t('reports.reasonLegend')}
          </legend>
          {REASONS.map((value) => (
            <label
              key={value}
              className="flex min-h-11 items-center gap-3 rounded-md border border-stone-300 px-3 py-2 text-sm has-[:checked]:border-green-800 has-[:checked]:bg-green-50"
            >
              <input
                id={`${legendId}-${value}`}
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setReasonError(false);
                }}
                className="size-5 shrink-0"
              />
              {t(`reports.reason.${value}`)}
            </label>
          ))}
          {reasonError && (
            <p id={`${legendId}-error`} className="text-sm font-medium text-red-800">
              {t('reports.reasonRequired')}
            </p>
          )}
        </fieldset>
        <div className="space-y-1">
          <label htmlFor={textId} className="block text-sm font-medium text-stone-800">
            {textRequired ? t('reports.textRequiredLabel') : t('reports.textLabel')}
          </label>
          <Textarea
            id={textId}
            rows={3}
            value={text}
            maxLength={REPORT_TEXT_MAX}
            required={textRequired}
            aria-invalid={textError || undefined}
            aria-describedby={textError ? textHintId : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setTextError(false);
            }}
          />
          {textError && (
            <p id={textHintId} className="text-sm font-medium text-red-800">
              {t('reports.textRequired')}
            </p>
          )}
        </div>
        {offline && (
          <p id={offlineId} role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-950">
            {t('reports.onlineOnly')}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
          <Button
            type="submit"
            disabled={busy || offline}
            aria-busy={busy}
            aria-describedby={offline ? offlineId : undefined}
          >
            {busy && <Spinner />}
            {t('reports.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
