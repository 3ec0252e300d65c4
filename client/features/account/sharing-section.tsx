// How new spots start: who sees them and how exactly (ADR 0056), the add form's first choice.
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useMe, useSession } from '../../domain/session/session.tsx';
import type { Sharing } from '../../domain/sharing/sharing.ts';
import { defaultSharing } from '../../domain/sharing/sharing-choice.ts';
import { SharingFields, sharingProblem } from '../../domain/sharing/sharing-fields.tsx';
import { useToast } from '../../ui/toast.tsx';
import { saveSettings } from './account-api.ts';
import { SaveButton, Section, useAction } from './account-section.tsx';

export function SharingSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const { refresh } = useSession();
  const { busy, run } = useAction();
  const [choice, setChoice] = useState<Sharing>(() => defaultSharing(me));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = sharingProblem(choice);
    if (problem) {
      setError(t(problem));
      return;
    }
    void run(async () => {
      const saved = await saveSettings({
        default_audience: choice.audience,
        default_circle_ids: choice.audience === 'circles' ? choice.circle_ids : [],
        // "Only me" keeps the precision as it was: it matters again once a spot is shared.
        ...(choice.audience === 'private' ? {} : { default_precision: choice.precision }),
      });
      setChoice(defaultSharing(saved));
      await refresh();
      toast({ title: t('account.sharingSaved') });
    }, t('account.sharingFailed'));
  }

  return (
    <Section title={t('account.sharingTitle')}>
      <form onSubmit={submit} className="space-y-3">
        <p className="text-sm text-stone-700">{t('account.sharingHint')}</p>
        <fieldset disabled={busy} aria-busy={busy}>
          <SharingFields
            value={choice}
            onChange={(next) => {
              setChoice(next);
              setError(null);
            }}
            error={error}
            label={t('account.sharingLabel')}
          />
        </fieldset>
        <SaveButton busy={busy} label={t('account.sharingSave')} busyLabel={t('account.saving')} />
      </form>
    </Section>
  );
}
