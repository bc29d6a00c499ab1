import type { FieldError } from 'react-hook-form';
import { TextField, type TextFieldProps } from '@loyalty/shared';

/**
 * A whole number typed in the Premi screen's forms (months, days, a birthday gift, a cost, a stock): the phone's
 * number pad and the field's own error under it, asked the same way by the program form and the reward dialog.
 */
export function CountField({ error, ...props }: Omit<TextFieldProps, 'inputMode' | 'error'> & { error?: FieldError }) {
  return <TextField inputMode="numeric" error={error?.message} {...props} />;
}
