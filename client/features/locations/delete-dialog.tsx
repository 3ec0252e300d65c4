import { useTranslation } from 'react-i18next';
import type { Location } from '../../../common/schemas/locations.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDeleteLocation } from './locations-api.ts';

/** Asks before a spot is gone for good. */
export function DeleteDialog({ location, onClose }: { location: Location; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const deleteLocation = useDeleteLocation();

  async function handleDelete() {
    try {
      await deleteLocation.mutateAsync(location.id);
      toast({ title: t('locations.locationRemovedTitle'), description: t('locations.locationRemovedDescription') });
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: t('locations.errorDeletingLocation'), description: errorMessage(error, t('common.somethingWentWrong')) });
    }
  }

  const busy = deleteLocation.isPending;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('locations.deleteTitle')}
      description={t('locations.deleteDescription', { title: location.mushroom_types || t(`locationTypes.${location.type}`) })}
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
