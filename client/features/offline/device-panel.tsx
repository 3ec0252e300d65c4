// "On this device": what Foray keeps on the phone for use with no signal, and whether the browser promised
// to keep it. Loaded when opened.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { deviceDb, persistKey } from '../../domain/offline/device-db.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { keptCounts } from '../../domain/offline/spot-cache.ts';
import { useMe } from '../../domain/session/session.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';

type Facts = { own: number; others: number; usage: number | null; quota: number | null; persisted: boolean | null };

/**
 * `storageChanges` counts changes made elsewhere to what the device keeps (the region map's download and removal):
 * the facts are read again at each. `children`: more sections, put in by the app shell.
 */
export default function DevicePanel({
  onClose,
  storageChanges,
  children,
}: {
  onClose: () => void;
  storageChanges: number;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const { waitingCount, entries } = useOutbox();
  const [facts, setFacts] = useState<Facts | null>(null);
  useEffect(
    function readWhatIsKept() {
      let cancelled = false;
      void (async () => {
        const counts = await keptCounts(me.id).catch(() => ({ own: 0, others: 0 }));
        const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
        const asked = await deviceDb()
          .then((db) => db.get('meta', persistKey(me.id)))
          .catch(() => undefined);
        const persisted =
          (await navigator.storage?.persisted?.().catch(() => undefined)) ??
          (typeof asked === 'boolean' ? asked : null);
        if (!cancelled)
          setFacts({ ...counts, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted });
      })();
      return () => {
        cancelled = true;
      };
    },
    [me.id, entries, storageChanges],
  );

  const megabytes = (bytes: number) =>
    new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('offline.deviceTitle')}
      description={t('offline.deviceDescription')}
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        <dt>{t('offline.keptOwn')}</dt>
        <dd className="text-right font-semibold">{facts ? facts.own : '…'}</dd>
        <dt>{t('offline.keptOthers')}</dt>
        <dd className="text-right font-semibold">{facts ? facts.others : '…'}</dd>
        <dt>{t('offline.uploadsWaiting')}</dt>
        <dd className="text-right font-semibold">{waitingCount}</dd>
        <dt>{t('offline.storageUsed')}</dt>
        <dd className="text-right font-semibold">
          {facts?.usage == null
            ? t('offline.unknown')
            : facts.quota
              ? t('offline.storageOf', { used: megabytes(facts.usage), quota: megabytes(facts.quota) })
              : t('offline.megabytes', { value: megabytes(facts.usage) })}
        </dd>
        <dt>{t('offline.storageKept')}</dt>
        <dd className="text-right font-semibold">
          {facts?.persisted == null
            ? t('offline.unknown')
            : facts.persisted
              ? t('offline.persistGranted')
              : t('offline.persistNotGranted')}
        </dd>
      </dl>
      {facts?.persisted === false && <p className="mt-3 text-sm text-stone-700">{t('offline.persistHint')}</p>}
      {children}
      <div className="mt-6 flex justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{t('common.close')}</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
