import { useId, type InputHTMLAttributes } from 'react';

/** A labelled input for the auth forms. */
export function AuthField({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        required
        className="block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base shadow-sm"
        {...input}
      />
    </div>
  );
}
