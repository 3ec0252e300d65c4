// A date typed as YYYY-MM-DD (ADR 0015), as the add form, the edit dialog and the visit form ask for it: the
// number pad's digits get their dashes as they are typed, and the check before saving says which dates the
// server takes, so nothing is "saved" on the device only to be refused later, out of sight.
import type { Ref } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { EARLIEST_DATE_FOUND, isAcceptableDateFound, latestDateFound, tidyDateInput } from '../lib/date-input.ts';
import { formatDate } from '../lib/format.ts';
import { Field } from './field.tsx';

const FIELD_CLASS = 'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base';

type DateFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
};

export function DateField({ label, value, onChange, error, inputRef }: DateFieldProps) {
  const { t } = useTranslation();
  return (
    <Field label={label} hint={t('form.dateFormatHint')} error={error}>
      {(id, describedBy) => (
        <input
          ref={inputRef}
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={10}
          placeholder={t('form.datePlaceholder')}
          value={value}
          onChange={(event) => onChange(tidyDateInput(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={FIELD_CLASS}
        />
      )}
    </Field>
  );
}

/** What is wrong with a typed date the server would refuse, in the page's language; null when it is fine. */
export function useDateFoundCheck(): (value: string) => string | null {
  const outOfRange = useDateOutOfRangeMessage();
  return (value) => (isAcceptableDateFound(value) ? null : outOfRange());
}

/** The words for a date the server would refuse: which dates it takes, in the page's language. */
export function useDateOutOfRangeMessage(): () => string {
  const { t, i18n } = useTranslation();
  return () => {
    const language = i18n.resolvedLanguage ?? 'en';
    return t('form.dateOutOfRange', {
      earliest: formatDate(EARLIEST_DATE_FOUND, language, 'long'),
      latest: formatDate(latestDateFound(), language, 'long'),
    });
  };
}
