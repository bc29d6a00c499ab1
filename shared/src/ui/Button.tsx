import { useCallback, useLayoutEffect, useRef, type ButtonHTMLAttributes, type MouseEvent, type Ref } from 'react';
import styled, { css } from 'styled-components';
import { SpinnerGlyph } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variantStyles = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primaryHover}; }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.borderStrong};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onPrimary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.dangerHover}; }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  `,
};

/** The look of a button, also for a link that reads as one (ButtonLink). */
export const buttonStyles = css<{ $variant: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 2.5rem;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;
  cursor: pointer;
  ${({ $variant }) => variantStyles[$variant]}
`;

const StyledButton = styled.button<{ $variant: ButtonVariant; $fullWidth: boolean }>`
  ${buttonStyles}
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  /* Busy but enabled: an opener waiting for its dialog's code (useDialogCode) keeps the focus. */
  &[aria-busy='true']:not(:disabled) { cursor: progress; }
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /**
   * Shows a spinner, marks the button busy and disables it so a form cannot be sent twice. A button pressed with
   * the focus on it gets the focus back when it is done: a browser moves the focus of a button that becomes
   * disabled to the page (HTML's focus fixup), which left the keyboard and the screen reader at the top of the page
   * after every save.
   */
  loading?: boolean;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  loading = false,
  fullWidth = false,
  disabled,
  type = 'button',
  children,
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  const own = useRef<HTMLButtonElement | null>(null);
  // Pressed while it had the focus (a click focuses a button; a key press needs it): where the focus goes back,
  // scrolled into view if an answer above it (a form's alert) pushed it down.
  const pressedFocused = useRef(false);
  useLayoutEffect(() => {
    if (loading) return;
    const active = document.activeElement;
    if (pressedFocused.current && own.current && (active === null || active === document.body)) own.current.focus();
    pressedFocused.current = false;
  }, [loading]);
  const setRef = useCallback(
    (node: HTMLButtonElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    pressedFocused.current = document.activeElement === event.currentTarget;
    onClick?.(event);
  };
  return (
    <StyledButton
      ref={setRef}
      type={type}
      $variant={variant}
      $fullWidth={fullWidth}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      onClick={press}
      {...rest}
    >
      {loading && <SpinnerGlyph $size="1em" />}
      {children}
    </StyledButton>
  );
}
