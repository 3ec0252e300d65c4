// "Record a visit": a return to one's own spot, found or "Nothing this time", with up to four photos. Saved
// through the outbox, so it works with no signal and reaches the server once (ADR 0014, 0022, 0025).
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { VisitOutcome } from '../../../common/schemas/spots.ts';
import type { VisitAmount } from '../../../common/schemas/visits.ts';
import { PHOTO_MAX_BYTES, PHOTOS_PER_VISIT_MAX, VISIT_NOTE_MAX } from '../../../common/limits.ts';
import { shrinkPhoto, type ShrunkPhoto } from '../../lib/shrink-photo.ts';
import { isOnline } from '../../lib/connectivity.ts';
import { todayLocal } from '../../lib/format.ts';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { randomId } from '../../lib/uuid.ts';
import { Button } from '../../ui/button.tsx';
import { PhotoInputs } from '../../ui/photo-inputs.tsx';
import { DateField, useDateFoundCheck } from '../../ui/date-field.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { Textarea } from '../../ui/textarea.tsx';

const AMOUNTS = [
  ['few', 'visits.amountFew'],
  ['some', 'visits.amountSome'],
  ['many', 'visits.amountMany'],
] as const satisfies ReadonlyArray<readonly [VisitAmount, string]>;

/** A photo chosen for the visit: shrunk on the device (EXIF gone) as soon as it is chosen. */
type ChosenPhoto = { id: string; previewUrl: string; shrunk: Promise<ShrunkPhoto> };

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
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [busy, setBusy] = useState(false);
  const shownUrls = useRef<string[]>([]);
  useEffect(() => {
    shownUrls.current = photos.map((photo) => photo.previewUrl);
  }, [photos]);
  useEffect(function releasePreviewsOnClose() {
    return () => shownUrls.current.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  function handlePhotos(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // choosing the same file again must fire change again
    const room = PHOTOS_PER_VISIT_MAX - photos.length;
    if (files.length > room)
      toast({ variant: 'destructive', title: t('visits.photosFull', { max: PHOTOS_PER_VISIT_MAX }) });
    const chosen: ChosenPhoto[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      if (!file.type.startsWith('image/')) {
        toast({
          variant: 'destructive',
          title: t('form.notAnImageTitle'),
          description: t('form.notAnImageDescription'),
        });
        continue;
      }
      if (file.size > PHOTO_MAX_BYTES) {
        toast({
          variant: 'destructive',
          title: t('form.fileTooLargeTitle'),
          description: t('form.fileTooLargeDescription', { max: Math.round(PHOTO_MAX_BYTES / 1024 / 1024) }),
        });
        continue;
      }
      chosen.push({ id: randomId(), previewUrl: URL.createObjectURL(file), shrunk: shrinkPhoto(file) });
    }
    setPhotos((current) => [...current, ...chosen]);
  }

  function removePhoto(id: string) {
    setPhotos((current) => {
      const gone = current.find((photo) => photo.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((photo) => photo.id !== id);
    });
  }

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
      const shrunk = await Promise.all(photos.map(async (photo) => ({ id: photo.id, ...(await photo.shrunk) })));
      await outbox.record({
        kind: 'visit',
        spotId: spot.id,
        visit: {
          id: randomId(),
          date: day,
          outcome,
          amount: outcome === 'found' ? amount : null,
          note: note.trim() || null,
        },
        photos: shrunk.map((photo) => ({ id: photo.id, photo: photo.blob, name: photo.name })),
      });
    } catch {
      setBusy(false);
      toast({ variant: 'destructive', title: t('visits.notSaved'), description: t('offline.deviceStorageFailed') });
      return;
    }
    toast(
      isOnline()
        ? { title: t('visits.saved') }
        : { title: t('visits.saved'), description: t('offline.changeWaitsDescription') },
    );
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
            <Textarea
              id={id}
              value={note}
              maxLength={VISIT_NOTE_MAX}
              rows={2}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-stone-800">{t('visits.photos')}</legend>
          {photos.length < PHOTOS_PER_VISIT_MAX && (
            <div className="flex flex-wrap gap-2">
              <PhotoInputs onChange={handlePhotos} multiple />
            </div>
          )}
          {photos.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {photos.map((photo, index) => (
                <li key={photo.id} className="flex flex-col items-center gap-1">
                  <img
                    src={photo.previewUrl}
                    alt={t('photos.photoAlt', { position: index + 1, total: photos.length })}
                    className="size-20 rounded-md border border-stone-300 object-cover"
                  />
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-sm text-red-800"
                    aria-label={t('photos.remove', { position: index + 1 })}
                    onClick={() => removePhoto(photo.id)}
                  >
                    {t('photos.removeShort')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
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
