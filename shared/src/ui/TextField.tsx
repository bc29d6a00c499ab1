import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './Field';
import { Input } from './Input';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function TextField({ label, hint, error, id, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <Input {...inputProps} {...control} />}
    </Field>
  );
}
