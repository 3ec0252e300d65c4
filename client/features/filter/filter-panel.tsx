// The filter's fields, in a dialog: applied to the map and the list together, and kept in the page address.
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { SpotFilter } from '../../../common/spot-filter.ts';
import { isCalendarDate, tidyDateInput } from '../../lib/date-input.ts';
import { FILTER_CHANGED, FILTER_KEYS } from '../../domain/spots/spot-filter-url.ts';
import type { Circle } from '../../../common/schemas/circles.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';

/**
 * `sharing` is one list for who sees the spots (ADR 0053): an audience, "shared with me" (others' spots shared
 * with my circles), one of my circles, or — kept from older addresses — every spot not public.
 */
type Draft = Record<'q' | 'type' | 'from' | 'to' | 'owner' | 'sharing' | 'photo' | 'visited' | 'due', string>;

const SHARED_WITH_ME = 'shared-with-me';
const CIRCLE = 'circle:';
const NOT_PUBLIC = 'visibility:private';

/** The sharing list's value for a filter's audience, circle and visibility. */
function sharingChoice(filter: SpotFilter): string {
  if (filter.circle_id) return `${CIRCLE}${filter.circle_id}`;
  if (filter.audience === 'circles' && filter.owner === 'others') return SHARED_WITH_ME;
  if (filter.audience) return filter.audience;
  // visibility=public is what everyone sees: the same spots as audience=public.
  if (filter.visibility === 'public') return 'public';
  return filter.visibility === 'private' ? NOT_PUBLIC : '';
}

/** The filter's fields for the sharing list's value; "shared with me" sets whose spots too. */
function sharingFilter(choice: string): Pick<SpotFilter, 'audience' | 'circle_id' | 'visibility' | 'owner'> {
  if (choice.startsWith(CIRCLE)) return { circle_id: choice.slice(CIRCLE.length) };
  if (choice === SHARED_WITH_ME) return { owner: 'others', audience: 'circles' };
  if (choice === NOT_PUBLIC) return { visibility: 'private' };
  return choice === 'private' || choice === 'circles' || choice === 'public' ? { audience: choice } : {};
}

/** Replaces the filter in the address bar (no new history entry per change) and tells the map and the list. */
function setSpotFilter(filter: SpotFilter) {
  const url = new URL(window.location.href);
  for (const key of FILTER_KEYS) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(filter)) if (value) url.searchParams.set(key, value as string);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  window.dispatchEvent(new Event(FILTER_CHANGED));
}

/** `circles`: the forager's circles (client/domain/sharing/circles.ts), one choice each; undefined until they load. */
export default function FilterPanel({
  filter,
  circles,
  onClose,
}: {
  filter: SpotFilter;
  circles: Circle[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => ({
    q: filter.q ?? '',
    type: filter.type ?? '',
    from: filter.from ?? '',
    to: filter.to ?? '',
    // "Shared with me" stands for both whose spots and who sees them.
    owner: sharingChoice(filter) === SHARED_WITH_ME ? '' : (filter.owner ?? ''),
    sharing: sharingChoice(filter),
    photo: filter.photo ?? '',
    visited: filter.visited ?? '',
    due: filter.due ?? '',
  }));
  // My circles, and one from the address that the list does not hold (not loaded yet, no signal), by its id.
  const sharingCircles = [
    ...(circles ?? []),
    ...(filter.circle_id && !circles?.some((circle) => circle.id === filter.circle_id)
      ? [{ id: filter.circle_id, name: t('sharing.circleCount', { count: 1 }) }]
      : []),
  ];
  const [dateError, setDateError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const set = (field: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (field === 'from' || field === 'to') setDateError(null);
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const { sharing, ...fields } = draft;
    const chosen = {
      ...(Object.fromEntries(
        Object.entries(fields)
          .map(([key, value]) => [key, value.trim()])
          .filter(([, value]) => value),
      ) as SpotFilter),
      ...sharingFilter(sharing),
    };
    for (const field of ['from', 'to'] as const) {
      const value = chosen[field];
      if (value && !isCalendarDate(value)) return setDateError({ field, message: t('form.dateFormatHint') });
    }
    // A range typed backwards is still clear in what it means.
    if (chosen.from && chosen.to && chosen.from > chosen.to) [chosen.from, chosen.to] = [chosen.to, chosen.from];
    setSpotFilter(chosen);
    onClose();
  }

  const select = (field: keyof Draft, options: Array<[string, string]>) => (id: string, describedBy?: string) => (
    <Select
      id={id}
      value={draft[field]}
      onChange={(event) => set(field)(event.target.value)}
      aria-describedby={describedBy}
    >
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
            {(id) => (
              <Select id={id} value={draft.sharing} onChange={(event) => set('sharing')(event.target.value)}>
                <option value="">{t('filter.any')}</option>
                <option value="private">{t('sharing.private')}</option>
                <option value="circles">{t('sharing.circles')}</option>
                <option value="public">{t('sharing.public')}</option>
                <option value={SHARED_WITH_ME}>{t('sharing.filter.sharedWithMe')}</option>
                {/* Only from an older address: offered while it is the filter, so Show keeps it. */}
                {draft.sharing === NOT_PUBLIC && <option value={NOT_PUBLIC}>{t('sharing.filter.notPublic')}</option>}
                {sharingCircles.length > 0 && (
                  <optgroup label={t('sharing.filter.withCircle')}>
                    {sharingCircles.map((circle) => (
                      <option key={circle.id} value={`${CIRCLE}${circle.id}`}>
                        {circle.name}
                      </option>
                    ))}
                  </optgroup>
                )}
              </Select>
            )}
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
          {/* The Locations tab's "Due now" list, as a filter of the map and the list (ADR 0061). */}
          <Field label={t('filter.due')} hint={t('filter.dueHint')}>
            {select('due', [
              ['', t('filter.any')],
              ['now', t('filter.dueNow')],
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
