import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

/**
 * A square button of the header that shows an icon: its label is what screen readers say and what a pointer's hover
 * shows. `children` are the icon's shapes, drawn in a 24-unit box with the text's colour; `busy` shows a spinner.
 */
export function IconButton({
  label,
  onClick,
  disabled,
  busy = false,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className="inline-flex size-9 items-center justify-center rounded-md border border-stone-300 bg-white text-stone-800 hover:bg-stone-100"
    >
      {busy ? (
        <Spinner />
      ) : (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          {children}
        </svg>
      )}
    </button>
  );
}
