import styled, { keyframes } from 'styled-components';
import { MESSAGES } from '../messages';
import { VisuallyHidden } from './VisuallyHidden';
import { StalledRequestsNotice } from './ServerNotices';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/** The spinning circle alone, hidden from assistive technology (the owner announces the state). */
export const SpinnerGlyph = styled.span.attrs({ 'aria-hidden': true })<{ $size?: string }>`
  display: inline-block;
  flex: none;
  width: ${({ $size = '1.25rem' }) => $size};
  height: ${({ $size = '1.25rem' }) => $size};
  border: 0.15em solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.75s linear infinite;
`;

const SpinnerRoot = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.colors.primary};
`;

const SPINNER_SIZES = { small: '1rem', medium: '1.5rem', large: '2.5rem' } as const;

export interface SpinnerProps {
  /** Announced text; defaults to 'Caricamento…'. */
  label?: string;
  size?: keyof typeof SPINNER_SIZES;
  className?: string;
}

/**
 * A screen's loading state. While it shows, a request to the API that has had no answer for 8 s adds «Il server
 * non risponde. Riprova tra poco.» and «Riprova» under it (ServerNotices): every screen that waits says so.
 */
export function Spinner({ label = MESSAGES.loading, size = 'medium', className }: SpinnerProps) {
  return (
    <>
      <SpinnerRoot role="status" className={className}>
        <SpinnerGlyph $size={SPINNER_SIZES[size]} />
        <VisuallyHidden>{label}</VisuallyHidden>
      </SpinnerRoot>
      <StalledRequestsNotice />
    </>
  );
}
