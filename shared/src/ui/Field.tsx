import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Label = styled.label`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled(Hint)`
  color: ${({ theme }) => theme.colors.danger};
`;

/** Props a labelled control needs so the label, hint and error reach assistive technology. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Defaults to a generated id. */
  id?: string;
  hint?: ReactNode;
  /** When set, shown under the control and the control is marked invalid. */
  error?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label + control + hint/error, with the ids wired; used by TextField and for selects/textareas. */
export function Field({ label, id, hint, error, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <FieldRoot className={className}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </FieldRoot>
  );
}
