import type { ComponentProps } from 'react';

/** How every text box, list and multi-line box of a form looks: one look, written once. */
export const CONTROL_CLASS = 'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base';

/**
 * A text box. Takes every prop of `<input>` (a `ref` too); `className` adds to the look. Give it a label: wrap it
 * in `Field`, which ties the two by id.
 */
export function Input({ className = '', ...props }: ComponentProps<'input'>) {
  return <input className={className ? `${CONTROL_CLASS} ${className}` : CONTROL_CLASS} {...props} />;
}
