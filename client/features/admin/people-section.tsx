// The people on the server (ADR 0082): who they are, when they joined and were last active, how many spots and photo
// bytes they have — counts, never content — and what an administrator may do to an account: approve or refuse a
// sign-up, disable and enable, name or remove an administrator, set a photo quota, reset two-step sign-in, send the
// confirmation again, delete (after a question that names the person). Errors are toasts with the server's words.
import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountStatus, AdminUser } from '../../../common/schemas/admin-users.ts';
import { PHOTO_QUOTA_MB_MAX } from '../../../common/schemas/admin-users.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { shownName } from '../../app/display-name.ts';
import { useMe } from '../../app/session.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import {
  ADMIN_KEY,
  changePerson,
  createPerson,
  deletePerson,
  listPeople,
  peopleKey,
  resendConfirmation,
  resetTwoStep,
} from './admin-api.ts';

type T = ReturnType<typeof useTranslation>['t'];

/** The server's words for a refusal, or ours where its code means something else here. */
function adminError(error: unknown, t: T): string {
  if (error instanceof ApiError && error.code === 'NOT_FOUND') return t('admin.people.gone');
  return errorMessage(error, t('common.somethingWentWrong'));
}

/** Runs an action, tells how it went, and reads the people and the audit log again. */
function useAdminAction() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, done: string, failed: string): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      toast({ title: done });
      return true;
    } catch (error) {
      toast({ variant: 'destructive', title: failed, description: adminError(error, t) });
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    }
  }
  return { busy, run };
}

export function formatMegabytes(bytes: number, language: string | undefined): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: bytes < 10 * 1024 * 1024 ? 1 : 0 }).format(
    bytes / (1024 * 1024),
  );
}

export default function PeopleSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<AccountStatus | ''>('');
  const people = useInfiniteQuery({
    queryKey: peopleKey(q, status),
    queryFn: ({ pageParam, signal }) => listPeople(q, status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
  const pending = useQuery({
    queryKey: peopleKey('', 'pending'),
    queryFn: ({ signal }) => listPeople('', 'pending', null, signal),
  });
  const pendingCount = pending.data?.items.length ?? 0;
  const items = people.data?.pages.flatMap((page) => page.items) ?? [];

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-base font-semibold">
        {t('admin.people.title')}
      </h2>

      {pendingCount > 0 && status !== 'pending' && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2">
          <p className="flex-1 text-sm">{t('admin.people.pendingWaiting', { count: pendingCount })}</p>
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => setStatus('pending')}>
            {t('admin.people.showPending')}
          </Button>
        </div>
      )}

      <form role="search" onSubmit={handleSearch} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field label={t('admin.people.search')}>
            {(id) => <Input id={id} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />}
          </Field>
        </div>
        <Field label={t('admin.people.statusFilter')}>
          {(id) => (
            <Select id={id} value={status} onChange={(event) => setStatus(event.target.value as AccountStatus | '')}>
              <option value="">{t('admin.people.statusAll')}</option>
              <option value="active">{t('admin.people.status.active')}</option>
              <option value="pending">{t('admin.people.status.pending')}</option>
              <option value="disabled">{t('admin.people.status.disabled')}</option>
            </Select>
          )}
        </Field>
        <Button type="submit" variant="secondary">
          {t('admin.people.searchButton')}
        </Button>
      </form>

      <AddPerson />

      {people.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : people.isError ? (
        <div className="space-y-2">
          <p className="text-sm text-red-800">{adminError(people.error, t)}</p>
          <Button variant="secondary" onClick={() => void people.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-stone-700">{t('admin.people.none')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-md border border-stone-200" aria-labelledby={headingId}>
          {items.map((person) => (
            <PersonRow key={person.id} person={person} />
          ))}
        </ul>
      )}
      {people.hasNextPage && (
        <Button variant="secondary" disabled={people.isFetchingNextPage} onClick={() => void people.fetchNextPage()}>
          {t('admin.more')}
        </Button>
      )}
    </section>
  );
}

/** An account made by an administrator (the `closed` policy's way in): the person is mailed a link to set a password. */
function AddPerson() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const { busy, run } = useAdminAction();

  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('admin.people.add')}
      </Button>
    );
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const made = await run(
      () => createPerson({ email: email.trim(), name: name.trim() }),
      t('admin.people.added', { email: email.trim() }),
      t('admin.people.addFailed'),
    );
    if (made) {
      setEmail('');
      setName('');
      setOpen(false);
    }
  };
  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-3 rounded-md border border-stone-200 p-3"
      aria-label={t('admin.people.add')}
    >
      <p className="text-sm text-stone-700">{t('admin.people.addExplain')}</p>
      <Field label={t('admin.people.email')}>
        {(id) => (
          <Input
            id={id}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('admin.people.name')}>
        {(id) => (
          <Input id={id} required autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {t('admin.people.addSubmit')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

function PersonRow({ person }: { person: AdminUser }) {
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

function QuotaForm({ person, name, onDone }: { person: AdminUser; name: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(person.photo_quota_mb));
  const { busy, run } = useAdminAction();
  const save = async (quota: number | null) => {
    const done = await run(
      () => changePerson(person.id, { photo_quota_mb: quota }),
      t('admin.people.quotaSaved', { name }),
      t('admin.people.actionFailed'),
    );
    if (done) onDone();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(Number(value));
  };
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="sm:w-48">
        <Field label={t('admin.people.quotaLabel', { name })} hint={t('admin.people.quotaHint')}>
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              type="number"
              inputMode="numeric"
              min={0}
              max={PHOTO_QUOTA_MB_MAX}
              step={1}
              required
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </Field>
      </div>
      <Button type="submit" disabled={busy}>
        {t('admin.people.quotaSave')}
      </Button>
      {!person.photo_quota_is_default && (
        <Button variant="secondary" disabled={busy} onClick={() => void save(null)}>
          {t('admin.people.quotaDefault')}
        </Button>
      )}
    </form>
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
