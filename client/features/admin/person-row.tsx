// One person on the server as an administrator sees them (ADR 0082), and what may be done to their account.
import { useState } from 'react';
import type { AdminUser } from '../../../common/schemas/admin-users.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { shownName } from '../../domain/session/display-name.ts';
import { useMe } from '../../domain/session/session.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { changePerson, deletePerson, resendConfirmation, resetTwoStep } from './admin-api.ts';
import { formatMegabytes, useAdminAction } from './people-actions.ts';
import { QuotaForm } from './quota-form.tsx';

export function PersonRow({ person }: { person: AdminUser }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const name = shownName(person.name, t);
  const isMe = person.id === me.id;
  const { busy, run } = useAdminAction();
  const [deleting, setDeleting] = useState(false);
  const [editingQuota, setEditingQuota] = useState(false);
  const when = (iso: string) => new Date(iso).toLocaleDateString(i18n.resolvedLanguage, { dateStyle: 'medium' });
  const change = (patch: Parameters<typeof changePerson>[1], done: string, failed: string) =>
    void run(() => changePerson(person.id, patch), done, failed);

  return (
    <li className="space-y-2 px-3 py-3">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-medium break-words">{name}</span>
        {isMe && <span className="text-sm text-stone-700">{t('admin.people.you')}</span>}
        {person.role === 'admin' && <Badge>{t('admin.people.roleAdmin')}</Badge>}
        {person.status !== 'active' && <Badge tone="warn">{t(`admin.people.status.${person.status}`)}</Badge>}
        {!person.email_verified && <Badge>{t('admin.people.unconfirmed')}</Badge>}
        {person.two_step && <Badge>{t('admin.people.twoStepOn')}</Badge>}
      </div>
      <p className="text-sm break-all text-stone-800">{person.email}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-stone-700 sm:grid-cols-4">
        <div>
          <dt className="text-xs">{t('admin.people.joined')}</dt>
          <dd>{when(person.created_at)}</dd>
        </div>
        <div>
          <dt className="text-xs">{t('admin.people.lastActive')}</dt>
          <dd>{person.last_active_at ? when(person.last_active_at) : t('admin.people.never')}</dd>
        </div>
        <div>
          <dt className="text-xs">{t('admin.people.spots')}</dt>
          <dd>{new Intl.NumberFormat(i18n.resolvedLanguage).format(person.spots)}</dd>
        </div>
        <div>
          <dt className="text-xs">{t('admin.people.photos')}</dt>
          <dd>
            {t(person.photo_quota_is_default ? 'admin.people.photosOfDefault' : 'admin.people.photosOf', {
              used: formatMegabytes(person.photo_bytes, i18n.resolvedLanguage),
              quota: new Intl.NumberFormat(i18n.resolvedLanguage).format(person.photo_quota_mb),
            })}
          </dd>
        </div>
      </dl>

      <div className="flex flex-wrap gap-2" role="group" aria-label={t('admin.people.actionsFor', { name })}>
        {person.status === 'pending' && (
          <>
            <Button
              className="px-3 py-1.5"
              disabled={busy}
              aria-label={t('admin.people.approveOf', { name })}
              onClick={() =>
                change({ status: 'active' }, t('admin.people.approved', { name }), t('admin.people.actionFailed'))
              }
            >
              {t('admin.people.approve')}
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-red-800"
              disabled={busy}
              aria-label={t('admin.people.refuseOf', { name })}
              onClick={() => setDeleting(true)}
            >
              {t('admin.people.refuse')}
            </Button>
          </>
        )}
        {person.status === 'active' && !isMe && (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={busy}
            aria-label={t('admin.people.disableOf', { name })}
            onClick={() =>
              change({ status: 'disabled' }, t('admin.people.disabled', { name }), t('admin.people.actionFailed'))
            }
          >
            {t('admin.people.disable')}
          </Button>
        )}
        {person.status === 'disabled' && (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={busy}
            aria-label={t('admin.people.enableOf', { name })}
            onClick={() =>
              change({ status: 'active' }, t('admin.people.enabled', { name }), t('admin.people.actionFailed'))
            }
          >
            {t('admin.people.enable')}
          </Button>
        )}
        {person.status !== 'pending' &&
          (person.role === 'admin' ? (
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              disabled={busy}
              aria-label={t('admin.people.unmakeAdminOf', { name })}
              onClick={() =>
                change({ role: 'user' }, t('admin.people.unmadeAdmin', { name }), t('admin.people.actionFailed'))
              }
            >
              {t('admin.people.unmakeAdmin')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              disabled={busy}
              aria-label={t('admin.people.makeAdminOf', { name })}
              onClick={() =>
                change({ role: 'admin' }, t('admin.people.madeAdmin', { name }), t('admin.people.actionFailed'))
              }
            >
              {t('admin.people.makeAdmin')}
            </Button>
          ))}
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          aria-expanded={editingQuota}
          aria-label={t('admin.people.quotaOf', { name })}
          onClick={() => setEditingQuota((open) => !open)}
        >
          {t('admin.people.quota')}
        </Button>
        {person.two_step && (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={busy}
            aria-label={t('admin.people.resetTwoStepOf', { name })}
            onClick={() =>
              void run(
                () => resetTwoStep(person.id),
                t('admin.people.twoStepReset', { name }),
                t('admin.people.actionFailed'),
              )
            }
          >
            {t('admin.people.resetTwoStep')}
          </Button>
        )}
        {!person.email_verified && (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={busy}
            aria-label={t('admin.people.resendOf', { name })}
            onClick={() =>
              void run(
                () => resendConfirmation(person.id),
                t('admin.people.resent', { email: person.email }),
                t('admin.people.actionFailed'),
              )
            }
          >
            {t('admin.people.resend')}
          </Button>
        )}
        {person.status !== 'pending' && (
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-red-800"
            disabled={busy}
            aria-label={t('admin.people.deleteOf', { name })}
            onClick={() => setDeleting(true)}
          >
            {t('admin.people.delete')}
          </Button>
        )}
      </div>

      {editingQuota && <QuotaForm person={person} name={name} onDone={() => setEditingQuota(false)} />}

      <Dialog
        open={deleting}
        onOpenChange={setDeleting}
        title={
          person.status === 'pending'
            ? t('admin.people.refuseQuestion', { name, email: person.email })
            : t('admin.people.deleteQuestion', { name, email: person.email })
        }
        description={
          person.status === 'pending'
            ? t('admin.people.refuseExplain')
            : t('admin.people.deleteExplain', { count: person.spots })
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={busy}
            onClick={() =>
              void run(
                () => deletePerson(person.id),
                person.status === 'pending' ? t('admin.people.refused', { name }) : t('admin.people.deleted', { name }),
                t('admin.people.actionFailed'),
              ).then((done) => done && setDeleting(false))
            }
          >
            {person.status === 'pending' ? t('admin.people.refuse') : t('admin.people.deleteConfirm')}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

function Badge({ children, tone = 'plain' }: { children: string; tone?: 'plain' | 'warn' }) {
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-xs font-medium ${tone === 'warn' ? 'bg-amber-100 text-amber-900' : 'bg-stone-100 text-stone-800'}`}
    >
      {children}
    </span>
  );
}
