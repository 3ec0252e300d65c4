// The filter's fields, in a dialog: applied to the map and the list together, and kept in the page address.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotFilter } from '../../../common/spot-filter.ts';
import { isCalendarDate, tidyDateInput } from '../../lib/date-input.ts';
import { FILTER_CHANGED, FILTER_KEYS } from '../../app/spot-filter-url.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';

type Draft = Record<'q' | 'type' | 'from' | 'to' | 'owner' | 'visibility' | 'photo' | 'visited', string>;

/** Replaces the filter in the address bar (no new history entry per change) and tells the map and the list. */
function setSpotFilter(filter: SpotFilter) {
  const url = new URL(window.location.href);
  for (const key of FILTER_KEYS) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(filter)) if (value) url.searchParams.set(key, value as string);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  window.dispatchEvent(new Event(FILTER_CHANGED));
}

export default function FilterPanel({ filter, onClose }: { filter: SpotFilter; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => ({
    q: filter.q ?? '',
    type: filter.type ?? '',
    from: filter.from ?? '',
    to: filter.to ?? '',
    owner: filter.owner ?? '',
    visibility: filter.visibility ?? '',
    photo: filter.photo ?? '',
    visited: filter.visited ?? '',
  }));
  const [dateError, setDateError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const set = (field: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (field === 'from' || field === 'to') setDateError(null);
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const chosen = Object.fromEntries(
      Object.entries(draft)
        .map(([key, value]) => [key, value.trim()])
        .filter(([, value]) => value),
    ) as SpotFilter;
    for (const field of ['from', 'to'] as const) {
      const value = chosen[field];
      if (value && !isCalendarDate(value)) return setDateError({ field, message: t('form.dateFormatHint') });
    }
    // A range typed backwards is still clear in what it means.
    if (chosen.from && chosen.to && chosen.from > chosen.to) [chosen.from, chosen.to] = [chosen.to, chosen.from];
    setSpotFilter(chosen);
    onClose();
  }

  const select = (field: keyof Draft, options: Array<[string, string]>) => (id: string) => (
    <Select id={id} value={draft[field]} onChange={(event) => set(field)(event.target.value)}>
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </Select>
  );
  const dateInput = (field: 'from' | 'to') => (id: string, describedBy: string | undefined) => (
    <Input
      id={id}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={10}
      placeholder={t('form.datePlaceholder')}
      value={draft[field]}
      onChange={(event) => set(field)(tidyDateInput(event.target.value))}
      aria-invalid={dateError?.field === field ? true : undefined}
      aria-describedby={describedBy}
    />
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('filter.open')}
      description={t('filter.description')}
    >
      <form onSubmit={handleSubmit} noValidate>
        {/* A phone's screen is short: the fields scroll, the buttons stay in sight. */}
        <div className="-mx-1 max-h-[55dvh] space-y-3 overflow-y-auto px-1 pb-1">
          <Field label={t('filter.species')} hint={t('filter.speciesHint')}>
            {(id, describedBy) => (
              <Input
                id={id}
                type="search"
                value={draft.q}
                onChange={(event) => set('q')(event.target.value)}
                maxLength={100}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          <Field label={t('form.type')}>
            {select('type', [
              ['', t('filter.any')],
              ['mushroom_spot', t('locationTypes.mushroom_spot')],
              ['car_park', t('locationTypes.car_park')],
            ])}
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label={t('filter.foundFrom')} error={dateError?.field === 'from' ? dateError.message : null}>
              {dateInput('from')}
            </Field>
            <Field label={t('filter.foundTo')} error={dateError?.field === 'to' ? dateError.message : null}>
              {dateInput('to')}
            </Field>
          </div>
          <Field label={t('filter.owner')}>
            {select('owner', [
              ['', t('filter.any')],
              ['mine', t('filter.ownerMine')],
              ['others', t('filter.ownerOthers')],
            ])}
          </Field>
          <Field label={t('form.sharing')}>
            {select('visibility', [
              ['', t('filter.any')],
              ['private', t('sharing.private')],
              ['public', t('sharing.public')],
            ])}
          </Field>
          <Field label={t('form.photo')}>
            {select('photo', [
              ['', t('filter.any')],
              ['with', t('filter.photoWith')],
              ['without', t('filter.photoWithout')],
            ])}
          </Field>
          <Field label={t('filter.visited')}>
            {select('visited', [
              ['', t('filter.any')],
              ['this_year', t('filter.visitedThisYear')],
            ])}
          </Field>
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button
            variant="ghost"
            onClick={() => {
              setSpotFilter({});
              onClose();
            }}
          >
            {t('filter.clear')}
          </Button>
          <Button type="submit">{t('filter.apply')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
