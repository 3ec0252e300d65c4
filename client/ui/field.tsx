import { useId, type ReactNode } from 'react';

type FieldProps = {
  label: string;
  /** A line under the label (e.g. the format to type), read with the control. */
  hint?: string;
  /** What is wrong with the value; shown under the control, read with it, and marks it invalid. */
  error?: string | null;
  children: (id: string, describedBy: string | undefined) => ReactNode;
};

/** A label above its control, tied to it by id so screen readers name the control. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-stone-700">
          {hint}
        </p>
      )}
      {children(id, describedBy)}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
