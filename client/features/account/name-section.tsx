// The name other foragers see beside shared spots and in circles; none until the forager chooses one (ADR 0072).
import { useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DISPLAY_NAME_MAX } from '../../../common/limits.ts';
import { useMe, useSession } from '../../domain/session/session.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useToast } from '../../ui/toast.tsx';
import { changeDisplayName } from './account-api.ts';
import { SaveButton, Section, useAction } from './account-section.tsx';

/** `inputRef`: the name's box, which the panel focuses when it was opened to choose a name. */
export function NameSection({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const { refresh } = useSession();
  const { busy, run } = useAction();
  const [name, setName] = useState(me.name ?? '');

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
      {me.name === null && (
        <p className="mb-3 text-sm text-stone-800">{t('account.noNameYet', { unnamed: t('people.unnamed') })}</p>
      )}
      <form onSubmit={submit} className="space-y-3">
        <Field label={t('account.nameLabel')} hint={t('account.nameHint')}>
          {(id, describedBy) => (
            <Input
              id={id}
              ref={inputRef}
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
