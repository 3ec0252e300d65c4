// A new e-mail address: it takes effect once the link sent to it is opened.
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useMe } from '../../domain/session/session.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { requestEmailChange } from './account-api.ts';
import { SaveButton, Section, useAction } from './account-section.tsx';

export function EmailSection() {
  const { t } = useTranslation();
  const me = useMe();
  const { busy, run } = useAction();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const newEmail = email.trim();
    void run(async () => {
      await requestEmailChange(newEmail);
      setSentTo(newEmail);
      setEmail('');
    }, t('account.emailFailed'));
  }

  return (
    <Section title={t('account.emailTitle')}>
      <p className="mb-3 text-sm text-stone-700">{t('account.emailCurrent', { email: me.email })}</p>
      <form onSubmit={submit} className="space-y-3">
        <Field label={t('account.newEmail')}>
          {(id) => (
            <Input
              id={id}
              type="email"
              required
              autoComplete="email"
              className="shadow-sm"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <SaveButton busy={busy} label={t('account.sendEmailLink')} busyLabel={t('account.sending')} />
      </form>
      <div role="status" className="mt-3 text-sm">
        {sentTo && (
          <p className="rounded-md bg-green-50 p-3 text-green-900">{t('account.emailCheckInbox', { email: sentTo })}</p>
        )}
      </div>
    </Section>
  );
}
