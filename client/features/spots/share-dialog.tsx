// The owner chooses who sees a spot: only them, or everyone signed in.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownSpot } from '../../app/local-first/spot-types.ts';
import { isOnline } from '../../lib/connectivity.ts';
import { useOutbox } from '../../app/local-first/outbox-provider.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { Select } from '../../ui/select.tsx';

export function ShareDialog({ spot, onClose }: { spot: ShownSpot; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const selectId = useId();
  const stateDescriptionId = useId();
  const [visibility, setVisibility] = useState<'private' | 'public'>(spot.is_public ? 'public' : 'private');
  const outbox = useOutbox();
  const [busy, setBusy] = useState(false);

  async function handleUpdate() {
    setBusy(true);
    try {
      // Through the outbox like a new spot: it works with no signal and reaches the server once.
      await outbox.record({ kind: 'share', spotId: spot.id, isPublic: visibility === 'public' });
    } catch {
      setBusy(false);
      toast({
        variant: 'destructive',
        title: t('sharing.sharingUpdatedError'),
        description: t('offline.deviceStorageFailed'),
      });
      return;
    }
    toast(
      isOnline()
        ? { title: t('sharing.sharingUpdatedSuccess') }
        : { title: t('sharing.sharingUpdatedSuccess'), description: t('offline.changeWaitsDescription') },
    );
    onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('sharing.dialogTitle')}
      description={t('sharing.dialogDescription', {
        title: spot.mushroom_types || t(`locationTypes.${spot.type}`),
      })}
    >
      <div className="space-y-2">
        <label htmlFor={selectId} className="block text-sm font-medium text-stone-800">
          {t('sharing.visibility')}
        </label>
        <Select
          id={selectId}
          value={visibility}
          onChange={(event) => setVisibility(event.target.value as 'private' | 'public')}
          aria-describedby={stateDescriptionId}
        >
          <option value="private">{t('sharing.private')}</option>
          <option value="public">{t('sharing.public')}</option>
        </Select>
        <p id={stateDescriptionId} className="text-sm text-stone-700">
          {visibility === 'public' ? t('sharing.publicDescription') : t('sharing.privateDescription')}
        </p>
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">{t('common.cancel')}</Button>
        </DialogClose>
        <Button onClick={() => void handleUpdate()} disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {t('sharing.update')}
        </Button>
      </div>
    </Dialog>
  );
}
