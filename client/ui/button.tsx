import type { ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  primary: 'bg-green-800 text-white hover:bg-green-900 disabled:bg-green-800/70',
  secondary: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/70',
  ghost: 'text-stone-800 hover:bg-stone-200/70',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

/** Class names for anything that should look like a button (buttons, labels of file inputs, links). */
export function buttonClass(variant: ButtonVariant = 'primary', extra = '') {
  return `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
