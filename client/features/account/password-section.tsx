// A new password, given with the current one; the other devices' sessions end with it.
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/limits.ts';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useToast } from '../../ui/toast.tsx';
import { changePassword, SESSIONS_KEY } from './account-api.ts';
import { SaveButton, Section, useAction } from './account-section.tsx';

export function PasswordSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { busy, run } = useAction();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      toast({ title: t('account.passwordChanged'), description: t('account.passwordChangedDescription') });
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    }, t('account.passwordFailed'));
  }

  return (
    <Section title={t('account.passwordTitle')}>
      <form onSubmit={submit} className="space-y-3">
        <Field label={t('account.currentPassword')}>
          {(id) => (
            <Input
              id={id}
              type="password"
              required
              autoComplete="current-password"
              className="shadow-sm"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('account.newPassword')} hint={t('account.newPasswordHint', { min: PASSWORD_MIN })}>
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              type="password"
              required
              minLength={PASSWORD_MIN}
              maxLength={PASSWORD_MAX}
              autoComplete="new-password"
              className="shadow-sm"
              value={next}
              onChange={(event) => setNext(event.target.value)}
            />
          )}
        </Field>
        <SaveButton busy={busy} label={t('account.changePassword')} busyLabel={t('account.saving')} />
      </form>
    </Section>
  );
}
