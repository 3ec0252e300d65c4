// "Take photo" and "Choose file": real file inputs, visually hidden, each named by the label that looks like a
// button. The one pair the add form, a spot's photos and a visit's photos all use; the caller lays them out.
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { buttonClass } from './button.tsx';

type PhotoInputsProps = {
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Whether the file chooser takes several photos at once (the camera takes one). */
  multiple?: boolean;
  disabled?: boolean;
};

export function PhotoInputs({ onChange, multiple = false, disabled }: PhotoInputsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <input
        id={`${id}-camera`}
        type="file"
        accept="image/*"
        capture="environment"
        onChange={onChange}
        disabled={disabled}
        className="peer/camera sr-only"
      />
      <label
        htmlFor={`${id}-camera`}
        className={buttonClass(
          'secondary',
          'peer-focus-visible/camera:outline-3 peer-focus-visible/camera:outline-blue-700',
        )}
      >
        {t('form.takePhoto')}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/*"
        multiple={multiple}
        onChange={onChange}
        disabled={disabled}
        className="peer/file sr-only"
      />
      <label
        htmlFor={`${id}-file`}
        className={buttonClass(
          'secondary',
          'peer-focus-visible/file:outline-3 peer-focus-visible/file:outline-blue-700',
        )}
      >
        {t('form.uploadPhoto')}
      </label>
    </>
  );
}
