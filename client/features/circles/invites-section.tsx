// Inviting people (the owner and admins): a link that works for 7 days unless chosen otherwise, for any number of
// people or a chosen few, shown with its QR code and optionally mailed; then the open invitations, each revocable.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQuery } from '@tanstack/react-query';
import { INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, INVITE_USES_MAX } from '../../../common/limits.ts';
import type { Circle, Invite } from '../../../common/schemas/circles.ts';
import { circleKeys } from '../../domain/sharing/circles.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { createInvite, listInvites, revokeInvite } from './circles-api.ts';
import { circleErrorMessage } from './circle-errors.ts';
import { PanelSection, useCircleAction, useCirclesChanged } from './circle-parts.tsx';
import { inviteRequest, isOpenInvite } from './circle-rules.ts';
import { InviteFacts, useInviteWords } from './invite-facts.tsx';
import { InviteLink } from './invite-link.tsx';

export function InvitesSection({ circle }: { circle: Circle }) {
  const { t } = useTranslation();
  const toast = useToast();
  const changed = useCirclesChanged();
  const { busy, run } = useCircleAction();
  const [days, setDays] = useState(String(INVITE_DAYS_DEFAULT));
  const [maxUses, setMaxUses] = useState('');
  const [email, setEmail] = useState('');
  // The invitation whose link and QR code are shown: the one just made, or one picked from the list.
  const [shownId, setShownId] = useState<string | null>(null);
  const [made, setMade] = useState<Invite | null>(null);
  const linkHeading = useRef<HTMLHeadingElement>(null);
  const invites = useQuery({
    queryKey: circleKeys.invites(circle.id),
    queryFn: ({ signal }) => listInvites(circle.id, signal),
  });
  const open = (invites.data ?? []).filter((invite) => isOpenInvite(invite));
  const shown = open.find((invite) => invite.id === shownId) ?? (made?.id === shownId ? made : null);

  const show = (invite: Invite) => {
    setShownId(invite.id);
    // To the link, for keyboards and screen readers: it appears above the list.
    requestAnimationFrame(() => linkHeading.current?.focus());
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const request = inviteRequest({ days, maxUses, email });
      const invite = await createInvite(circle.id, request);
      setMade(invite);
      show(invite);
      setEmail('');
      toast({
        title: request.email ? t('circles.inviteSent', { email: request.email }) : t('circles.inviteCreated'),
      });
      await changed();
    }, t('circles.inviteFailed'));
  }

  return (
    <PanelSection title={t('circles.inviteTitle')}>
      <p className="mb-3 text-sm text-stone-800">{t('circles.inviteExplain')}</p>
      <form onSubmit={submit} className="space-y-3">
        <details className="rounded-md border border-stone-200 px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-green-900">{t('circles.linkOptions')}</summary>
          <div className="mt-3 space-y-3">
            <WholeNumberField
              label={t('circles.daysLabel')}
              hint={t('circles.daysHint', { max: INVITE_DAYS_MAX })}
              required
              max={INVITE_DAYS_MAX}
              value={days}
              onChange={setDays}
            />
            <WholeNumberField
              label={t('circles.maxUsesLabel')}
              hint={t('circles.maxUsesHint')}
              max={INVITE_USES_MAX}
              value={maxUses}
              onChange={setMaxUses}
            />
            <Field label={t('circles.emailLabel')} hint={t('circles.emailHint')}>
              {(id, describedBy) => (
                <Input
                  id={id}
                  aria-describedby={describedBy}
                  type="email"
                  autoComplete="off"
                  maxLength={254}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </Field>
          </div>
        </details>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {email.trim() ? t('circles.sendInvite') : t('circles.createLink')}
        </Button>
      </form>

      {shown && (
        <div className="mt-4 space-y-2">
          <h4 ref={linkHeading} tabIndex={-1} className="text-sm font-semibold text-stone-900 outline-none">
            {t('circles.linkTitle')}
          </h4>
          <InviteLink invite={shown} circleName={circle.name} />
        </div>
      )}

      <OpenInvites
        circle={circle}
        invites={open}
        loading={invites.isPending}
        error={invites.isError ? circleErrorMessage(invites.error) : null}
        onRetry={() => void invites.refetch()}
        shownId={shown?.id ?? null}
        onShow={show}
        onRevoked={(invite) => {
          if (invite.id === shownId) setShownId(null);
        }}
      />
    </PanelSection>
  );
}

/** A whole number from 1 to `max`, typed in a labelled box; empty when not `required`. */
function WholeNumberField({
  label,
  hint,
  required = false,
  max,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  required?: boolean;
  max: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint}>
      {(id, describedBy) => (
        <Input
          id={id}
          aria-describedby={describedBy}
          type="number"
          inputMode="numeric"
          required={required}
          min={1}
          max={max}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

function OpenInvites({
  circle,
  invites,
  loading,
  error,
  onRetry,
  shownId,
  onShow,
  onRevoked,
}: {
  circle: Circle;
  invites: Invite[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  shownId: string | null;
  onShow: (invite: Invite) => void;
  onRevoked: (invite: Invite) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const changed = useCirclesChanged();
  const words = useInviteWords();
  const { busy, run } = useCircleAction();
  const headingId = useId();

  const revoke = (invite: Invite) =>
    void run(async () => {
      await revokeInvite(circle.id, invite.id);
      onRevoked(invite);
      toast({ title: t('circles.inviteRevoked') });
      await changed();
    }, t('circles.revokeFailed'));

  return (
    <div className="mt-5" role="group" aria-labelledby={headingId}>
      <h4 id={headingId} className="mb-2 text-sm font-semibold text-stone-900">
        {t('circles.openInvites')}
      </h4>
      {loading ? (
        <Spinner label={t('common.loading')} />
      ) : error ? (
        <div className="space-y-2">
          <p className="text-sm text-red-800">{error}</p>
          <Button variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </div>
      ) : invites.length === 0 ? (
        <p className="text-sm text-stone-700">{t('circles.noOpenInvites')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-md border border-stone-200">
          {invites.map((invite) => (
            <li key={invite.id} className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:gap-3">
              <div className="min-w-0 flex-1">
                <InviteFacts invite={invite} />
              </div>
              <div className="flex flex-wrap gap-2">
                {invite.id !== shownId && (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    aria-label={t('circles.showInviteOf', { until: words.until(invite) })}
                    onClick={() => onShow(invite)}
                  >
                    {t('circles.showInvite')}
                  </Button>
                )}
                <Button
                  variant="secondary"
                  className="px-3 py-1.5 text-red-800"
                  disabled={busy}
                  aria-label={t('circles.revokeInviteOf', { until: words.until(invite) })}
                  onClick={() => revoke(invite)}
                >
                  {t('circles.revoke')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
