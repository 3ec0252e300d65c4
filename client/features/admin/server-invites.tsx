// Server invitations (ADR 0079): made with an expiry, a number of uses or an address, listed, shown as a link and QR
// code, revoked. Answers are checked against common/schemas/admin-settings.ts, loaded with the first request.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { api, errorMessage } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, SERVER_INVITE_USES_MAX } from '../../../common/limits.ts';
import type { ServerInvite } from '../../../common/schemas/admin-settings.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { QrCode } from '../../ui/qr-code.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { copyText } from '../../lib/clipboard.ts';

const contract = () => import('../../../common/schemas/admin-settings.ts');
const keys = { invites: ['admin', 'invites'] as const };

const listInvites = (signal?: AbortSignal) =>
  api('/api/v1/admin/invites', { signal, schema: () => contract().then((c) => c.ServerInviteListSchema) }).then(
    (list) => list.items,
  );
const createInvite = (body: { expires_in_days: number; max_uses?: number; email?: string }) =>
  api('/api/v1/admin/invites', {
    method: 'POST',
    json: body,
    schema: () => contract().then((c) => c.ServerInviteSchema),
  });
const revokeInvite = (id: string) =>
  api<unknown>(`/api/v1/admin/invites/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function ServerInvites() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const invites = useQuery({ queryKey: keys.invites, queryFn: ({ signal }) => listInvites(signal) });
  const [days, setDays] = useState(String(INVITE_DAYS_DEFAULT));
  const [maxUses, setMaxUses] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<ServerInvite | null>(null);
  const linkHeading = useRef<HTMLHeadingElement>(null);
  const listId = useId();

  const show = (invite: ServerInvite) => {
    setShown(invite);
    requestAnimationFrame(() => linkHeading.current?.focus());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const address = email.trim();
      const invite = await createInvite({
        expires_in_days: Number(days),
        ...(maxUses.trim() && !address ? { max_uses: Number(maxUses) } : {}),
        ...(address ? { email: address } : {}),
      });
      show(invite);
      setEmail('');
      toast({ title: address ? t('admin.signup.inviteSent', { email: address }) : t('admin.signup.inviteCreated') });
      await queryClient.invalidateQueries({ queryKey: keys.invites });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('admin.signup.inviteFailed'),
        description: errorMessage(error, t('common.somethingWentWrong')),
      });
    } finally {
      setBusy(false);
    }
  }

  async function revoke(invite: ServerInvite) {
    try {
      await revokeInvite(invite.id);
      if (shown?.id === invite.id) setShown(null);
      toast({ title: t('admin.signup.revoked') });
      await queryClient.invalidateQueries({ queryKey: keys.invites });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('admin.signup.revokeFailed'),
        description: errorMessage(error, t('common.somethingWentWrong')),
      });
    }
  }

  const facts = (invite: ServerInvite) => {
    const date = formatDate(invite.expires_at, i18n.resolvedLanguage, 'short');
    const uses =
      invite.max_uses === null
        ? t('admin.signup.inviteUnlimited', { date, uses: invite.uses })
        : t('admin.signup.inviteLimited', { date, uses: invite.uses, max: invite.max_uses });
    return invite.email ? `${uses} · ${t('admin.signup.mailedTo', { email: invite.email })}` : uses;
  };

  return (
    <div className="space-y-4">
      <h4 className="text-sm font-semibold text-stone-900">{t('admin.signup.invitesTitle')}</h4>
      <p className="text-sm text-stone-800">{t('admin.signup.invitesExplain')}</p>
      <form onSubmit={(event) => void submit(event)} className="space-y-3">
        <Field label={t('admin.signup.daysLabel')}>
          {(id) => (
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              required
              min={1}
              max={INVITE_DAYS_MAX}
              step={1}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('admin.signup.maxUsesLabel')}>
          {(id) => (
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={1}
              max={SERVER_INVITE_USES_MAX}
              step={1}
              value={maxUses}
              disabled={email.trim() !== ''}
              onChange={(event) => setMaxUses(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('admin.signup.emailLabel')}>
          {(id) => (
            <Input
              id={id}
              type="email"
              autoComplete="off"
              maxLength={254}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {email.trim() ? t('admin.signup.sendInvite') : t('admin.signup.createLink')}
        </Button>
      </form>

      {shown && (
        <div className="space-y-2">
          <h5 ref={linkHeading} tabIndex={-1} className="text-sm font-semibold text-stone-900 outline-none">
            {t('admin.signup.linkLabel')}
          </h5>
          <InviteLink invite={shown} facts={facts(shown)} />
        </div>
      )}

      <div role="group" aria-labelledby={listId}>
        <h5 id={listId} className="text-sm font-semibold text-stone-900">
          {t('admin.signup.openInvites')}
        </h5>
        {invites.isPending ? (
          <Spinner />
        ) : invites.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(invites.error, t('common.somethingWentWrong'))}
          </p>
        ) : invites.data.length === 0 ? (
          <p className="text-sm text-stone-700">{t('admin.signup.noInvites')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200" data-testid="server-invites">
            {invites.data.map((invite) => (
              <li key={invite.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <span className="flex-1">{facts(invite)}</span>
                <Button variant="secondary" onClick={() => show(invite)}>
                  {t('admin.signup.show')}
                </Button>
                <Button variant="secondary" onClick={() => void revoke(invite)}>
                  {t('admin.signup.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function InviteLink({ invite, facts }: { invite: ServerInvite; facts: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    if (await copyText(invite.url, input.current)) {
      toast({ title: t('admin.signup.linkCopied') });
    } else {
      input.current?.focus();
      input.current?.select();
      toast({ variant: 'destructive', title: t('admin.signup.copyFailed') });
    }
  }

  return (
    <div className="space-y-3 rounded-lg border border-green-200 bg-green-50/50 p-3">
      <div className="flex justify-center">
        <QrCode text={invite.url} label={t('admin.signup.qrLabel')} className="size-56" />
      </div>
      <Field label={t('admin.signup.linkLabel')}>
        {(id) => (
          <Input
            id={id}
            ref={input}
            readOnly
            value={invite.url}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-sm"
          />
        )}
      </Field>
      <Button onClick={() => void copy()}>{t('admin.signup.copyLink')}</Button>
      <p className="text-sm text-stone-700">{facts}</p>
    </div>
  );
}
