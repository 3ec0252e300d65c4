// Who may join (ADR 0079): the sign-up policy, the e-mail domains that may always sign up, the default photo quota,
// and server invitations (`server-invites.tsx`). Answers are checked against common/schemas/admin-settings.ts, loaded
// with the first request.
import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { api, errorMessage } from '../../lib/api-client.ts';
import type { AdminSettings, SignupPolicy } from '../../../common/schemas/admin-settings.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ServerInvites } from './server-invites.tsx';

const contract = () => import('../../../common/schemas/admin-settings.ts');
const keys = { settings: ['admin', 'settings'] as const };

const getSettings = (signal?: AbortSignal) =>
  api('/api/v1/admin/settings', { signal, schema: () => contract().then((c) => c.AdminSettingsSchema) });
const saveSettings = (patch: Partial<AdminSettings>) =>
  api('/api/v1/admin/settings', {
    method: 'PATCH',
    json: patch,
    schema: () => contract().then((c) => c.AdminSettingsSchema),
  });

const POLICIES: SignupPolicy[] = ['open', 'invite', 'approval', 'closed'];

export function SignupSection() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <h3 id={headingId} className="text-base font-semibold text-stone-900">
        {t('admin.signup.title')}
      </h3>
      <SettingsForm />
      <ServerInvites />
    </section>
  );
}

function SettingsForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => getSettings(signal) });

  if (settings.isPending) return <Spinner />;
  if (settings.isError) {
    return (
      <div role="alert" className="space-y-2 text-sm text-red-800">
        <p>{errorMessage(settings.error, t('admin.signup.loadFailed'))}</p>
        <Button variant="secondary" onClick={() => void settings.refetch()}>
          {t('admin.signup.retry')}
        </Button>
      </div>
    );
  }

  // The form starts from what the server holds, and again after each save (a new answer, a new form).
  return (
    <SettingsFields
      key={JSON.stringify(settings.data)}
      held={settings.data}
      onSaved={(saved) => queryClient.setQueryData(keys.settings, saved)}
    />
  );
}

function SettingsFields({ held, onSaved }: { held: AdminSettings; onSaved: (saved: AdminSettings) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [policy, setPolicy] = useState<SignupPolicy>(held.signup_policy);
  const [domains, setDomains] = useState(held.signup_domains.join('\n'));
  const [quota, setQuota] = useState(String(held.photo_quota_mb));
  const [busy, setBusy] = useState(false);
  const legendId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await saveSettings({
        signup_policy: policy,
        signup_domains: domains
          .split(/[\s,]+/)
          .map((domain) => domain.trim().replace(/^@/, ''))
          .filter(Boolean),
        photo_quota_mb: Number(quota),
      });
      onSaved(saved);
      toast({ title: t('admin.signup.saved') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('admin.signup.saveFailed'),
        description: errorMessage(error, t('common.somethingWentWrong')),
      });
    } finally {
      setBusy(false);
    }
  }

  const policyWords: Record<SignupPolicy, string> = {
    open: t('admin.signup.policyOpen'),
    invite: t('admin.signup.policyInvite'),
    approval: t('admin.signup.policyApproval'),
    closed: t('admin.signup.policyClosed'),
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <fieldset aria-labelledby={legendId} className="space-y-2">
        <legend id={legendId} className="text-sm font-medium text-stone-900">
          {t('admin.signup.policyLabel')}
        </legend>
        {POLICIES.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-3 rounded-md px-1 text-sm">
            <input
              type="radio"
              name="signup-policy"
              value={value}
              checked={policy === value}
              onChange={() => setPolicy(value)}
              className="size-5 accent-green-800"
            />
            {policyWords[value]}
          </label>
        ))}
      </fieldset>
      <Field label={t('admin.signup.domainsLabel')} hint={t('admin.signup.domainsHint')}>
        {(id, describedBy) => (
          <Textarea
            id={id}
            aria-describedby={describedBy}
            rows={3}
            autoComplete="off"
            spellCheck={false}
            value={domains}
            onChange={(event) => setDomains(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('admin.signup.quotaLabel')} hint={t('admin.signup.quotaHint')}>
        {(id, describedBy) => (
          <Input
            id={id}
            aria-describedby={describedBy}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            value={quota}
            onChange={(event) => setQuota(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy && <Spinner />}
        {t('admin.signup.save')}
      </Button>
    </form>
  );
}
