// The server's health on the administration panel (ADR 0080): which Foray runs, its database, the room photos take
// and have left, the last backup and the mail still waiting. Figures about the server, read when the panel opens.
import { useQuery } from '@tanstack/react-query';
import type { AdminHealth } from '../../../common/schemas/admin-health.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { api, errorMessage, requestIdOf } from '../../lib/api-client.ts';
import { Spinner } from '../../ui/spinner.tsx';

export const ADMIN_HEALTH_KEY = ['admin', 'health'] as const;

const fetchHealth = () =>
  api<AdminHealth>('/api/v1/admin/health', {
    schema: () => import('../../../common/schemas/admin-health.ts').then((module) => module.AdminHealthSchema),
  });

/** Bytes in the largest unit that keeps the number readable: "312 MB", "1.4 GB". */
function formatBytes(bytes: number, language: string | undefined): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

export function HealthSection() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const health = useQuery({ queryKey: ADMIN_HEALTH_KEY, queryFn: fetchHealth });
  const when = (iso: string) => new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
  const bytes = (value: number) => formatBytes(value, language);

  return (
    <section aria-labelledby="admin-health-title" className="space-y-3">
      <h3 id="admin-health-title" className="text-base font-semibold">
        {t('admin.health.title')}
      </h3>
      {health.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : health.isError ? (
        <p className="text-sm text-red-800">
          {errorMessage(health.error, t('common.somethingWentWrong'))}
          {requestIdOf(health.error) && (
            <span className="ml-2 font-mono text-xs">
              {t('common.errorReference', { id: requestIdOf(health.error)!.slice(0, 8) })}
            </span>
          )}
        </p>
      ) : (
        <HealthFigures health={health.data} when={when} bytes={bytes} />
      )}
    </section>
  );
}

function HealthFigures({
  health,
  when,
  bytes,
}: {
  health: AdminHealth;
  when: (iso: string) => string;
  bytes: (value: number) => string;
}) {
  const { t } = useTranslation();
  const { photos, backup, mail } = health;
  const lowOnDisk =
    photos.free_bytes !== null && photos.free_min_bytes !== null && photos.free_bytes < photos.free_min_bytes;
  return (
    <>
      {lowOnDisk && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t('admin.health.diskLow', { free: bytes(photos.free_bytes!), floor: bytes(photos.free_min_bytes!) })}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-stone-700">{t('admin.health.version')}</dt>
        <dd>{health.version}</dd>

        <dt className="font-medium text-stone-700">{t('admin.health.database')}</dt>
        <dd>
          {t(health.database.engine === 'pglite' ? 'admin.health.engineEmbedded' : 'admin.health.enginePostgres', {
            size: bytes(health.database.size_bytes),
          })}
        </dd>

        <dt className="font-medium text-stone-700">{t('admin.health.photos')}</dt>
        <dd>
          {photos.free_bytes === null
            ? t('admin.health.photosInS3', { stored: bytes(photos.stored_bytes) })
            : t('admin.health.photosOnDisk', { stored: bytes(photos.stored_bytes), free: bytes(photos.free_bytes) })}
        </dd>

        <dt className="font-medium text-stone-700">{t('admin.health.backup')}</dt>
        <dd className={backup.last_ok === false ? 'text-red-800' : undefined}>
          {backup.last_at === null
            ? t('admin.health.backupNone')
            : backup.last_ok
              ? t('admin.health.backupOk', { when: when(backup.last_at) })
              : t('admin.health.backupFailed', { when: when(backup.last_at), reason: backup.last_error ?? '' })}
        </dd>

        <dt className="font-medium text-stone-700">{t('admin.health.mail')}</dt>
        <dd>
          {mail.backlog === 0 || mail.oldest_at === null
            ? t('admin.health.mailNone')
            : t('admin.health.mailWaiting', { count: mail.backlog, since: when(mail.oldest_at) })}
        </dd>
      </dl>
    </>
  );
}
