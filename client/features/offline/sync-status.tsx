import { useTranslation } from '../../i18n/use-translation.ts';
import { useOffline } from '../../lib/connectivity.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';

/** "2 spots waiting to upload · Upload now" while anything waits; refused ones are counted apart. */
export function SyncStatus() {
  const { t } = useTranslation();
  const offline = useOffline();
  const { waitingCount, entries, sending, storageFull, uploadNow } = useOutbox();
  const failedCount = entries.length - waitingCount;
  if (entries.length === 0) return null;

  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      {waitingCount > 0 && (
        <span className="flex items-center gap-2 font-medium">
          {sending ? <Spinner /> : <span aria-hidden="true">↑</span>}
          {t('offline.waitingCount', { count: waitingCount })}
        </span>
      )}
      {storageFull && waitingCount > 0 && <span className="w-full">{t('offline.storageFullRetry')}</span>}
      {failedCount > 0 && (
        <span className="font-medium text-red-800">{t('offline.failedCount', { count: failedCount })}</span>
      )}
      {waitingCount > 0 && (
        <Button
          variant="secondary"
          className="px-3 py-1"
          onClick={uploadNow}
          disabled={sending}
          title={offline ? t('offline.uploadWhenOnline') : undefined}
        >
          {t('offline.uploadNow')}
        </Button>
      )}
    </div>
  );
}
