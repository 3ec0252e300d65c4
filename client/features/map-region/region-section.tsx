// "On this device": the region map — download it for use with no signal (with progress and cancel), see its
// size and date, take an update, or remove it (ADR 0018). Shown only when the operator offers a region map.
import { useEffect, useState } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { MapRegion } from '../../../common/schemas/config.ts';
import { api } from '../../lib/api-client.ts';
import {
  announceRegionChanged,
  cancelRegionDownload,
  REGION_CHANGED_EVENT,
  startRegionDownload,
  useRegionDownload,
  type DownloadTask,
} from './download-task.ts';
import { regionStatus, type StoredRegion } from './region-plan.ts';
import { bytesOnDevice, readStoredRegion, removeStoredRegion } from './region-store.ts';
import { Button } from '../../ui/button.tsx';

async function reloadRegion(): Promise<MapRegion | null> {
  const config = await api('/api/v1/config', {
    schema: () => import('../../../common/schemas/config.ts').then((contract) => contract.ClientConfigSchema),
  });
  return config.map_region;
}

export function RegionSection() {
  const { t, i18n } = useTranslation();
  const [region, setRegion] = useState<MapRegion | null>(null);
  const task = useRegionDownload();
  const [stored, setStored] = useState<StoredRegion | null | undefined>(undefined);
  const [kept, setKept] = useState(0);

  useEffect(function askTheServerForItsVersion() {
    // Asked afresh each time the panel opens (the service worker answers with its kept copy offline):
    // the map tab's copy of the config may be hours old, and an update is offered from this answer.
    let current = true;
    void reloadRegion()
      .then((value) => current && setRegion(value))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  useEffect(function readTheCopyOnTheDevice() {
    let current = true;
    const read = () =>
      void Promise.all([readStoredRegion(), bytesOnDevice()]).then(([value, bytes]) => {
        if (!current) return;
        setStored(value);
        setKept(bytes);
      });
    read();
    window.addEventListener(REGION_CHANGED_EVENT, read);
    return () => {
      current = false;
      window.removeEventListener(REGION_CHANGED_EVENT, read);
    };
  }, []);

  if (!region && !stored) return null;
  const language = i18n.resolvedLanguage ?? 'en';
  const megabytes = (bytes: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1024 / 1024);
  const status = regionStatus(stored ?? null, region);

  const handleDownload = (target: MapRegion) =>
    void startRegionDownload(target, async () => {
      const current = await reloadRegion();
      setRegion(current);
      return current;
    });
  const handleRemove = async () => {
    await removeStoredRegion().catch(() => undefined);
    announceRegionChanged();
  };

  return (
    <section aria-labelledby="region-map-title" className="mt-5 border-t border-stone-200 pt-4 text-sm">
      <h3 id="region-map-title" className="font-semibold">
        {t('mapRegion.layer', { name: region?.name ?? stored?.name ?? '' })}
      </h3>
      {task.state === 'running' ? (
        <Progress task={task} megabytes={megabytes} />
      ) : (
        <p className="mt-1" aria-live="polite">
          {status === 'current' || status === 'outdated'
            ? t('mapRegion.downloaded', {
                size: megabytes(stored!.bytes),
                date: stored?.saved_at
                  ? new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(stored.saved_at))
                  : '',
              })
            : status === 'partial'
              ? t('mapRegion.partial', { received: megabytes(kept), total: megabytes(stored!.bytes) })
              : t('mapRegion.notDownloaded')}
        </p>
      )}
      {status === 'outdated' && region && task.state !== 'running' && (
        <p className="mt-1">{t('mapRegion.updateAvailable', { size: megabytes(region.bytes) })}</p>
      )}
      {task.state === 'failed' && (
        <p role="alert" className="mt-2 text-red-800">
          {failureMessage(task, t, megabytes)}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {task.state === 'running' ? (
          <Button variant="secondary" onClick={() => void cancelRegionDownload()}>
            {t('mapRegion.cancelDownload')}
          </Button>
        ) : (
          <>
            {region && status === 'absent' && (
              <Button onClick={() => handleDownload(region)}>
                {t('mapRegion.download', { name: region.name, size: megabytes(region.bytes) })}
              </Button>
            )}
            {region && status === 'partial' && (
              <Button onClick={() => handleDownload(region)}>{t('mapRegion.resume')}</Button>
            )}
            {region && status === 'outdated' && (
              <Button onClick={() => handleDownload(region)}>{t('mapRegion.update')}</Button>
            )}
            {stored && (
              <Button variant="secondary" onClick={() => void handleRemove()}>
                {t('mapRegion.remove')}
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function Progress({
  task,
  megabytes,
}: {
  task: Extract<DownloadTask, { state: 'running' }>;
  megabytes: (bytes: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 space-y-1">
      <progress
        className="h-2 w-full accent-green-800"
        aria-label={t('mapRegion.progressLabel')}
        max={task.total}
        value={task.received}
      />
      <p>{t('mapRegion.progress', { received: megabytes(task.received), total: megabytes(task.total) })}</p>
    </div>
  );
}

function failureMessage(
  task: Extract<DownloadTask, { state: 'failed' }>,
  t: TFunction,
  megabytes: (bytes: number) => string,
): string {
  switch (task.reason) {
    case 'space':
      return t('mapRegion.errorSpace', {
        needed: megabytes(task.needed ?? 0),
        available: megabytes(task.available ?? 0),
      });
    case 'quota':
      return t('mapRegion.errorQuota', { needed: megabytes(task.needed ?? 0) });
    case 'network':
      return t('mapRegion.errorNetwork');
    case 'unsupported':
      return t('mapRegion.errorUnsupported');
    case 'signed-out':
      return t('mapRegion.errorSignedOut');
    case 'changed':
      return t('mapRegion.errorChanged');
    case 'server':
      return t('mapRegion.errorServer');
  }
}
