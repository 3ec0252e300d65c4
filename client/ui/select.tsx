import type { ComponentProps } from 'react';
import { CONTROL_CLASS } from './input.tsx';

/** A native list to choose from (keyboard and screen readers as the platform gives them); `className` adds to the look. */
export function Select({ className = '', ...props }: ComponentProps<'select'>) {
  return <select className={className ? `${CONTROL_CLASS} ${className}` : CONTROL_CLASS} {...props} />;
}
