// The people on the server (ADR 0082): who they are, when they joined and were last active, how many spots and photo
// bytes they have — counts, never content — and what an administrator may do to an account: approve or refuse a
// sign-up, disable and enable, name or remove an administrator, set a photo quota, reset two-step sign-in, send the
// confirmation again, delete (after a question that names the person). Errors are toasts with the server's words.
import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AccountStatus } from '../../../common/schemas/admin-users.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { createPerson, listPeople, peopleKey } from './admin-api.ts';
import { adminError, useAdminAction } from './people-actions.ts';
import { PersonRow } from './person-row.tsx';

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
