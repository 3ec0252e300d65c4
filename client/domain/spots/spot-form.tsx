// The body of the spot form, the same when adding a spot (features/map) and editing one (features/spots): its
// values, the check before saving and the fields. The check is the contract's own (SpotFormSchema, common/): what
// the server would refuse is said here, in the user's language, before anything is saved on the device.
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FINDER_MAX, MUSHROOM_TYPES_MAX, NOTES_MAX } from '../../../common/limits.ts';
import type { SpotType } from '../../../common/schemas/spots.ts';
import type { Sharing } from '../sharing/sharing.ts';
import { spotFormProblem, type SpotFormValues } from './spot-form-check.ts';
import { ROW_FIELDS } from '../../../common/spot-field-list.ts';
import { rowText, type RowTexts } from './spot-text.ts';
import { SharingFields, sharingProblem } from '../sharing/sharing-fields.tsx';
import { DateField, useDateOutOfRangeMessage } from '../../ui/date-field.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useToast } from '../../ui/toast.tsx';

export type { SpotFormValues };

/** The form's values and errors; `check` tells the user what is wrong (a toast, or the field's error) and says whether all is well. */
export function useSpotForm(initial: () => SpotFormValues) {
  const { t } = useTranslation();
  const toast = useToast();
  const dateOutOfRange = useDateOutOfRangeMessage();
  const [values, setValues] = useState<SpotFormValues>(initial);
  const [dateError, setDateError] = useState<string | null>(null);
  const [sharingError, setSharingError] = useState<string | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);

  /** Changes one value; typing a date or choosing who sees the spot clears that field's error. */
  const set = <K extends keyof SpotFormValues>(key: K, value: SpotFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    if (key === 'date_found') setDateError(null);
    if (key === 'sharing') setSharingError(null);
  };

  /** Changes one of the text fields shown after their label (common/spot-field-list.ts). */
  const setRowText = (name: keyof RowTexts, text: string) => setValues((previous) => ({ ...previous, [name]: text }));

  /** `sharing`: the choice as shown (the add form leaves out circles the forager has left). */
  function check(sharing: Sharing = values.sharing): boolean {
    const problem = spotFormProblem(values);
    if (problem === 'missing-information') {
      toast({
        variant: 'destructive',
        title: t('form.missingInfoTitle'),
        description: t('form.missingInfoDescription'),
      });
      return false;
    }
    if (problem === 'date') {
      // The server would refuse it later, out of sight, with the spot already "saved" on the device.
      setDateError(dateOutOfRange());
      dateRef.current?.focus();
      return false;
    }
    setDateError(null);
    const sharingIssue = sharingProblem(sharing);
    if (sharingIssue) {
      setSharingError(t(sharingIssue));
      return false;
    }
    return true;
  }

  return { values, setValues, set, setRowText, check, dateError, sharingError, dateRef };
}

type SpotFieldsProps = {
  form: ReturnType<typeof useSpotForm>;
  /** Who sees the spot as shown; the form's own choice unless given. */
  sharing?: Sharing;
  onTypeChange?: (type: SpotType) => void;
  mushroomTypesPlaceholder?: string;
  finderAutoComplete?: string;
  /** What comes between the date and the notes (the add form's photo). */
  afterDate?: ReactNode;
};

export function SpotFields({
  form,
  sharing,
  onTypeChange,
  mushroomTypesPlaceholder,
  finderAutoComplete,
  afterDate,
}: SpotFieldsProps) {
  const { t } = useTranslation();
  const { values, set, setRowText } = form;
  return (
    <>
      <Field label={t('form.type')}>
        {(id) => (
          <Select
            id={id}
            value={values.type}
            onChange={(event) => (onTypeChange ?? ((type) => set('type', type)))(event.target.value as SpotType)}
          >
            <option value="mushroom_spot">{t('locationTypes.mushroom_spot')}</option>
            <option value="car_park">{t('locationTypes.car_park')}</option>
          </Select>
        )}
      </Field>
      {values.type === 'mushroom_spot' && (
        <>
          <Field label={t('form.mushroomTypes')}>
            {(id) => (
              <Input
                id={id}
                value={values.mushroom_types}
                onChange={(event) => set('mushroom_types', event.target.value)}
                maxLength={MUSHROOM_TYPES_MAX}
                placeholder={mushroomTypesPlaceholder}
                aria-required="true"
              />
            )}
          </Field>
          <Field label={t('form.finder')}>
            {(id) => (
              <Input
                id={id}
                value={values.finder}
                onChange={(event) => set('finder', event.target.value)}
                maxLength={FINDER_MAX}
                autoComplete={finderAutoComplete}
                aria-required="true"
              />
            )}
          </Field>
        </>
      )}
      <DateField
        label={t('form.dateFound')}
        value={values.date_found}
        onChange={(typed) => set('date_found', typed)}
        error={form.dateError}
        inputRef={form.dateRef}
      />
      {afterDate}
      <Field label={t('form.notes')}>
        {(id) => (
          <Textarea
            id={id}
            value={values.notes}
            onChange={(event) => set('notes', event.target.value)}
            maxLength={NOTES_MAX}
            rows={3}
          />
        )}
      </Field>
      {ROW_FIELDS.map((field) => (
        <Field key={field.name} label={t(field.label)}>
          {(id) => (
            <Input
              id={id}
              value={rowText(values, field.name)}
              onChange={(event) => setRowText(field.name, event.target.value)}
              maxLength={field.max}
            />
          )}
        </Field>
      ))}
      <SharingFields
        value={sharing ?? values.sharing}
        onChange={(next) => set('sharing', next)}
        error={form.sharingError}
      />
    </>
  );
}
