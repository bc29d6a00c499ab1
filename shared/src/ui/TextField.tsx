import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './Field';
import { Input } from './Input';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The input itself, e.g. react-hook-form's `register(name).ref`, so a form can focus its first invalid field. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input. `aria-describedby` / `aria-invalid` given by the caller (a form whose message is shown
 * once, above its button) are kept beside the field's own hint and error.
 */
export function TextField({ label, hint, error, id, className, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <Input
          {...inputProps}
          {...control}
          aria-invalid={control['aria-invalid'] ?? (invalid || undefined)}
          aria-describedby={[control['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
        />
      )}
    </Field>
  );
}
