// "Account": the forager's name, e-mail, password, signed-in devices, the sharing new spots start with, the
// language, and deleting the account. A full-screen panel on a phone, a dialog on a wider screen; one lazy chunk.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../../common/limits.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { forgetEverything } from '../../app/local-first/device-db.ts';
import { forgetPrivateData } from '../../app/private-data.ts';
import { useMe, useSession } from '../../app/session.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { LanguageSwitch } from '../../ui/language-switch.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ExportDialog } from '../export/export-dialog.tsx';
import {
  changeDisplayName,
  changePassword,
  deleteAccount,
  listSessions,
  requestEmailChange,
  saveSettings,
  signOutOtherSessions,
} from './account-api.ts';
import { deviceOf } from './device-name.ts';
import { TwoStepSection } from './two-step-section.tsx';

const INPUT_CLASS = 'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base shadow-sm';
const SESSIONS_KEY = ['account', 'sessions'] as const;

export default function AccountPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[1500] bg-stone-950/50" />
        <RadixDialog.Content className="fixed inset-0 z-[1500] flex flex-col bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg">
          <div className="flex items-center gap-3 border-b border-stone-200 px-4 py-3">
            <RadixDialog.Title className="flex-1 text-lg font-semibold">{t('account.title')}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <Button variant="secondary">{t('common.close')}</Button>
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">{t('account.description')}</RadixDialog.Description>
          <div className="flex-1 space-y-8 overflow-y-auto px-4 py-4">
            <NameSection />
            <EmailSection />
            <PasswordSection />
            <TwoStepSection />
            <SessionsSection />
            <SharingSection />
            <Section title={t('account.languageTitle')}>
              <LanguageSwitch />
            </Section>
            <DeleteSection />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function Section({ title, children, danger = false }: { title: string; children: ReactNode; danger?: boolean }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={danger ? 'rounded-lg border border-red-300 p-4' : ''}>
      <h3 id={id} className={`mb-3 text-base font-semibold ${danger ? 'text-red-800' : 'text-green-900'}`}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Runs a save with a busy state, and a toast with the server's message when it fails. */
function useAction() {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<void>, failedTitle: string) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: failedTitle,
        description: errorMessage(error, t('common.somethingWentWrong')),
      });
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

function SaveButton({
  busy,
  label,
  busyLabel,
  variant,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  variant?: 'primary' | 'destructive';
}) {
  return (
    <Button type="submit" variant={variant} disabled={busy} aria-busy={busy}>
      {busy && <Spinner />}
      {busy ? busyLabel : label}
    </Button>
  );
}

function NameSection() {
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
            <input
              id={id}
              aria-describedby={describedBy}
              required
              maxLength={DISPLAY_NAME_MAX}
              autoComplete="nickname"
              className={INPUT_CLASS}
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

function EmailSection() {
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
            <input
              id={id}
              type="email"
              required
              autoComplete="email"
              className={INPUT_CLASS}
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

function PasswordSection() {
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
            <input
              id={id}
              type="password"
              required
              autoComplete="current-password"
              className={INPUT_CLASS}
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('account.newPassword')} hint={t('account.newPasswordHint', { min: PASSWORD_MIN })}>
          {(id, describedBy) => (
            <input
              id={id}
              aria-describedby={describedBy}
              type="password"
              required
              minLength={PASSWORD_MIN}
              maxLength={PASSWORD_MAX}
              autoComplete="new-password"
              className={INPUT_CLASS}
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

function SessionsSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { busy, run } = useAction();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: listSessions });
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const others = (sessions.data?.sessions ?? []).filter((session) => !session.current).length;

  return (
    <Section title={t('account.sessionsTitle')}>
      {sessions.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : sessions.isError ? (
        <p className="text-sm text-red-800">{errorMessage(sessions.error, t('common.somethingWentWrong'))}</p>
      ) : (
        <ul
          className="divide-y divide-stone-200 rounded-md border border-stone-200"
          aria-label={t('account.sessionsTitle')}
        >
          {sessions.data.sessions.map((session) => {
            const { browser, system } = deviceOf(session.user_agent);
            const name =
              browser && system
                ? t('account.browserOn', { browser, system })
                : (browser ?? system ?? t('account.unknownDevice'));
            return (
              <li key={session.id} className="flex flex-wrap items-baseline gap-x-2 px-3 py-2 text-sm">
                <span className="font-medium">{name}</span>
                {session.current && (
                  <span className="rounded bg-green-100 px-1.5 text-xs font-semibold text-green-900">
                    {t('account.thisDevice')}
                  </span>
                )}
                <span className="w-full text-stone-700">
                  {t('account.lastActive', { when: when(session.last_active_at) })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Button
        variant="secondary"
        className="mt-3"
        disabled={busy || others === 0}
        aria-busy={busy}
        onClick={() =>
          void run(async () => {
            await signOutOtherSessions();
            toast({ title: t('account.othersSignedOut') });
            await sessions.refetch();
          }, t('account.signOutOthersFailed'))
        }
      >
        {busy && <Spinner />}
        {t('account.signOutOthers')}
      </Button>
    </Section>
  );
}

function SharingSection() {
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

function DeleteSection() {
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
            <input
              id={id}
              type="password"
              required
              autoComplete="current-password"
              className={INPUT_CLASS}
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
      {exporting && <ExportDialog onClose={() => setExporting(false)} />}
    </Section>
  );
}
