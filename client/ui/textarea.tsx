import type { ComponentProps } from 'react';
import { CONTROL_CLASS } from './input.tsx';

/** A multi-line text box; `className` adds to the look. */
export function Textarea({ className = '', ...props }: ComponentProps<'textarea'>) {
  return <textarea className={className ? `${CONTROL_CLASS} ${className}` : CONTROL_CLASS} {...props} />;
}
