// The owner's form for changing a spot: every field the add form has, started from the spot as shown. Saved
// through the outbox like every change, with the version it was made on. The position is changed by moving
// the pin on the map (move-spot-panel.tsx), the photo not at all. Loaded when first opened.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FINDER_MAX, MUSHROOM_TYPES_MAX, NOTES_MAX } from '../../../common/limits.ts';
import type { SpotType } from '../../../common/schemas/spots.ts';
import { isOnline } from '../../lib/connectivity.ts';
import type { ShownSpot } from '../../app/local-first/spot-types.ts';
import { useOutbox } from '../../app/local-first/outbox-provider.tsx';
import { useMe } from '../../app/session.tsx';
import { SharingFields, sharingProblem } from '../../app/sharing-fields.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { DateField, useDateFoundCheck } from '../../ui/date-field.tsx';
import { Field } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { editPatch, editValuesOf, type EditValues } from './spot-edit.ts';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';

export default function EditSpotDialog({ spot, onClose }: { spot: ShownSpot; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const outbox = useOutbox();
  const [values, setValues] = useState<EditValues>(() => editValuesOf(spot));
  const [dateError, setDateError] = useState<string | null>(null);
  const [sharingError, setSharingError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dateRef = useRef<HTMLInputElement>(null);
  const checkDate = useDateFoundCheck();
  const set = <K extends keyof EditValues>(key: K, value: EditValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  function handleTypeChange(type: SpotType) {
    if (type === 'car_park') {
      // As when adding: a car park is named by its kind, and "found" by the user's display name, never the e-mail.
      setValues((previous) => ({
        ...previous,
        type,
        mushroom_types: t('locationTypes.car_park'),
        finder: me.name ?? '',
      }));
    } else {
      // A car park's name and finder are no mushrooms and no finder: start those empty.
      setValues((previous) => ({
        ...previous,
        type,
        ...(spot.type === 'car_park' ? { mushroom_types: '', finder: '' } : {}),
      }));
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (values.type === 'mushroom_spot' && (!values.mushroom_types.trim() || !values.finder.trim())) {
      toast({
        variant: 'destructive',
        title: t('form.missingInfoTitle'),
        description: t('form.missingInfoDescription'),
      });
      return;
    }
    const date = values.date_found.trim();
    const dateProblem = checkDate(date);
    if (dateProblem) {
      setDateError(dateProblem);
      dateRef.current?.focus();
      return;
    }
    const sharingIssue = sharingProblem(values.sharing);
    if (sharingIssue) {
      setSharingError(t(sharingIssue));
      return;
    }
    const patch = editPatch(spot, { ...values, date_found: date });
    if (Object.keys(patch).length === 0) {
      toast({ title: t('edit.noChanges') });
      onClose();
      return;
    }
    setSaving(true);
    try {
      await outbox.record({ kind: 'edit', spotId: spot.id, patch, baseVersion: spot.version });
    } catch {
      setSaving(false);
      toast({ variant: 'destructive', title: t('edit.failed'), description: t('offline.deviceStorageFailed') });
      return;
    }
    toast(
      isOnline()
        ? { title: t('edit.savedTitle') }
        : { title: t('edit.savedTitle'), description: t('edit.savedOffline') },
    );
    onClose();
  }

  const title = spot.mushroom_types || t(`locationTypes.${spot.type}`);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('edit.title')}
      description={t('edit.description', { title })}
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        {/* A phone's screen is shorter than the form: the fields scroll, the buttons stay in reach. */}
        <div className="max-h-[60dvh] space-y-3 overflow-y-auto p-0.5">
          <Field label={t('form.type')}>
            {(id) => (
              <Select
                id={id}
                value={values.type}
                onChange={(event) => handleTypeChange(event.target.value as SpotType)}
              >
                <option value="mushroom_spot">{t('locationTypes.mushroom_spot')}</option>
                <option value="car_park">{t('locationTypes.car_park')}</option>
              </Select>
            )}
          </Field>
          {values.type === 'mushroom_spot' && (
            <>
              <Field label={t('form.mushroomTypes')}>
                {(id) => (
                  <Input
                    id={id}
                    value={values.mushroom_types}
                    onChange={(event) => set('mushroom_types', event.target.value)}
                    maxLength={MUSHROOM_TYPES_MAX}
                    aria-required="true"
                  />
                )}
              </Field>
              <Field label={t('form.finder')}>
                {(id) => (
                  <Input
                    id={id}
                    value={values.finder}
                    onChange={(event) => set('finder', event.target.value)}
                    maxLength={FINDER_MAX}
                    aria-required="true"
                  />
                )}
              </Field>
            </>
          )}
          <DateField
            label={t('form.dateFound')}
            value={values.date_found}
            onChange={(typed) => {
              set('date_found', typed);
              setDateError(null);
            }}
            error={dateError}
            inputRef={dateRef}
          />
          <Field label={t('form.notes')}>
            {(id) => (
              <Textarea
                id={id}
                value={values.notes}
                onChange={(event) => set('notes', event.target.value)}
                maxLength={NOTES_MAX}
                rows={3}
              />
            )}
          </Field>
          <SharingFields
            value={values.sharing}
            onChange={(sharing) => {
              set('sharing', sharing);
              setSharingError(null);
            }}
            error={sharingError}
          />
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving && <Spinner />}
            {t('edit.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
