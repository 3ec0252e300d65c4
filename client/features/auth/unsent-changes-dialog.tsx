import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';

type Props = { count: number; busy: boolean; onCancel: () => void; onUpload: () => void; onDiscard: () => void };

/** Asked at sign-out when spots exist only on this phone: upload them, or discard them and sign out. */
export default function UnsentChangesDialog({ count, busy, onCancel, onUpload, onDiscard }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t('offline.signOutTitle', { count })}
      description={t('offline.signOutDescription')}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{t('common.cancel')}</Button>
        </DialogClose>
        <Button variant="secondary" onClick={onUpload}>
          {t('offline.uploadNow')}
        </Button>
        <Button variant="destructive" disabled={busy} aria-busy={busy} onClick={onDiscard}>
          {t('offline.discardAndSignOut')}
        </Button>
      </div>
    </Dialog>
  );
}
