import type { InputHTMLAttributes } from 'react';
import { Field } from '../../ui/field.tsx';

/** A labelled input for the auth forms. */
export function AuthField({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          required
          className="block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base shadow-sm"
          {...input}
        />
      )}
    </Field>
  );
}
