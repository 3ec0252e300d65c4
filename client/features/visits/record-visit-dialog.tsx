// "Record a visit": a return to one's own spot, found or "Nothing this time". Saved through the outbox, so it
// works with no signal and reaches the server once (ADR 0014, 0022).
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitOutcome } from '../../../common/schemas/locations.ts';
import type { VisitAmount } from '../../../common/schemas/visits.ts';
import { VISIT_NOTE_MAX } from '../../../common/limits.ts';
import { isOnline } from '../../lib/connectivity.ts';
import { todayLocal } from '../../lib/format.ts';
import type { ShownSpot } from '../../lib/offline/outbox-model.ts';
import { useOutbox } from '../../lib/offline/outbox-provider.tsx';
import { randomId } from '../../lib/uuid.ts';
import { Button } from '../../ui/button.tsx';
import { DateField, useDateFoundCheck } from '../../ui/date-field.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';

const FIELD_CLASS = 'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base';
const AMOUNTS = [
  ['few', 'visits.amountFew'],
  ['some', 'visits.amountSome'],
  ['many', 'visits.amountMany'],
] as const satisfies ReadonlyArray<readonly [VisitAmount, string]>;

export function RecordVisitDialog({ spot, onClose }: { spot: ShownSpot; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const outbox = useOutbox();
  const outcomeLabelId = useId();
  const amountLabelId = useId();
  const [date, setDate] = useState(todayLocal);
  const [dateError, setDateError] = useState<string | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const checkDate = useDateFoundCheck();
  const [outcome, setOutcome] = useState<VisitOutcome>('found');
  const [amount, setAmount] = useState<VisitAmount | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const day = date.trim();
    const dateProblem = checkDate(day);
    if (dateProblem) {
      // The server would refuse it later, out of sight, with the visit already "saved" on the device.
      setDateError(dateProblem);
      dateRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await outbox.record({
        kind: 'visit',
        spotId: spot.id,
        visit: { id: randomId(), date: day, outcome, amount: outcome === 'found' ? amount : null, note: note.trim() || null },
      });
    } catch {
      setBusy(false);
      toast({ variant: 'destructive', title: t('visits.notSaved'), description: t('offline.deviceStorageFailed') });
      return;
    }
    toast(isOnline() ? { title: t('visits.saved') } : { title: t('visits.saved'), description: t('offline.changeWaitsDescription') });
    onClose();
  }

  const radio = (name: string, checked: boolean, onChange: () => void, label: string) => (
    <label key={label} className="flex min-h-11 items-center gap-2 rounded-md border border-stone-300 px-3">
      <input type="radio" name={name} checked={checked} onChange={onChange} className="size-5" />
      {label}
    </label>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('visits.recordTitle')}
      description={spot.mushroom_types || t(`locationTypes.${spot.type}`)}
    >
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-3" noValidate>
        <DateField
          label={t('visits.date')}
          value={date}
          onChange={(typed) => {
            setDate(typed);
            setDateError(null);
          }}
          error={dateError}
          inputRef={dateRef}
        />
        <div role="radiogroup" aria-labelledby={outcomeLabelId} className="space-y-1">
          <p id={outcomeLabelId} className="text-sm font-medium text-stone-800">
            {t('visits.outcome')}
          </p>
          <div className="grid grid-cols-2 gap-2">
            {radio('outcome', outcome === 'found', () => setOutcome('found'), t('visits.found'))}
            {radio('outcome', outcome === 'nothing', () => setOutcome('nothing'), t('visits.nothing'))}
          </div>
        </div>
        {outcome === 'found' && (
          <div role="radiogroup" aria-labelledby={amountLabelId} className="space-y-1">
            <p id={amountLabelId} className="text-sm font-medium text-stone-800">
              {t('visits.amount')}
            </p>
            <div className="grid grid-cols-3 gap-2">
              {AMOUNTS.map(([choice, label]) => radio('amount', amount === choice, () => setAmount(choice), t(label)))}
            </div>
          </div>
        )}
        <Field label={t('visits.note')}>
          {(id) => (
            <textarea id={id} value={note} maxLength={VISIT_NOTE_MAX} rows={2} onChange={(event) => setNote(event.target.value)} className={FIELD_CLASS} />
          )}
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {t('visits.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
