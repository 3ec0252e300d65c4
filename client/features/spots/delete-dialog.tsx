import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { isOnline } from '../../lib/connectivity.ts';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';

/** Asks before a spot is gone for good. */
export function DeleteDialog({ spot, onClose }: { spot: ShownSpot; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const outbox = useOutbox();
  const [busy, setBusy] = useState(false);

  async function handleDelete() {
    setBusy(true);
    try {
      // Through the outbox: it works with no signal; a spot that never left the device just goes.
      await outbox.record({ kind: 'delete', spotId: spot.id });
    } catch {
      setBusy(false);
      toast({
        variant: 'destructive',
        title: t('locations.errorDeletingLocation'),
        description: t('offline.deviceStorageFailed'),
      });
      return;
    }
    toast({
      title: t('locations.locationRemovedTitle'),
      description: isOnline() ? t('locations.locationRemovedDescription') : t('offline.changeWaitsDescription'),
    });
    onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('locations.deleteTitle')}
      description={t('locations.deleteDescription', {
        title: spot.mushroom_types || t(`locationTypes.${spot.type}`),
      })}
    >
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">{t('common.cancel')}</Button>
        </DialogClose>
        <Button variant="destructive" onClick={() => void handleDelete()} disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {t('locations.confirmDelete')}
        </Button>
      </div>
    </Dialog>
  );
}
