// Choosing who sees a spot and how exactly (issue #20, ADR 0053): the circles checklist the share dialog and the
// forms share, and the forms' compact choice. Loaded with the forms and the dialog, never with the map.
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Audience, Precision } from '../../../common/schemas/spots.ts';
import { Field } from '../../ui/field.tsx';
import { Select } from '../../ui/select.tsx';
import { useMyCircles } from './circles.ts';
import { useOpenCircles } from './circles-opener.ts';
import { circleNames, type Sharing } from './sharing.ts';
import { whoSeesText } from './sharing-choice.ts';

/** What is wrong with a choice before it may be saved: circles with none chosen. */
export function sharingProblem(choice: Sharing): 'sharing.chooseOneCircle' | null {
  return choice.audience === 'circles' && choice.circle_ids.length === 0 ? 'sharing.chooseOneCircle' : null;
}

/** The sentence for a choice, with the chosen circles' names as far as this device knows them. */
export function useWhoSees(choice: Sharing): string {
  const { t, i18n } = useTranslation();
  const circles = useMyCircles();
  return whoSeesText(choice, circleNames(choice.circle_ids, circles.data), t, i18n.resolvedLanguage ?? 'en');
}

/**
 * The forager's circles as checkboxes in a group named "Share with". With none yet, a hint where to make one;
 * while they load or cannot be had (no signal), a line that says so. Circles already chosen stay chosen.
 */
export function CircleChecklist({
  selected,
  onChange,
  error,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const circles = useMyCircles();
  const openCircles = useOpenCircles();
  const errorId = useId();
  const toggle = (id: string, checked: boolean) =>
    onChange(
      checked ? [...selected.filter((chosen) => chosen !== id), id] : selected.filter((chosen) => chosen !== id),
    );

  let body;
  if (circles.isPending) {
    body = (
      <p role="status" className="text-sm text-stone-700">
        {t('sharing.circlesLoading')}
      </p>
    );
  } else if (!circles.data) {
    body = (
      <p role="status" className="text-sm text-stone-700">
        {navigator.onLine ? t('sharing.circlesFailed') : t('sharing.circlesOffline')}
      </p>
    );
  } else if (circles.data.length === 0) {
    body = (
      <div className="space-y-2 rounded-md bg-stone-100 p-2 text-sm text-stone-800">
        <p>{t('sharing.noCircles')}</p>
        {openCircles && (
          <button type="button" onClick={openCircles} className="text-blue-800 underline">
            {t('sharing.openCircles')}
          </button>
        )}
      </div>
    );
  } else {
    body = (
      <ul className="space-y-1">
        {circles.data.map((circle) => (
          <li key={circle.id}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={selected.includes(circle.id)}
                onChange={(event) => toggle(circle.id, event.target.checked)}
                aria-describedby={error ? errorId : undefined}
                className="size-4"
              />
              <span className="break-words">{circle.name}</span>
            </label>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <fieldset className="space-y-1">
      <legend className="mb-1 text-sm font-medium text-stone-800">{t('sharing.chooseCircles')}</legend>
      {body}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The add and edit forms' choice, compact: who sees the spot (a list), the circles when those, how exactly others
 * see it (not for "Only me"), and the sentence that says it. The import dialog and the account's default name the
 * list their own way (`label`) and say what follows in their own words (`summary`, in place of the sentence).
 */
export function SharingFields({
  value,
  onChange,
  error,
  label,
  summary,
}: {
  value: Sharing;
  onChange: (next: Sharing) => void;
  error?: string | null;
  label?: string;
  summary?: ReactNode;
}) {
  const { t } = useTranslation();
  const sentence = useWhoSees(value);
  const sentenceId = useId();
  const set = (change: Partial<Sharing>) => onChange({ ...value, ...change });
  return (
    <div className="space-y-3">
      <Field label={label ?? t('form.sharing')}>
        {(id) => (
          <Select
            id={id}
            value={value.audience}
            onChange={(event) => set({ audience: event.target.value as Audience })}
            aria-describedby={sentenceId}
          >
            <option value="private">{t('sharing.private')}</option>
            <option value="circles">{t('sharing.circles')}</option>
            <option value="public">{t('sharing.public')}</option>
          </Select>
        )}
      </Field>
      {value.audience === 'circles' && (
        <CircleChecklist selected={value.circle_ids} onChange={(circle_ids) => set({ circle_ids })} error={error} />
      )}
      {value.audience !== 'private' && (
        <Field label={t('sharing.precisionLabel')}>
          {(id) => (
            <Select
              id={id}
              value={value.precision}
              onChange={(event) => set({ precision: event.target.value as Precision })}
              aria-describedby={sentenceId}
            >
              <option value="exact">{t('sharing.precision.exact')}</option>
              <option value="1km">{t('sharing.precision.1km')}</option>
              <option value="10km">{t('sharing.precision.10km')}</option>
            </Select>
          )}
        </Field>
      )}
      <div id={sentenceId} className="text-sm text-stone-700">
        {summary ?? <p>{sentence}</p>}
      </div>
    </div>
  );
}
