// The owner's form for changing a spot: every field the add form has (domain/spots/spot-form.tsx), started from the spot as
// shown. Saved through the outbox like every change, with the version it was made on. The position is changed by
// moving the pin on the map (move-spot-panel.tsx), the photo not at all. Loaded when first opened.
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { SpotType } from '../../../common/schemas/spots.ts';
import { isOnline } from '../../lib/connectivity.ts';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { useMe } from '../../domain/session/session.tsx';
import { SpotFields, useSpotForm } from '../../domain/spots/spot-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { editPatch, editValuesOf } from './spot-edit.ts';

export default function EditSpotDialog({ spot, onClose }: { spot: ShownSpot; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const outbox = useOutbox();
  const form = useSpotForm(() => editValuesOf(spot));
  const { values, setValues } = form;
  const [saving, setSaving] = useState(false);

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
    if (!form.check()) return;
    const date = values.date_found.trim();
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
          <SpotFields form={form} onTypeChange={handleTypeChange} />
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
