// Whether new spots start private or shared.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe, useSession } from '../../app/session.tsx';
import { saveSettings } from './account-api.ts';
import { Section, useAction } from './account-section.tsx';

export function SharingSection() {
  const { t } = useTranslation();
  const me = useMe();
  const { refresh } = useSession();
  const { busy, run } = useAction();
  const current = me.default_public ? 'public' : 'private';
  const name = useId();

  const choose = (value: 'private' | 'public') =>
    void run(async () => {
      await saveSettings({ default_public: value === 'public' });
      await refresh();
    }, t('account.sharingFailed'));

  return (
    <Section title={t('account.sharingTitle')}>
      <fieldset disabled={busy} aria-busy={busy} className="space-y-2">
        <legend className="mb-2 text-sm text-stone-700">{t('account.sharingHint')}</legend>
        {(['private', 'public'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={value}
              checked={current === value}
              onChange={() => choose(value)}
              className="size-4"
            />
            {value === 'private' ? t('account.sharingPrivate') : t('account.sharingPublic')}
          </label>
        ))}
      </fieldset>
    </Section>
  );
}
