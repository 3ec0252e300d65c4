import { useId, type ReactNode } from 'react';

/** A label above its control, tied to it by id so screen readers name the control. */
export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
