// How much of the account's photo quota its photos use (ADR 0081): "312 MB of 2 GB used", with a bar.
import { useEffect } from 'react';
import { useMe, useSession } from '../../domain/session/session.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatStorageSize } from '../../lib/format.ts';
import { Section } from './account-section.tsx';

export function PhotoStorageSection() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const { refresh } = useSession();
  // The figures as they are now: photos may have gone up since the session was read.
  useEffect(() => {
    void refresh().catch(() => undefined);
  }, [refresh]);
  // A user kept on the device by an older version has no figures: nothing to show until the next answer.
  if (me.photo_bytes === undefined || me.photo_quota_bytes === undefined) return null;
  const used = formatStorageSize(me.photo_bytes, i18n.resolvedLanguage);
  const quota = formatStorageSize(me.photo_quota_bytes, i18n.resolvedLanguage);
  const share = me.photo_quota_bytes > 0 ? Math.min(1, me.photo_bytes / me.photo_quota_bytes) : 1;
  return (
    <Section title={t('account.photoStorageTitle')}>
      <p className="text-sm text-stone-800" data-testid="photo-storage">
        {t('account.photoStorageUsed', { used, quota })}
      </p>
      <div
        role="meter"
        aria-label={t('account.photoStorageTitle')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={t('account.photoStorageUsed', { used, quota })}
        className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={share >= 0.9 ? 'h-full bg-red-700' : 'h-full bg-green-700'}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      {share >= 1 && <p className="mt-2 text-sm text-red-800">{t('account.photoStorageFull')}</p>}
    </Section>
  );
}
