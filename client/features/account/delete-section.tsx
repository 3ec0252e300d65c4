// Deleting the account, with the password and a tick; an export first is offered. Nothing of the user's stays on
// the device afterwards.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQueryClient } from '@tanstack/react-query';
import { forgetEverything } from '../../domain/offline/device-db.ts';
import { forgetPrivateData } from '../../domain/session/private-data.ts';
import { useMe, useSession } from '../../domain/session/session.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useToast } from '../../ui/toast.tsx';
import { deleteAccount } from './account-api.ts';
import { SaveButton, Section, useAction } from './account-section.tsx';

/** `exportDialog`: the export, a feature of its own, handed in by the app shell. */
export function DeleteSection({ exportDialog }: { exportDialog: (onClose: () => void) => ReactNode }) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const queryClient = useQueryClient();
  const { markSignedOut } = useSession();
  const { busy, run } = useAction();
  const [exporting, setExporting] = useState(false);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await deleteAccount(password);
      toast({ title: t('account.deleted') });
      await forgetEverything(me.id).catch(() => undefined);
      await forgetPrivateData(queryClient).catch(() => undefined);
      markSignedOut();
    }, t('account.deleteFailed'));
  }

  return (
    <Section title={t('account.deleteTitle')} danger>
      <p className="text-sm text-stone-800">{t('account.deleteExplain')}</p>
      <p className="mt-2 text-sm text-stone-800">{t('account.deleteExportFirst')}</p>
      <Button variant="secondary" className="mt-2" onClick={() => setExporting(true)}>
        {t('account.exportFirst')}
      </Button>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <Field label={t('account.deletePassword')}>
          {(id) => (
            <Input
              id={id}
              type="password"
              required
              autoComplete="current-password"
              className="shadow-sm"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            required
            checked={understood}
            onChange={(event) => setUnderstood(event.target.checked)}
            className="mt-0.5 size-4"
          />
          {t('account.deleteUnderstand')}
        </label>
        <SaveButton
          busy={busy}
          variant="destructive"
          label={t('account.deleteButton')}
          busyLabel={t('account.deleting')}
        />
      </form>
      {exporting && exportDialog(() => setExporting(false))}
    </Section>
  );
}
