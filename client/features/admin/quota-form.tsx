// A person's photo quota, set by an administrator (ADR 0081, ADR 0082).
import { useState, type FormEvent } from 'react';
import type { AdminUser } from '../../../common/schemas/admin-users.ts';
import { PHOTO_QUOTA_MB_MAX } from '../../../common/schemas/admin-users.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { changePerson } from './admin-api.ts';
import { useAdminAction } from './people-actions.ts';

export function QuotaForm({ person, name, onDone }: { person: AdminUser; name: string; onDone: () => void }) {
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
