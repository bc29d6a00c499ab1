import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import styled from 'styled-components';

const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  cursor: pointer;

  input {
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }

  &:has(input:disabled) {
    cursor: not-allowed;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  /** The checkbox itself, e.g. react-hook-form's `register(name).ref`. */
  ref?: Ref<HTMLInputElement>;
}

/** Native checkbox wrapped in its label, so the whole text is clickable and names the control. */
export function Checkbox({ label, className, ...inputProps }: CheckboxProps) {
  return (
    <CheckboxLabel className={className}>
      <input type="checkbox" {...inputProps} />
      <span>{label}</span>
    </CheckboxLabel>
  );
}
