import type { InputHTMLAttributes } from 'react';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';

/** A labelled input for the auth forms. */
export function AuthField({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return <Field label={label}>{(id) => <Input id={id} required className="shadow-sm" {...input} />}</Field>;
}
