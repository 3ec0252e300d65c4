// The name other foragers see beside shared spots.
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DISPLAY_NAME_MAX } from '../../../common/limits.ts';
import { useMe, useSession } from '../../app/session.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useToast } from '../../ui/toast.tsx';
import { changeDisplayName } from './account-api.ts';
import { SaveButton, Section, useAction } from './account-section.tsx';

export function NameSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const { refresh } = useSession();
  const { busy, run } = useAction();
  const [name, setName] = useState(me.name);

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await changeDisplayName(name.trim());
      await refresh();
      toast({ title: t('account.nameSaved') });
    }, t('account.nameFailed'));
  }

  return (
    <Section title={t('account.nameTitle')}>
      <form onSubmit={submit} className="space-y-3">
        <Field label={t('account.nameLabel')} hint={t('account.nameHint')}>
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              required
              maxLength={DISPLAY_NAME_MAX}
              autoComplete="nickname"
              className="shadow-sm"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <SaveButton busy={busy} label={t('account.saveName')} busyLabel={t('account.saving')} />
      </form>
    </Section>
  );
}
